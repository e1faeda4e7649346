"""The similarity check on the classes of rewrite and of course code its first measurement missed: a `while True`
loop with its exit test, if/else turned around on the opposite comparison, a helper inlined by hand, a published
solution given as the template, and a file wholly inside a copy's source."""

from __future__ import annotations

from pathlib import Path

import pytest

from grader import similarity

STEP = '''
def step(x, label, theta, theta_0):
    if label * (x @ theta + theta_0) <= 0:
        theta = theta + label * x
        theta_0 = theta_0 + label
    return theta, theta_0
'''

TRAIN = '''
def train(X, y, T):
    theta = np.zeros(X.shape[1])
    theta_0 = 0.0
    for t in range(T):
        for i in range(X.shape[0]):
            theta, theta_0 = step(X[i], y[i], theta, theta_0)
    return theta, theta_0
'''

PREDICT = '''
def predict(X, theta, theta_0):
    out = np.zeros(X.shape[0])
    for i in range(X.shape[0]):
        if X[i] @ theta + theta_0 <= 0:
            out[i] = -1
        else:
            out[i] = 1
    return out
'''

BASE = "import numpy as np\n" + STEP + TRAIN + PREDICT


def _score(tmp_path: Path, a: str, b: str, **options) -> float:
    (tmp_path / "a.py").write_text(a)
    (tmp_path / "b.py").write_text(b)
    result = similarity.compare([("a", tmp_path / "a.py"), ("b", tmp_path / "b.py")], similarity.Options(**options))
    return max((p.score for p in result.pairs), default=0.0)


def test_a_while_true_loop_with_its_exit_test_reads_as_the_for_loop(tmp_path):
    loop = TRAIN.replace("    for t in range(T):\n",
                         "    t = 0\n    while True:\n        if t >= T:\n            break\n")
    loop = loop.replace("    return theta, theta_0", "        t += 1\n    return theta, theta_0")
    assert "while True" in loop and "for t" not in loop
    assert _score(tmp_path, BASE, BASE.replace(TRAIN, loop)) == 1.0


def test_if_else_turned_around_on_the_opposite_comparison_is_the_same_code(tmp_path):
    turned = PREDICT.replace("if X[i] @ theta + theta_0 <= 0:\n            out[i] = -1\n        else:\n"
                             "            out[i] = 1",
                             "if 0 < X[i] @ theta + theta_0:\n            out[i] = 1\n        else:\n"
                             "            out[i] = -1")
    assert turned != PREDICT
    assert _score(tmp_path, BASE, BASE.replace(PREDICT, turned)) == 1.0


def test_a_helper_inlined_by_hand_is_the_helper_called(tmp_path):
    inlined = TRAIN.replace(
        "            theta, theta_0 = step(X[i], y[i], theta, theta_0)\n",
        "            if y[i] * (X[i] @ theta + theta_0) <= 0:\n                theta = theta + y[i] * X[i]\n"
        "                theta_0 = theta_0 + y[i]\n")
    copy = "import numpy as np\n" + inlined + PREDICT
    assert _score(tmp_path, BASE, copy) == 1.0


def test_a_swap_is_code_not_a_copy(tmp_path):
    swapping = TRAIN.replace("            theta, theta_0 = step(", "            theta, theta_0 = theta_0, theta\n"
                                                                  "            theta, theta_0 = step(")
    assert _score(tmp_path, BASE, BASE.replace(TRAIN, swapping)) < 1.0


def test_a_published_solution_given_as_template_leaves_its_copies_nothing_and_lists_them(tmp_path):
    solution = tmp_path / "solution.py"
    solution.write_text(BASE)
    # two students who each typed the solution, one putting its functions in another order and reordering them
    subs = tmp_path / "subs"
    subs.mkdir()
    (subs / "s1.py").write_text(BASE.replace("theta_0", "bias"))
    (subs / "s2.py").write_text("import numpy as np\n" + PREDICT + STEP + TRAIN)
    (subs / "s3.py").write_text((Path(__file__).parent / "similarity_cases" / "base.py").read_text())
    result = similarity.compare([(p.stem, p) for p in sorted(subs.glob("*.py"))],
                                similarity.Options(templates=(solution,)))
    assert not any(result.flagged(p) for p in result.pairs)
    doc = similarity.document(result)
    assert [(t["name"], t["share"], t["own"]) for t in doc["template"]] == [("s1", 1.0, 0), ("s2", 1.0, 0)]
    plain = similarity.compare([(p.stem, p) for p in sorted(subs.glob("*.py"))], similarity.Options())
    assert any(plain.flagged(p) for p in plain.pairs) and not similarity.document(plain)["template"]


def test_a_file_wholly_inside_a_copys_source_ranks_below_the_source(tmp_path):
    extra = ('''
def margin(X, y, theta, theta_0):
    m = y * (X @ theta + theta_0)
    best = m[0]
    for k in range(1, len(m)):
        if m[k] < best:
            best = m[k]
    return best / np.linalg.norm(theta)
''')
    source = BASE + extra
    part = "import numpy as np\n" + STEP + TRAIN  # the same student's earlier, shorter version
    copy = source.replace("theta_0", "b").replace("theta", "w")
    for name, text in (("source", source), ("part", part), ("copy", copy)):
        (tmp_path / f"{name}.py").write_text(text)
    result = similarity.compare([(n, tmp_path / f"{n}.py") for n in ("source", "part", "copy")],
                                similarity.Options())
    names = [s.name for s in result.sources]
    score = {frozenset((names[p.a], names[p.b])): p.score for p in result.pairs}
    assert score[frozenset(("copy", "source"))] == 1.0
    assert 0 < score[frozenset(("copy", "part"))] < 1.0


def test_fingerprinting_spread_elsewhere_gives_the_same_result(tmp_path):
    folder = Path(__file__).parent / "similarity_cases"
    subs = [(p.stem, p) for p in sorted(folder.glob("*.py"))]
    sent = []

    def spread(fn, tasks):  # what a cluster does with the tasks, with their plain data checked on the way
        sent.extend(tasks)
        assert all(isinstance(raw, bytes) for task in tasks for _, raw, *_ in task)
        return [fn(task) for task in tasks]

    here = similarity.document(similarity.compare(subs, similarity.Options()))
    there = similarity.document(similarity.compare(subs, similarity.Options(), spread=spread))
    assert sent and here == there


@pytest.mark.slow
def test_the_command_runs_on_a_local_dask_cluster(tmp_path):
    pytest.importorskip("distributed")
    from exercises.cli.main import main

    folder = Path(__file__).parent / "similarity_cases"
    assert main(["similarity", str(folder), "--out", str(tmp_path / "a"), "--cluster", "local:1"]) == 0
    assert main(["similarity", str(folder), "--out", str(tmp_path / "b"), "--jobs", "1"]) == 0
    assert (tmp_path / "a" / "similarity.json").read_bytes() == (tmp_path / "b" / "similarity.json").read_bytes()


def test_a_guard_and_its_if_else_read_alike_on_a_negative_comparison(tmp_path):
    guard = ("def step(x, label, theta, theta_0):\n    if label * (x @ theta + theta_0) <= 0:\n"
             "        return theta + label * x, theta_0 + label\n    return theta, theta_0\n")
    turned = ("def step(x, label, theta, theta_0):\n    if not label * (x @ theta + theta_0) > 0:\n"
              "        return theta + label * x, theta_0 + label\n    else:\n        return theta, theta_0\n")
    base = "import numpy as np\n" + guard + TRAIN + PREDICT
    assert _score(tmp_path, base, base.replace(guard, turned)) == 1.0

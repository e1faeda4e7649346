"""The similarity check through its face and the command line: disguised copies are flagged with their source
first, independent solutions are not, the template and earlier terms are handled, and the outputs are safe."""

from __future__ import annotations

import itertools
import json
import random
import shutil
from pathlib import Path

import nbformat
import pytest
from hypothesis import HealthCheck, given, settings, strategies as st

from exercises.cli.main import main
from grader import assignments, similarity

CASES = Path(__file__).resolve().parent / "similarity_cases"
COPIES = ("light", "medium", "heavy")
INDEPENDENT = ("independent_a", "independent_b")


def _class(tmp_path: Path, names=COPIES + INDEPENDENT + ("base",)) -> list[tuple[str, Path]]:
    folder = tmp_path / "subs"
    folder.mkdir(exist_ok=True)
    for n in names:
        shutil.copy(CASES / f"{n}.py", folder / f"{n}.py")
    return [(n, folder / f"{n}.py") for n in names]


def _scores(result: similarity.Result) -> dict[frozenset, float]:
    names = [s.name for s in result.sources]
    return {frozenset((names[p.a], names[p.b])): p.score for p in result.pairs}


@pytest.mark.parametrize("graded", [(), ("perceptron",)], ids=["whole-file", "graded-function"])
def test_every_disguised_copy_is_flagged_with_its_source_as_its_top_match(tmp_path, graded):
    result = similarity.compare(_class(tmp_path), similarity.Options(graded=graded))
    scores = _scores(result)
    for copy in COPIES:
        source = scores.get(frozenset((copy, "base")), 0.0)
        assert source >= similarity.THRESHOLD, (copy, source)
        assert all(scores.get(frozenset((copy, other)), 0.0) < source for other in INDEPENDENT), copy


def test_independent_solutions_are_not_flagged(tmp_path):
    result = similarity.compare(_class(tmp_path), similarity.Options(graded=("perceptron",)))
    scores = _scores(result)
    for a in INDEPENDENT:
        for b in INDEPENDENT + ("base",) + COPIES:
            if a != b:
                assert scores.get(frozenset((a, b)), 0.0) < similarity.THRESHOLD, (a, b)


_TAKEN = {"np", "if", "in", "is", "or", "and", "not", "for", "def", "del", "try", "as", "with", "else", "elif",
          "pass", "none", "true", "false", "while", "range", "len", "return", "class", "from", "import", "lambda",
          "global", "yield", "break", "raise", "print", "async", "await", "assert", "finally", "except",
          "continue", "nonlocal", "x", "y", "label", "k", "hits", "mistake", "changed", "predictions", "accuracy",
          "offset", "perceptron", "max_epochs", "numpy", "sign", "zeros", "shape", "dot"}  # keywords, names in base
_NAME = st.from_regex(r"[a-z][a-z0-9_]{0,8}", fullmatch=True).filter(lambda s: s not in _TAKEN)
_RUN = itertools.count()


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(names=st.lists(_NAME, min_size=6, max_size=6, unique=True), literal=st.integers(-9, 99),
       comment=st.text(alphabet="abc xyz#", max_size=20), blank=st.integers(0, 3))
def test_identifiers_literals_comments_and_blank_lines_do_not_count(tmp_path, names, literal, comment, blank):
    theta, theta_0, epoch, i, n, d = names
    source = (CASES / "base.py").read_text()
    for old, new in (("theta_0", theta_0), ("theta", theta), ("epoch", epoch), ("n, d", f"{n}, {d}"),
                     ("range(n)", f"range({n})"), ("zeros(d)", f"zeros({d})"), ("[i]", f"[{i}]"),
                     ("for i in", f"for {i} in"), ("1000", str(literal))):
        source = source.replace(old, new)
    source = source.replace("\n\n", "\n" + "\n" * blank + f"# {comment}\n")
    folder = tmp_path / f"case-{next(_RUN)}"
    folder.mkdir()
    (folder / "copy.py").write_text(source)
    shutil.copy(CASES / "base.py", folder / "base.py")
    result = similarity.compare([("base", folder / "base.py"), ("copy", folder / "copy.py")], similarity.Options())
    assert [round(p.score, 6) for p in result.pairs] == [1.0]


def test_the_order_of_functions_does_not_count(tmp_path):
    text = (CASES / "base.py").read_text()
    head, _, rest = text.partition("def mistake")
    mistake, _, tail = rest.partition("def perceptron")
    (tmp_path / "moved.py").write_text(head + "def perceptron" + tail + "\n\ndef mistake" + mistake)
    result = similarity.compare([("base", CASES / "base.py"), ("moved", tmp_path / "moved.py")], similarity.Options())
    assert [p.score for p in result.pairs] == [1.0]


def test_the_template_is_subtracted(tmp_path):
    starter = tmp_path / "starter.py"
    shutil.copy(CASES / "base.py", starter)
    subs = [("base", CASES / "base.py"), ("light", CASES / "light.py")]
    plain = similarity.compare(subs, similarity.Options())
    assert plain.pairs and plain.pairs[0].score == 1.0
    result = similarity.compare(subs, similarity.Options(templates=(starter,)))
    assert not any(result.flagged(p) for p in result.pairs)
    doc = similarity.document(result)
    assert {s["name"] for s in doc["not_compared"]} == {"base", "light"}
    assert all("template" in s["why"] for s in doc["not_compared"])


def test_the_assignment_handout_is_template_and_names_the_graded_functions(tmp_path):
    a = assignments.load("udacity")
    handout_only = tmp_path / "handout_only.py"
    handout_only.write_text("import numpy as np\n\n" + "\n".join(
        line for line in Path(a.handout).read_text().split("```python")[1].split("```")[0].splitlines()) + "\n")
    copy = tmp_path / "copy.py"
    copy.write_text(handout_only.read_text().replace("t >= 0", "t >= 0.0"))
    result = similarity.compare([("a", handout_only), ("b", copy)],
                                similarity.Options(graded=a.names, handout=a.handout))
    assert not any(result.flagged(p) for p in result.pairs)


def test_earlier_terms_are_compared_with_this_term_only(tmp_path):
    old = tmp_path / "old"
    old.mkdir()
    shutil.copy(CASES / "base.py", old / "x.py")
    shutil.copy(CASES / "base.py", old / "y.py")
    term = [("student", CASES / "medium.py"), ("other", CASES / "independent_a.py")]
    result = similarity.compare(term, similarity.Options(), archive=[("old/x", old / "x.py"), ("old/y", old / "y.py")])
    names = [s.name for s in result.sources]
    pairs = {frozenset((names[p.a], names[p.b])) for p in result.pairs}
    assert frozenset(("old/x", "old/y")) not in pairs
    assert frozenset(("student", "old/x")) in pairs
    doc = similarity.document(result)
    assert doc["submissions"] == ["other", "student"]
    assert all(p["archive"] for p in doc["pairs"] if "old/x" in (p["a"], p["b"]))


def test_notebooks_are_compared_by_their_code_cells(tmp_path):
    nb = nbformat.v4.new_notebook()
    nb.cells = [nbformat.v4.new_markdown_cell("# Homework"),
                nbformat.v4.new_code_cell("%matplotlib inline\nimport numpy as np"),
                nbformat.v4.new_code_cell((CASES / "light.py").read_text()),
                nbformat.v4.new_code_cell("perceptron(X, y)  # a demo cell")]
    (tmp_path / "nb.ipynb").write_text(nbformat.writes(nb))
    result = similarity.compare([("base", CASES / "base.py"), ("nb", tmp_path / "nb.ipynb")], similarity.Options())
    assert result.pairs and result.flagged(result.pairs[0])
    match = similarity.document(result)["pairs"][0]["matches"][0]
    assert match["b_where"].startswith("cell 3")


def test_files_that_cannot_be_compared_say_why_and_cost_only_themselves(tmp_path):
    (tmp_path / "broken.py").write_text("def perceptron(X, y:\n    return\n")
    (tmp_path / "deep.py").write_text("x = " + "(" * 150 + "1" + ")" * 150 + "\n" + "y = " + "-" * 50000 + "1\n")
    (tmp_path / "tiny.py").write_text("x = 1\n")
    (tmp_path / "binary.py").write_bytes(b"\x00\x01\x02")
    subs = [(p.stem, p) for p in sorted(tmp_path.glob("*.py"))] + [("base", CASES / "base.py"),
                                                                  ("light", CASES / "light.py")]
    doc = similarity.document(similarity.compare(subs, similarity.Options()))
    why = {s["name"]: s["why"] for s in doc["not_compared"]}
    assert set(why) == {"broken", "deep", "tiny", "binary"}
    assert "does not parse" in why["broken"] and "little code" in why["tiny"]
    assert [(p["a"], p["b"], p["flagged"]) for p in doc["pairs"]] == [("base", "light", True)]


def test_outputs_escape_student_text_and_are_byte_identical(tmp_path):
    hostile = tmp_path / "subs"
    hostile.mkdir()
    text = (CASES / "base.py").read_text().replace("predictions = ", "note = '</pre><script>alert(1)</script>'\n"
                                                   "    predictions = ")
    (hostile / "evil.py").write_text(text)
    shutil.copy(CASES / "base.py", hostile / "base.py")
    outs = []
    for k in range(2):
        out = tmp_path / f"out{k}"
        assert main(["similarity", str(hostile), "--out", str(out)]) == 0
        outs.append(((out / "similarity.json").read_bytes(), (out / "similarity.html").read_bytes()))
    assert outs[0] == outs[1]
    page = outs[0][1].decode()
    assert "<script>alert" not in page and "&lt;script&gt;alert(1)&lt;/script&gt;" in page
    assert page.count('<mark class="m0">') >= 2  # one matched region, the same colour on both sides


def test_similarity_json_is_sorted_scored_and_names_line_ranges(tmp_path):
    out = tmp_path / "out"
    assert main(["similarity", str(_class(tmp_path)[0][1].parent), "--out", str(out), "--assignment", "default"]) == 0
    doc = json.loads((out / "similarity.json").read_text())
    scores = [p["score"] for p in doc["pairs"]]
    assert scores == sorted(scores, reverse=True) and all(0 <= s <= 1 for s in scores)
    assert all(p["score"] >= doc["threshold"] for p in doc["pairs"] if p["flagged"])
    lines = {n: len((CASES / f"{n}.py").read_text().splitlines()) for n in COPIES + INDEPENDENT + ("base",)}
    for p in doc["pairs"]:
        assert p["matches"]
        for m in p["matches"]:
            assert 1 <= m["a"][0] <= m["a"][1] <= lines[p["a"]] and 1 <= m["b"][0] <= m["b"][1] <= lines[p["b"]]


@pytest.mark.parametrize("args, words", [
    (["--threshold", "0"], "--threshold must be in (0, 1]"),
    (["--common", "1.5"], "--common must be in (0, 1]"),
    (["--jobs", "0"], "--jobs must be between 1 and 64"),
    (["--template", "missing.py"], "--template missing.py"),
])
def test_bad_options_are_one_sentence_and_exit_2(tmp_path, capsys, args, words):
    code = main(["similarity", str(CASES), "--out", str(tmp_path / "out")] + args)
    err = capsys.readouterr().err
    assert code == 2 and words in err and "Traceback" not in err and err.count("\n") == 1
    assert not (tmp_path / "out").exists()


def test_a_missing_folder_is_one_sentence_and_exit_2(tmp_path, capsys):
    assert main(["similarity", str(tmp_path / "nope"), "--out", str(tmp_path / "out")]) == 2
    assert "no such file or folder" in capsys.readouterr().err


def test_jobs_read_in_worker_processes_give_the_same_result(tmp_path):
    folder = tmp_path / "many"
    folder.mkdir()
    for k in range(40):
        shutil.copy(CASES / f"{(COPIES + INDEPENDENT + ('base',))[k % 6]}.py", folder / f"s{k:02d}.py")
    subs = [(p.stem, p) for p in sorted(folder.glob("*.py"))]
    one = similarity.document(similarity.compare(subs, similarity.Options(jobs=1)))
    two = similarity.document(similarity.compare(subs, similarity.Options(jobs=2)))
    assert one == two


def test_grade_with_similarity_adds_a_section_to_the_class_view(tmp_path):
    subs = tmp_path / "subs"
    subs.mkdir()
    for n in ("base", "light", "independent_a"):
        shutil.copy(CASES / f"{n}.py", subs / f"{n}.py")
    out = tmp_path / "grades"
    assert main(["grade", str(subs), "--out", str(out), "--similarity", "--no-progress", "--jobs", "2"]) == 0
    summary = json.loads((out / "summary.json").read_text())
    assert summary["similarity"]["flagged"][0]["a"]["submission"] == "base"
    assert summary["similarity"]["flagged"][0]["b"]["submission"] == "light"
    page = (out / "summary.html").read_text()
    assert "Similar submissions" in page and 'href="similarity.html"' in page
    (out / "similarity.json").write_text(json.dumps({"pairs": [], "submissions": ["someone else"],
                                                     "threshold": 0.5, "compared": 1, "not_compared": []}))
    assert main(["grade", str(subs), "--out", str(out), "--no-progress", "--jobs", "2"]) == 0
    assert "similarity" not in json.loads((out / "summary.json").read_text())  # not this batch's: no section


def _own_function(k: int) -> str:
    """A function only student k wrote: statements of shapes drawn for k (names and numbers would not count)."""
    draw = random.Random(k)
    shapes = ["c = c + a * b", "c = (c - a) % (b + 1)", "if c > b:\n        c = -c", "for _ in range(2):\n        b = b * c",
              "a, b = b, a", "c = max(c, a) - min(b, 3)", "while c > 100:\n        c = c // 2", "c = abs(c) ** 2",
              "b = [c, a][c % 2]", "a = sum([a, b, c]) / 3"]
    body = [draw.choice(shapes) for _ in range(12)]
    return "\n".join([f"def own_{k}(a, b):", "    c = a"] + [f"    {line}" for line in body] + ["    return c, b", ""])


def test_code_most_of_the_class_shares_is_subtracted(tmp_path):
    shared = (CASES / "independent_b.py").read_text()
    subs = []
    for k in range(12):
        path = tmp_path / f"s{k}.py"
        path.write_text(shared + "\n\n" + _own_function(k))
        subs.append((path.stem, path))
    kept = similarity.compare(subs, similarity.Options(common=1.0))  # nothing is common: the shared class counts
    assert all(kept.flagged(p) for p in kept.pairs) and len(kept.pairs) == 66
    result = similarity.compare(subs, similarity.Options(common=0.2))  # 12 > 10 and > 20%: the course's code
    assert not any(result.flagged(p) for p in result.pairs)
    few = similarity.compare(subs[:8], similarity.Options(common=0.2))  # 8 submissions: never more than 10
    assert all(few.flagged(p) for p in few.pairs) and len(few.pairs) == 28

"""The similarity check on the classes of rewrite its second held-out set missed: a condition given a name before
its test, a conditional expression for an if/else, an index loop naming its elements for a for-each loop, and
dead code put between a name and its one use."""

from __future__ import annotations

from pathlib import Path

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
        for x, label in zip(X, y):
            theta, theta_0 = step(x, label, theta, theta_0)
    return theta, theta_0
'''

PREDICT = '''
def predict(x, theta, theta_0):
    score = x @ theta + theta_0
    if score > 0:
        return 1
    else:
        return -1
'''

BASE = "import numpy as np\n" + STEP + TRAIN + PREDICT


def _score(tmp_path: Path, a: str, b: str) -> float:
    (tmp_path / "a.py").write_text(a)
    (tmp_path / "b.py").write_text(b)
    result = similarity.compare([("a", tmp_path / "a.py"), ("b", tmp_path / "b.py")], similarity.Options())
    return max((p.score for p in result.pairs), default=0.0)


def test_a_condition_named_before_its_test_is_the_test(tmp_path):
    named = STEP.replace("    if label * (x @ theta + theta_0) <= 0:\n",
                         "    wrong = label * (x @ theta + theta_0) <= 0\n    if wrong:\n")
    assert _score(tmp_path, BASE, BASE.replace(STEP, named)) == 1.0


def test_a_conditional_expression_is_its_if_else(tmp_path):
    ternary = PREDICT.replace("    if score > 0:\n        return 1\n    else:\n        return -1\n",
                              "    return 1 if score > 0 else -1\n")
    assigned = PREDICT.replace("    if score > 0:\n        return 1\n    else:\n        return -1\n",
                               "    if score > 0:\n        label = 1\n    else:\n        label = -1\n    return label\n")
    assigned_ternary = assigned.replace("    if score > 0:\n        label = 1\n    else:\n        label = -1\n",
                                        "    label = 1 if score > 0 else -1\n")
    assert _score(tmp_path, BASE, BASE.replace(PREDICT, ternary)) == 1.0
    assert _score(tmp_path, BASE.replace(PREDICT, assigned), BASE.replace(PREDICT, assigned_ternary)) == 1.0


def test_an_index_loop_that_names_its_elements_is_the_for_each_loop(tmp_path):
    for header in ("        for i in range(len(X)):\n            x = X[i]\n            label = y[i]\n",
                   "        for i in range(X.shape[0]):\n            x, label = X[i], y[i]\n",
                   "        i = 0\n        while i < len(X):\n            x = X[i]\n            label = y[i]\n"
                   "            i += 1\n"):
        indexed = TRAIN.replace("        for x, label in zip(X, y):\n", header)
        assert _score(tmp_path, BASE, BASE.replace(TRAIN, indexed)) == 1.0, header


def test_a_subscript_read_in_place_is_not_a_named_element(tmp_path):
    """Independent solutions differ by this choice alone, so it is left to count (precision over recall)."""
    in_place = TRAIN.replace("        for x, label in zip(X, y):\n            theta, theta_0 = step(x, label,",
                             "        for i in range(len(X)):\n            theta, theta_0 = step(X[i], y[i],")
    assert in_place != TRAIN
    assert _score(tmp_path, BASE, BASE.replace(TRAIN, in_place)) < 1.0


def test_dead_code_between_a_name_and_its_one_use_does_not_hide_it(tmp_path):
    named = STEP.replace("    if label * (x @ theta + theta_0) <= 0:\n",
                         "    wrong = label * (x @ theta + theta_0) <= 0\n    if 0:\n        raise ValueError\n"
                         "    unused = 0\n    if wrong:\n")
    assert _score(tmp_path, BASE, BASE.replace(STEP, named)) == 1.0


def test_a_start_value_handed_to_a_helper_stays_a_name(tmp_path):
    """`b = 0.0` then `return finish(b, ...)`: the helper updates `b`, so the literal is not put in its place."""
    split = TRAIN.replace("    theta_0 = 0.0\n    for t in range(T):\n",
                          "    theta_0 = 0.0\n    return _loop(X, y, T, theta, theta_0)\n\n\n"
                          "def _loop(X, y, T, theta, theta_0):\n    for t in range(T):\n")
    assert _score(tmp_path, BASE, BASE.replace(TRAIN, split)) == 1.0


def test_a_course_helper_called_but_not_defined_is_the_templates_code(tmp_path):
    """The course's code defines `positive`; students call it without defining it (the course hands it out)."""
    helper = "def positive(x, theta, theta_0):\n    return np.sign(x @ theta + theta_0)\n"
    learner = '''
def learn(X, y, T):
    theta = np.zeros(X.shape[1])
    theta_0 = 0.0
    for t in range(T):
        for i in range(len(X)):
            if y[i] * positive(X[i], theta, theta_0) <= 0:
                theta = theta + y[i] * X[i]
                theta_0 = theta_0 + y[i]
    return theta, theta_0


def score(X, y, theta, theta_0):
    hits = 0
    for i in range(len(X)):
        if positive(X[i], theta, theta_0) == y[i]:
            hits = hits + 1
    return hits / len(X)


def margin(X, y, theta, theta_0):
    return min(y[i] * positive(X[i], theta, theta_0) for i in range(len(X)))
'''
    course = tmp_path / "course.py"
    course.write_text("import numpy as np\n" + helper + learner)
    for k, renamed in enumerate(("theta", "w")):
        (tmp_path / f"s{k}.py").write_text("import numpy as np\n" + learner.replace("theta", renamed))
    subs = [(f"s{k}", tmp_path / f"s{k}.py") for k in range(2)]
    plain = similarity.compare(subs, similarity.Options())
    assert any(plain.flagged(p) for p in plain.pairs)
    result = similarity.compare(subs, similarity.Options(templates=(course,)))
    assert not any(result.flagged(p) for p in result.pairs)
    assert {t["name"] for t in similarity.document(result)["template"]} == {"s0", "s1"}

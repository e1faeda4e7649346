"""The similarity check on the classes of rewrite its fourth held-out set missed: an `assert` a copy adds (also
inside a helper inlined into a loop), `a, b = e1, e2` for two assignments, and `enumerate(X)` with its element
read in place of `X[i]`."""

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
        for i in range(len(X)):
            theta, theta_0 = step(X[i], y[i], theta, theta_0)
    return theta, theta_0
'''

BASE = "import numpy as np\n" + STEP + TRAIN


def _score(tmp_path: Path, a: str, b: str) -> float:
    (tmp_path / "a.py").write_text(a)
    (tmp_path / "b.py").write_text(b)
    result = similarity.compare([("a", tmp_path / "a.py"), ("b", tmp_path / "b.py")], similarity.Options())
    return max((p.score for p in result.pairs), default=0.0)


def test_an_assert_is_input_checking_not_code(tmp_path):
    """At the top of a graded function, and at the top of a helper that is inlined into the loop calling it."""
    checked = BASE.replace("def step(x, label, theta, theta_0):\n",
                           "def step(x, label, theta, theta_0):\n    assert x is not None, 'no point'\n")
    checked = checked.replace("def train(X, y, T):\n", "def train(X, y, T):\n    assert T > 0\n")
    assert _score(tmp_path, BASE, checked) == 1.0


def test_a_tuple_assignment_is_its_assignments(tmp_path):
    paired = STEP.replace("        theta = theta + label * x\n        theta_0 = theta_0 + label\n",
                          "        theta, theta_0 = theta + label * x, theta_0 + label\n")
    assert paired != STEP
    assert _score(tmp_path, BASE, BASE.replace(STEP, paired)) == 1.0


def test_a_swap_stays_one_statement(tmp_path):
    """`a, b = b, a` is not `a = b` then `b = a`: a file that swaps and one that copies are not the same code."""
    swap = TRAIN.replace("    return theta, theta_0\n", "    theta, theta_0 = theta_0, theta\n    return theta\n")
    copy = TRAIN.replace("    return theta, theta_0\n", "    theta = theta_0\n    theta_0 = theta\n    return theta\n")
    assert _score(tmp_path, BASE.replace(TRAIN, swap), BASE.replace(TRAIN, copy)) < 1.0


def test_enumerates_element_is_the_indexed_element(tmp_path):
    enumerated = TRAIN.replace("        for i in range(len(X)):\n            theta, theta_0 = step(X[i], y[i],",
                               "        for i, x in enumerate(X):\n            theta, theta_0 = step(x, y[i],")
    assert enumerated != TRAIN
    assert _score(tmp_path, BASE, BASE.replace(TRAIN, enumerated)) == 1.0


def test_an_element_the_loop_reassigns_is_not_read_as_the_indexed_element(tmp_path):
    """`x = x / norm` in the body: `x` is no longer `X[i]`, so it is not put in its place."""
    scaled = TRAIN.replace("        for i in range(len(X)):\n            theta, theta_0 = step(X[i], y[i],",
                           "        for i, x in enumerate(X):\n            x = x / 2\n"
                           "            theta, theta_0 = step(x, y[i],")
    indexed = TRAIN.replace("            theta, theta_0 = step(X[i], y[i],",
                            "            z = X[i] / 2\n            theta, theta_0 = step(z, y[i],")
    assert _score(tmp_path, BASE.replace(TRAIN, scaled), BASE.replace(TRAIN, indexed)) < 1.0

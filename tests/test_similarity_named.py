"""The similarity check on the classes of rewrite its fifth held-out set missed: a value named only to be returned
(`result = E` then `return result`, also through an if/else) and a test's score named just before the `if`
(`s = y * (w @ x)` then `if s <= 0:`)."""

from __future__ import annotations

from pathlib import Path

from grader import similarity

PREDICT = '''
def predict(x, w, b):
    if x @ w + b >= 0:
        return 1
    else:
        return -1
'''

STEP = '''
def step(x, label, w, b):
    if label * (x @ w + b) <= 0:
        w = w + label * x
        b = b + label
    return w, b
'''

SCORE = '''
def score(X, y, w, b):
    return (y * (X @ w + b)).mean()
'''

TRAIN = '''
def train(X, y, T):
    w = np.zeros(X.shape[1])
    b = 0.0
    for t in range(T):
        for i in range(len(X)):
            w, b = step(X[i], y[i], w, b)
    return w, b
'''

BASE = "import numpy as np\n" + PREDICT + STEP + SCORE + TRAIN  # long enough to score 1.0 (LEAST fingerprints)


def _score(tmp_path: Path, a: str, b: str) -> float:
    (tmp_path / "a.py").write_text(a)
    (tmp_path / "b.py").write_text(b)
    result = similarity.compare([("a", tmp_path / "a.py"), ("b", tmp_path / "b.py")], similarity.Options())
    return max((p.score for p in result.pairs), default=0.0)


def test_a_value_named_only_to_be_returned_is_the_return(tmp_path):
    named = SCORE.replace("    return (y * (X @ w + b)).mean()\n",
                          "    result = (y * (X @ w + b)).mean()\n    return result\n")
    assert _score(tmp_path, BASE, BASE.replace(SCORE, named)) == 1.0


def test_a_value_stored_in_each_branch_and_returned_once_is_returned_by_each_branch(tmp_path):
    funnelled = PREDICT.replace("        return 1\n    else:\n        return -1\n",
                                "        label = 1\n    else:\n        label = -1\n    return label\n")
    assert _score(tmp_path, BASE, BASE.replace(PREDICT, funnelled)) == 1.0


def test_a_value_stored_and_returned_in_each_branch_is_the_return(tmp_path):
    """`r = 1; return r` in one branch and `r = -1; return r` in the other: two reads of `r`, each a return."""
    named = PREDICT.replace("        return 1\n    else:\n        return -1\n",
                            "        label = 1\n        return label\n    else:\n        label = -1\n        return label\n")
    assert _score(tmp_path, BASE, BASE.replace(PREDICT, named)) == 1.0


def test_a_value_returned_but_also_read_elsewhere_stays_named(tmp_path):
    """`label` read twice (the return and a print-free use): putting it in place would change what runs."""
    kept = PREDICT.replace("        return 1\n    else:\n        return -1\n",
                           "        label = 1\n    else:\n        label = -1\n    w[0] = label\n    return label\n")
    assert _score(tmp_path, BASE, BASE.replace(PREDICT, kept)) < 1.0


def test_a_tests_value_named_just_before_it_is_the_test(tmp_path):
    named = STEP.replace("    if label * (x @ w + b) <= 0:\n",
                         "    margin = label * (x @ w + b)\n    if margin <= 0:\n")
    assert _score(tmp_path, BASE, BASE.replace(STEP, named)) == 1.0


def test_a_tests_value_read_again_in_the_body_stays_named(tmp_path):
    """The score also read in the body: the name is how the code reads it twice, not a disguise."""
    named = STEP.replace("    if label * (x @ w + b) <= 0:\n        w = w + label * x\n",
                         "    margin = label * (x @ w + b)\n    if margin <= 0:\n        w = w + margin * x\n")
    plain = STEP.replace("        w = w + label * x\n", "        w = w + label * (x @ w + b) * x\n")
    assert _score(tmp_path, BASE.replace(STEP, named), BASE.replace(STEP, plain)) < 1.0


def test_a_named_calls_result_tested_next_is_the_test(tmp_path):
    """`p = predict(x, w, b)` then `if p != t:` is `if predict(x, w, b) != t:` (eighth version: the convergence
    this brings to the textbook CS188 solution is subtracted with the preset's reference solution)."""
    named = STEP.replace("    if label * (x @ w + b) <= 0:\n",
                         "    guess = predict(x, w, b)\n    if guess != label:\n")
    plain = STEP.replace("    if label * (x @ w + b) <= 0:\n", "    if predict(x, w, b) != label:\n")
    assert _score(tmp_path, BASE.replace(STEP, named), BASE.replace(STEP, plain)) == 1.0


def test_a_named_calls_result_assigned_stays_named(tmp_path):
    """A call's result named and read by an assignment (not an if test) stays named."""
    named = STEP.replace("        w = w + label * x\n", "        s = np.sign(label)\n        w = w + s * x\n")
    plain = STEP.replace("        w = w + label * x\n", "        w = w + np.sign(label) * x\n")
    assert _score(tmp_path, BASE.replace(STEP, named), BASE.replace(STEP, plain)) < 1.0

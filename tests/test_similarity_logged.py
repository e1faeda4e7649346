"""The similarity check on the classes of rewrite its twelfth held-out set missed: a logging line in every
function, `np.full(shape, 0)` for `np.zeros(shape)`, a final two-way return written as a default then overridden,
and a list comprehension handed to a call written as the loop that appends."""

from __future__ import annotations

from pathlib import Path

from grader import similarity

TRAIN = '''
def train(X, y, T):
    theta = np.zeros(X.shape[1])
    theta_0 = 0.0
    for t in range(T):
        for i in range(len(X)):
            if y[i] * (X[i] @ theta + theta_0) <= 0:
                theta = theta + y[i] * X[i]
                theta_0 = theta_0 + y[i]
    return theta, theta_0
'''

SIGN = '''
def sign(z):
    if z > 0:
        return 1
    return -1
'''

CLASSIFY = '''
def classify(X, theta, theta_0):
    return np.array([sign(x @ theta + theta_0) for x in X])
'''

BASE = "import numpy as np\n" + TRAIN + SIGN + CLASSIFY


def _score(tmp_path: Path, a: str, b: str) -> float:
    (tmp_path / "a.py").write_text(a)
    (tmp_path / "b.py").write_text(b)
    result = similarity.compare([("a", tmp_path / "a.py"), ("b", tmp_path / "b.py")], similarity.Options())
    return max((p.score for p in result.pairs), default=0.0)


def test_a_logging_line_is_a_print(tmp_path):
    """A logger the file makes (`_log = logging.getLogger(...)`), the module's own functions and the logger's
    set-up only show something, as a print does."""
    logged = BASE.replace("import numpy as np\n", "import numpy as np\nimport logging\n"
                          "_log = logging.getLogger(__name__)\nlogging.basicConfig(level=logging.DEBUG)\n")
    logged = logged.replace("def train(X, y, T):\n", "def train(X, y, T):\n    _log.debug('%s called', 'train')\n")
    logged = logged.replace("    return theta, theta_0\n", "    logging.info('done')\n    return theta, theta_0\n")
    logged = logged.replace("def classify(X, theta, theta_0):\n",
                            "def classify(X, theta, theta_0):\n    _log.debug('%s called', 'classify')\n")
    assert logged.count("_log.debug") == 2
    assert _score(tmp_path, BASE, logged) == 1.0


def test_a_method_named_like_a_logger_s_is_code_on_anything_else(tmp_path):
    """`.info(...)` on an object that is not a logger (no `logging` in the file) stays code."""
    called = BASE.replace("    return theta, theta_0\n", "    X.info(theta)\n    return theta, theta_0\n")
    assert _score(tmp_path, BASE, called) < 1.0


def test_a_zero_or_one_fill_is_zeros_or_ones(tmp_path):
    filled = BASE.replace("np.zeros(X.shape[1])", "np.full(X.shape[1], 0.0)")
    ones = BASE.replace("np.zeros(X.shape[1])", "np.ones(X.shape[1])")
    assert _score(tmp_path, BASE, filled) == 1.0
    assert _score(tmp_path, ones, ones.replace("np.ones(X.shape[1])", "np.full(X.shape[1], fill_value=1)")) == 1.0
    assert _score(tmp_path, BASE, BASE.replace("np.zeros(X.shape[1])", "np.full(X.shape[1], 0.5)")) < 1.0


def test_a_default_overridden_then_returned_is_the_two_way_return(tmp_path):
    """`r = -1`, `if c: r = 1`, `return r` is `if c: return 1` then `return -1`, and the conditional expression."""
    overridden = "\ndef sign(z):\n    s = -1\n    if z > 0:\n        s = 1\n    return s\n"
    ternary = "\ndef sign(z):\n    return 1 if z > 0 else -1\n"
    assert _score(tmp_path, BASE, BASE.replace(SIGN, overridden)) == 1.0
    assert _score(tmp_path, BASE.replace(SIGN, ternary), BASE.replace(SIGN, overridden)) == 1.0


def test_a_default_the_override_reads_stays_a_default(tmp_path):
    """`r = 0`, `if c: r = r + 1`: the override reads the default, so it is no two-way return."""
    counted = "\ndef sign(z):\n    s = -1\n    if z > 0:\n        s = s + 2\n    return s\n"
    assert _score(tmp_path, BASE, BASE.replace(SIGN, counted)) < 1.0


def test_a_comprehension_handed_to_a_call_is_the_loop_that_appends(tmp_path):
    looped = ("\ndef classify(X, theta, theta_0):\n    labels = []\n    for x in X:\n"
              "        labels.append(sign(x @ theta + theta_0))\n    return np.array(labels)\n")
    assert _score(tmp_path, BASE, BASE.replace(CLASSIFY, looped)) == 1.0

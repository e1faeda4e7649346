"""The similarity check on the classes of rewrite its ninth round closes: code that wraps code without changing
what runs (a guard whose literal test is false, a `try` whose handlers re-raise, a loop spelled with
`iter`/`next`/`StopIteration`, a counter loop whose stop is named), and numpy's `np.transpose(X)` for `X.T`."""

from __future__ import annotations

from pathlib import Path

from grader import similarity

BASE = '''
import numpy as np


def perceptron(X, y, T):
    theta = np.zeros(X.shape[1])
    theta_0 = 0.0
    for t in range(T):
        for x, label in zip(X, y):
            if label * (x @ theta + theta_0) <= 0:
                theta = theta + label * x
                theta_0 = theta_0 + label
    return theta, theta_0


def classify(X, theta, theta_0):
    out = []
    for x in X:
        out.append(1 if x @ theta + theta_0 > 0 else -1)
    return np.array(out)
'''


def _score(tmp_path: Path, a: str, b: str) -> float:
    (tmp_path / "a.py").write_text(a)
    (tmp_path / "b.py").write_text(b)
    result = similarity.compare([("a", tmp_path / "a.py"), ("b", tmp_path / "b.py")], similarity.Options())
    return max((p.score for p in result.pairs), default=0.0)


def test_a_guard_whose_literal_test_is_false_is_dead_code(tmp_path):
    guarded = BASE.replace("    theta = np.zeros(X.shape[1])\n",
                           "    if 0 > 1:\n        return None\n    theta = np.zeros(X.shape[1])\n")
    guarded = guarded.replace("    out = []\n", "    if not 2 <= 3:\n        return None\n    out = []\n")
    assert guarded != BASE
    assert _score(tmp_path, BASE, guarded) == 1.0


def test_a_try_whose_handlers_raise_again_is_the_code_it_wraps(tmp_path):
    body = BASE.split("def perceptron(X, y, T):\n")[1].split("\n\n\ndef classify")[0]
    wrapped = "\n".join("    " + line if line else line for line in body.split("\n"))
    wrapped = f"    try:\n{wrapped}\n    except ZeroDivisionError:\n        raise\n"
    spelled = BASE.replace(body, wrapped.rstrip("\n"))
    named = spelled.replace("    except ZeroDivisionError:\n        raise\n",
                            "    except (ValueError, ZeroDivisionError) as err:\n"
                            "        print(err)\n        raise err\n")
    assert spelled != BASE and named != spelled
    assert _score(tmp_path, BASE, spelled) == 1.0
    assert _score(tmp_path, BASE, named) == 1.0


def test_a_handler_that_does_something_else_is_code(tmp_path):
    body = BASE.split("def perceptron(X, y, T):\n")[1].split("\n\n\ndef classify")[0]
    wrapped = "\n".join("    " + line if line else line for line in body.split("\n"))
    recovered = (f"    try:\n{wrapped.rstrip()}\n    except ZeroDivisionError:\n"
                 "        theta = np.zeros(X.shape[1])\n        return theta, 0.0\n")
    assert _score(tmp_path, BASE, BASE.replace(body, recovered.rstrip("\n"))) < 1.0


def test_a_loop_spelled_with_iter_and_next_is_the_for(tmp_path):
    spelled = BASE.replace("        for x, label in zip(X, y):\n",
                           "        pairs = iter(zip(X, y))\n        while True:\n            try:\n"
                           "                x, label = next(pairs)\n            except StopIteration:\n"
                           "                break\n")
    named = BASE.replace("        for x, label in zip(X, y):\n",
                         "        rows = zip(X, y)\n        for x, label in rows:\n")
    assert spelled != BASE and named != BASE
    assert _score(tmp_path, BASE, spelled) == 1.0
    assert _score(tmp_path, BASE, named) == 1.0


def test_an_iterator_read_elsewhere_keeps_its_loop(tmp_path):
    spelled = BASE.replace("        for x, label in zip(X, y):\n",
                           "        pairs = iter(zip(X, y))\n        next(pairs)\n        while True:\n"
                           "            try:\n                x, label = next(pairs)\n"
                           "            except StopIteration:\n                break\n")
    assert _score(tmp_path, BASE, spelled) < 1.0


TRANSPOSED = '''
import numpy as np


def perceptron(data, labels, T=100):
    d, n = data.shape
    th = np.zeros((d, 1))
    th0 = np.array([[0.0]])
    for _ in range(T):
        for i in range(n):
            if labels.T[i] * (data.T[i:i + 1] @ th + th0) <= 0:
                th = th + (labels.T[i] * data.T[i:i + 1]).T
                th0 = th0 + labels.T[i]
    return th, th0
'''


def test_np_transpose_is_the_transpose_attribute(tmp_path):
    spelled = TRANSPOSED.replace("labels.T", "np.transpose(labels)").replace("data.T", "np.transpose(data)")
    spelled = spelled.replace("(labels.T[i] * data.T[i:i + 1]).T", "np.transpose(labels.T[i] * data.T[i:i + 1])")
    spelled = spelled.replace("th + (np.transpose(labels)[i] * np.transpose(data)[i:i + 1]).T",
                              "th + np.transpose(np.transpose(labels)[i] * np.transpose(data)[i:i + 1])")
    assert "np.transpose(np.transpose" in spelled
    assert _score(tmp_path, TRANSPOSED, spelled) == 1.0


def test_a_counted_loop_whose_stop_is_named_is_the_for(tmp_path):
    counted = BASE.replace("    for t in range(T):\n",
                           "    t = 0\n    stop = len(X) * 0 + T\n    while True:\n        if t >= stop:\n"
                           "            break\n        t += 1\n")
    assert counted != BASE
    assert _score(tmp_path, BASE, counted) == 1.0


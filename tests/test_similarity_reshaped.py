"""The similarity check on the classes of rewrite its sixth held-out set missed, and on reshaped control flow and
helpers: a debug flag read only by `if debug:` around prints, numpy's spellings of the operators (not on Python
lists), `np.sum(a * b)` for the dot product, a named numpy score or step read in place, nested ifs as `and`, a
boolean returned through if/else, a regrouped product, a helper called with keyword arguments, a list
comprehension written as its loop, a break guard, a last return or continue, a lambda helper, and a `try` whose
handlers do nothing."""

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
def step(x, label, w, b, eta):
    if label * (x @ w + b) <= 0:
        w = w + eta * label * x
        b = b + eta * label
    return w, b
'''

SCORE = '''
def score(X, y, w, b):
    return (y * (X @ w + b)).mean()
'''

TRAIN = '''
def train(X, y, T, eta):
    w = np.zeros(X.shape[1])
    b = 0.0
    for t in range(T):
        for i in range(len(X)):
            w, b = step(X[i], y[i], w, b, eta)
    return w, b
'''

BASE = "import numpy as np\n" + PREDICT + STEP + SCORE + TRAIN  # long enough to score 1.0 (LEAST fingerprints)


def _score(tmp_path: Path, a: str, b: str) -> float:
    (tmp_path / "a.py").write_text(a)
    (tmp_path / "b.py").write_text(b)
    result = similarity.compare([("a", tmp_path / "a.py"), ("b", tmp_path / "b.py")], similarity.Options())
    return max((p.score for p in result.pairs), default=0.0)


def _debugged(code: str) -> str:
    """Every function given `debug = False` first and an `if debug: print(...)` after it, as a disguise does."""
    out = []
    for line in code.splitlines():
        out.append(line)
        if line.startswith("def "):
            out += ["    debug = False", "    if debug:", "        print('reached')"]
    return "\n".join(out) + "\n"


def test_a_debug_flag_read_only_by_ifs_around_prints_is_dead(tmp_path):
    assert _score(tmp_path, BASE, _debugged(BASE)) == 1.0


def test_a_flag_that_guards_real_code_is_read(tmp_path):
    """`if debug: w = ...` runs code: the flag and its if count (a flag is dead only where its ifs do nothing)."""
    live = STEP.replace("    return w, b\n",
                        "    debug = eta > 1\n    if debug:\n        w = w * 0.5\n    return w, b\n")
    assert _score(tmp_path, BASE, BASE.replace(STEP, live)) < 1.0


def test_numpys_operator_functions_are_the_operators(tmp_path):
    spelled = STEP.replace("w = w + eta * label * x", "w = np.add(w, np.multiply(eta * label, x))") \
        .replace("b = b + eta * label", "b = np.add(b, eta * label)")
    assert _score(tmp_path, BASE, BASE.replace(STEP, spelled)) == 1.0


def test_numpys_add_on_a_python_list_is_not_plus(tmp_path):
    """`[0.0] * d` is a list: there `+` concatenates, and `np.add` is not `+` (an independent held4 file)."""
    plus = TRAIN.replace("w, b = step(X[i], y[i], w, b, eta)", "w = w + y[i] * X[i]")
    added = TRAIN.replace("w, b = step(X[i], y[i], w, b, eta)", "w = np.add(w, y[i] * X[i])")
    assert _score(tmp_path, BASE.replace(TRAIN, plus), BASE.replace(TRAIN, added)) == 1.0

    def listed(code: str) -> str:
        return BASE.replace(TRAIN, code.replace("np.zeros(X.shape[1])", "[0.0] * X.shape[1]"))

    assert _score(tmp_path, listed(plus), listed(added)) < 1.0


def test_the_sum_of_elementwise_products_is_the_dot_product(tmp_path):
    summed = STEP.replace("label * (x @ w + b)", "label * (np.sum(x * w) + b)")
    method = PREDICT.replace("x @ w + b", "(x * w).sum() + b")
    assert _score(tmp_path, BASE, BASE.replace(STEP, summed).replace(PREDICT, method)) == 1.0


def test_a_numpy_score_named_before_the_if_is_the_test(tmp_path):
    named = STEP.replace("    if label * (x @ w + b) <= 0:\n", "    s = np.dot(x, w)\n    if label * (s + b) <= 0:\n")
    assert _score(tmp_path, BASE, BASE.replace(STEP, named)) == 1.0


def test_an_arithmetic_step_named_once_is_read_in_place(tmp_path):
    named = STEP.replace("        w = w + eta * label * x\n",
                         "        delta = eta * label * x\n        w = w + delta\n")
    assert _score(tmp_path, BASE, BASE.replace(STEP, named)) == 1.0


def test_nested_ifs_are_one_if_on_and(tmp_path):
    joined = BASE.replace("if label * (x @ w + b) <= 0:", "if label * (x @ w + b) <= 0 and eta > 0:")
    nested = BASE.replace("    if label * (x @ w + b) <= 0:\n        w = w + eta * label * x\n"
                          "        b = b + eta * label\n",
                          "    if label * (x @ w + b) <= 0:\n        if eta > 0:\n            w = w + eta * label * x\n"
                          "            b = b + eta * label\n")
    assert _score(tmp_path, joined, nested) == 1.0


def test_a_boolean_returned_through_if_else_is_the_test_returned(tmp_path):
    spelled = "\ndef ok(x, t, w, b):\n    if t * (x @ w + b) > 0:\n        return True\n    return False\n"
    plain = "\ndef ok(x, t, w, b):\n    return t * (x @ w + b) > 0\n"
    assert _score(tmp_path, BASE + spelled, BASE + plain) == 1.0


def test_a_product_regrouped_and_reordered_is_the_same_product(tmp_path):
    inline = TRAIN.replace("w, b = step(X[i], y[i], w, b, eta)", "w = w + eta * y[i] * X[i]")
    regrouped = TRAIN.replace("w, b = step(X[i], y[i], w, b, eta)", "w = w + eta * (X[i] * y[i])")
    assert _score(tmp_path, BASE.replace(TRAIN, inline), BASE.replace(TRAIN, regrouped)) == 1.0


def test_a_helper_called_with_keyword_arguments_binds_them(tmp_path):
    keywords = TRAIN.replace("step(X[i], y[i], w, b, eta)", "step(x=X[i], label=y[i], w=w, b=b, eta=eta)")
    assert _score(tmp_path, BASE, BASE.replace(TRAIN, keywords)) == 1.0


def test_a_default_overridden_and_read_on_stays_apart_from_the_if_else(tmp_path):
    """`p = -1; if c: p = 1` read as the if/else made two independent textbook CS188 files one (held3, before the
    cs188-nn reference was subtracted): only a default overridden and then returned is the two-way return (the
    eleventh version; tests/test_similarity_logged.py); one read on, as here, stays a default and an override."""
    branched = ("\ndef predict(x, w, b):\n    if x @ w + b >= 0:\n        p = 1\n    else:\n        p = -1\n"
                "    return p * b\n")
    overridden = "\ndef predict(x, w, b):\n    p = -1\n    if x @ w + b >= 0:\n        p = 1\n    return p * b\n"
    assert _score(tmp_path, BASE.replace(PREDICT, branched), BASE.replace(PREDICT, overridden)) < 1.0


def test_a_long_chain_of_named_steps_is_compared_not_nested_without_end(tmp_path):
    """Each step named once and read once by the next: put in place only while the value stays small, so that a
    long chain is neither nested past the recursion limit nor copied at the cost of its square."""
    chain = "def f(x):\n    s0 = x + 1\n" + "".join(f"    s{k} = s{k - 1} * 2 + {k}\n" for k in range(1, 600)) \
        + "    return s599\n"
    (tmp_path / "chain.py").write_text(chain)
    (tmp_path / "other.py").write_text(BASE)
    result = similarity.compare([("chain", tmp_path / "chain.py"), ("other", tmp_path / "other.py")],
                                similarity.Options())
    assert [s.why_not for s in result.sources] == ["", ""]


def test_a_list_comprehension_is_the_loop_that_appends(tmp_path):
    loop = "\ndef classify(X, w, b):\n    preds = []\n    for x in X:\n        if x[0] > 0:\n" \
           "            preds.append(predict(x, w, b))\n    return preds\n"
    comprehension = "\ndef classify(X, w, b):\n    return [predict(x, w, b) for x in X if x[0] > 0]\n"
    assert _score(tmp_path, BASE + loop, BASE + comprehension) == 1.0


def test_a_break_guard_and_its_if_else_read_alike(tmp_path):
    """`if t >= 100: break` then the rest is the if/else with the rest as its else, turned around on `>=`."""
    guard = TRAIN.replace("            w, b = step(X[i], y[i], w, b, eta)\n",
                          "            if t >= 100:\n                break\n"
                          "            w, b = step(X[i], y[i], w, b, eta)\n")
    spelled = TRAIN.replace("            w, b = step(X[i], y[i], w, b, eta)\n",
                            "            if t < 100:\n                w, b = step(X[i], y[i], w, b, eta)\n"
                            "            else:\n                break\n")
    assert _score(tmp_path, BASE.replace(TRAIN, guard), BASE.replace(TRAIN, spelled)) == 1.0


CLIP = '''
def clip(w, lo, hi):
    for j in range(len(w)):
        if w[j] < lo:
            w[j] = lo
        if w[j] > hi:
            w[j] = hi
'''


def test_a_last_return_or_continue_that_does_nothing_does_not_count(tmp_path):
    padded = CLIP.replace("            w[j] = hi\n", "            w[j] = hi\n        continue\n    return None\n")
    assert _score(tmp_path, BASE + CLIP, BASE + padded) == 1.0


def test_a_while_loops_counter_after_a_break_guard_is_still_bookkeeping(tmp_path):
    """`while t < T: …; if done: break; t += 1` is `for t in range(T): …; if done: break` (the counter is taken
    out before the guard's else could take it in)."""
    loop = TRAIN.replace("            w, b = step(X[i], y[i], w, b, eta)\n",
                         "            w, b = step(X[i], y[i], w, b, eta)\n        if b > 100:\n            break\n")
    counted = loop.replace("    for t in range(T):\n", "    t = 0\n    while t < T:\n").replace(
        "            break\n", "            break\n        t += 1\n")
    assert _score(tmp_path, BASE.replace(TRAIN, loop), BASE.replace(TRAIN, counted)) == 1.0


def test_a_helper_written_as_a_lambda_is_the_helper(tmp_path):
    use = "\ndef classify(X, w, b):\n    out = []\n    for x in X:\n" \
          "        out.append(predict(x, w, b))\n    return out\n"
    lam = BASE.replace(PREDICT, "\npredict = lambda x, w, b: 1 if x @ w + b >= 0 else -1\n")
    (tmp_path / "a.py").write_text(BASE + use)
    (tmp_path / "b.py").write_text(lam + use)
    options = similarity.Options(graded=("train", "classify", "score"))
    result = similarity.compare([("a", tmp_path / "a.py"), ("b", tmp_path / "b.py")], options)
    assert max(p.score for p in result.pairs) == 1.0


def test_code_wrapped_in_a_try_whose_handlers_do_nothing_is_the_code(tmp_path):
    wrapped = TRAIN.replace("    for t in range(T):\n        for i in range(len(X)):\n"
                            "            w, b = step(X[i], y[i], w, b, eta)\n",
                            "    try:\n        for t in range(T):\n            for i in range(len(X)):\n"
                            "                w, b = step(X[i], y[i], w, b, eta)\n    except Exception as err:\n"
                            "        print('failed', err)\n")
    assert _score(tmp_path, BASE, BASE.replace(TRAIN, wrapped)) == 1.0


def test_numpys_comparison_power_and_negative_functions_are_the_operators(tmp_path):
    spelled = STEP.replace("    if label * (x @ w + b) <= 0:\n", "    if np.less_equal(label * (x @ w + b), 0):\n")
    powered = SCORE.replace("(y * (X @ w + b)).mean()", "np.negative(np.power(y * (X @ w + b), 2)).mean()")
    plain = SCORE.replace("(y * (X @ w + b)).mean()", "(-(y * (X @ w + b)) ** 2).mean()")
    assert _score(tmp_path, BASE.replace(SCORE, plain), BASE.replace(STEP, spelled).replace(SCORE, powered)) == 1.0

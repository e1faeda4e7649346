"""The similarity check on the forced answer of a short exercise, written in its other spellings (round 10): a
literal stored in a local flag and the statement beside it in either order; a course library's dot product read
as the dot product, whose operands commute; the reference solution's other spellings of the same answer; a
convergence flag tested at the top or the bottom of its loop."""

from __future__ import annotations

import json
from pathlib import Path

from exercises.cli.main import main
from grader import similarity

FLAGGED = '''
class Perceptron:
    def __init__(self, weights):
        self.weights = weights
        self.mistakes = []

    def predict(self, points):
        labels = []
        for x in points:
            if self.weights.score(x) >= 0:
                labels.append(1)
            else:
                labels.append(-1)
        return labels

    def train(self, dataset):
        converged = False
        while not converged:
            converged = True
            for x, label in dataset:
                if label * self.weights.score(x) <= 0:
                    converged = False
                    self.weights.update(x, label)
                    self.mistakes.append(x)
'''


def _score(tmp_path: Path, a: str, b: str, **options) -> float:
    tmp_path.mkdir(parents=True, exist_ok=True)
    (tmp_path / "a.py").write_text(a)
    (tmp_path / "b.py").write_text(b)
    result = similarity.compare([("a", tmp_path / "a.py"), ("b", tmp_path / "b.py")],
                                similarity.Options(**options))
    return max((p.score for p in result.pairs), default=0.0)


def test_a_literal_stored_in_a_flag_and_the_call_beside_it_are_in_either_order(tmp_path):
    flag, call = "                    converged = False\n", "                    self.weights.update(x, label)\n"
    after = FLAGGED.replace(flag + call, call + flag)
    last = FLAGGED.replace("                    converged = False\n", "").replace(
        "self.mistakes.append(x)\n", "self.mistakes.append(x)\n                    converged = False\n")
    assert after != FLAGGED and last != FLAGGED
    assert _score(tmp_path, FLAGGED, after) == 1.0
    assert _score(tmp_path, FLAGGED, last) == 1.0


def test_a_flag_does_not_move_past_a_statement_that_names_it(tmp_path):
    reads = FLAGGED.replace("self.mistakes.append(x)", "self.mistakes.append(converged)")
    moved = reads.replace("                    converged = False\n", "").replace(
        "self.mistakes.append(converged)\n", "self.mistakes.append(converged)\n                    converged = False\n")
    assert moved != reads
    assert _score(tmp_path, reads, moved) < 1.0



def _train(loop: str) -> str:
    """FLAGGED with its training loop written as `loop` (the pass over the data at FOR)."""
    head = FLAGGED.split("    def train(self, dataset):\n")[0]
    body = """            for x, label in dataset:
                if label * self.weights.score(x) <= 0:
                    CLEAR
                    self.weights.update(x, label)
                    self.mistakes.append(x)
"""
    return head + "    def train(self, dataset):\n" + loop.replace("FOR", body)


def test_a_convergence_flag_tested_at_the_top_or_the_bottom_of_the_loop_is_the_loops_test(tmp_path):
    top = _train("""        done = False
        while not done:
            done = True
FOR""").replace("CLEAR", "done = False")
    bottom = _train("""        while True:
            clean = True
FOR            if clean:
                break
""").replace("CLEAR", "clean = False")
    set_last = _train("""        finished = False
        while not finished:
            clean = True
FOR            if clean:
                finished = True
""").replace("CLEAR", "clean = False")
    assert _score(tmp_path / "a", top, bottom) == 1.0
    assert _score(tmp_path / "b", top, set_last) == 1.0


def test_a_test_at_the_bottom_on_more_than_a_flag_stays_in_the_body(tmp_path):
    counted = _train("""        while True:
            wrong = 0
FOR            if wrong == 0:
                break
""").replace("CLEAR", "wrong += 1")
    kept = _train("""        clean = False
        while not clean:
            clean = True
FOR            self.history.append(clean)
""").replace("CLEAR", "clean = False")
    bare = counted.replace("            if wrong == 0:\n                break\n", "")
    assert _score(tmp_path / "a", counted, bare) < 1.0
    assert _score(tmp_path / "b", kept, kept.replace("        clean = False\n        while", "        while")) < 1.0


DOTTED = '''
import nn


class PerceptronModel(object):
    def __init__(self, dimensions):
        self.w = nn.Parameter(1, dimensions)

    def run(self, x):
        return nn.DotProduct(self.w, x)

    def get_prediction(self, x):
        if nn.as_scalar(self.run(x)) >= 0:
            return 1
        return -1

    def train(self, dataset):
        while True:
            mistakes = 0
            for x, y in dataset.iterate_once(1):
                if self.get_prediction(x) != nn.as_scalar(y):
                    self.w.update(x, nn.as_scalar(y))
                    mistakes += 1
            if mistakes == 0:
                break
'''


def test_a_course_librarys_dot_product_is_the_dot_product_whose_operands_commute(tmp_path):
    swapped = DOTTED.replace("nn.DotProduct(self.w, x)", "nn.DotProduct(x, self.w)")
    numpy = DOTTED.replace("import nn\n", "import nn\nimport numpy as np\n").replace(
        "nn.DotProduct(self.w, x)", "np.inner(x, self.w)")
    assert swapped != DOTTED
    assert _score(tmp_path, DOTTED, swapped) == 1.0
    assert _score(tmp_path, DOTTED, numpy) == 1.0


def _own(tmp_path: Path, text: str, *args: str) -> int:
    """Fingerprints of its own a file keeps in a class of one, under `--assignment cs188-nn`."""
    (tmp_path / "subs").mkdir(parents=True)
    (tmp_path / "subs" / "ann.py").write_text(text)
    assert main(["similarity", str(tmp_path / "subs"), "--out", str(tmp_path / "out"), *args]) == 0
    doc = json.loads((tmp_path / "out" / "similarity.json").read_text())
    if any(n["name"] == "ann" for n in doc["not_compared"]):
        return 0
    return next(t["own"] for t in doc["template"] if t["name"] == "ann")


def test_the_reference_holds_both_orders_of_update_that_the_handout_gives(tmp_path):
    """The textbook answer in the later term's order (the number first) is all the reference's, as the first
    term's order is."""
    first = DOTTED.replace("nn.DotProduct(self.w, x)", "nn.DotProduct(x, self.w)").replace(
        "        while True:\n            mistakes = 0\n", "        done = False\n        while not done:\n"
        "            done = True\n").replace("mistakes += 1", "done = False").replace(
        "            if mistakes == 0:\n                break\n", "")
    later = first.replace("self.w.update(x, nn.as_scalar(y))", "self.w.update(nn.as_scalar(y), x)")
    assert later != first and "mistakes" not in first
    assert _own(tmp_path / "a", first, "--assignment", "cs188-nn") == 0
    assert _own(tmp_path / "b", later, "--assignment", "cs188-nn") == 0

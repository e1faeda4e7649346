"""The similarity check on the forced answer of a short exercise, written in its other spellings (round 10): a
literal stored in a local flag and the statement beside it in either order; a course library's dot product read
as the dot product, whose operands commute; the reference solution's other spellings of the same answer."""

from __future__ import annotations

from pathlib import Path

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

"""The reference solution subtracted like the template: the bundled preset's own (cs188-nn) and --solution FILE.
Two students who both write the short textbook solution share the code every correct solution contains, which
is no evidence of copying; a copy of a file with code of its own is still flagged."""

from __future__ import annotations

import ast
import json
from pathlib import Path

from exercises.cli.main import main
from grader import assignments

HEAD = '''import nn


class PerceptronModel(object):
    def __init__(self, dimensions):
        self.w = nn.Parameter(1, dimensions)

    def get_weights(self):
        return self.w
'''

# two spellings of the textbook solution, as two students write it on their own
FLAGGED = HEAD + '''
    def run(self, x):
        return nn.DotProduct(x, self.w)

    def get_prediction(self, x):
        value = self.run(x)
        return 1 if nn.as_scalar(value) >= 0 else -1

    def train(self, dataset):
        finished = False
        while not finished:
            finished = True
            for x, y in dataset.iterate_once(1):
                guess = self.get_prediction(x)
                if guess != nn.as_scalar(y):
                    self.w.update(x, nn.as_scalar(y))
                    finished = False
'''

BROKEN = HEAD + '''
    def run(self, x):
        return nn.DotProduct(x, self.get_weights())

    def get_prediction(self, x):
        s = self.run(x)
        if nn.as_scalar(s) >= 0:
            return 1
        else:
            return -1

    def train(self, dataset):
        while True:
            clean = True
            for x, y in dataset.iterate_once(1):
                p = self.get_prediction(x)
                if p != nn.as_scalar(y):
                    clean = False
                    self.w.update(x, nn.as_scalar(y))
            if clean:
                break
'''

# a solution with code of its own: a pass limit, a mistake count per pass and a stop on a quiet pass
OWN = HEAD + '''
    def run(self, x):
        return nn.DotProduct(x, self.w)

    def get_prediction(self, x):
        return 1 if nn.as_scalar(self.run(x)) >= 0 else -1

    def train(self, dataset):
        history = []
        for epoch in range(1000):
            wrong = 0
            seen = 0
            for x, y in dataset.iterate_once(1):
                seen += 1
                target = nn.as_scalar(y)
                if self.get_prediction(x) != target:
                    wrong += 1
                    self.w.update(x, target)
            history.append(wrong / max(seen, 1))
            if wrong == 0 or len(history) > 3 and history[-1] >= history[-4]:
                break
        return history
'''

RENAMED = (OWN.replace("history", "errs").replace("epoch", "k").replace("wrong", "bad").replace("seen", "n")
           .replace("target", "lab"))


def _run(tmp_path: Path, files: dict[str, str], *args: str) -> dict:
    subs = tmp_path / "subs"
    subs.mkdir(parents=True)
    for name, text in files.items():
        (subs / f"{name}.py").write_text(text)
    out = tmp_path / "out"
    assert main(["similarity", str(subs), "--out", str(out), *args]) == 0
    return json.loads((out / "similarity.json").read_text())


def _flagged(doc: dict) -> set[frozenset]:
    return {frozenset((p["a"], p["b"])) for p in doc["pairs"] if p["flagged"]}


def test_two_independent_textbook_solutions_in_a_small_class_are_not_flagged(tmp_path):
    doc = _run(tmp_path, {"ann": FLAGGED, "bob": BROKEN}, "--assignment", "cs188-nn")
    assert _flagged(doc) == set()


def test_a_copy_with_code_of_its_own_is_still_flagged_with_the_reference_subtracted(tmp_path):
    doc = _run(tmp_path, {"ann": FLAGGED, "bob": BROKEN, "cat": OWN, "dan": RENAMED}, "--assignment", "cs188-nn")
    assert _flagged(doc) == {frozenset(("cat", "dan"))}
    assert doc["pairs"][0]["score"] >= 0.9


def test_solution_option_subtracts_the_instructors_reference(tmp_path):
    """Without an assignment the two are compared whole and flagged; the same reference given as --solution
    (no preset) subtracts what they share."""
    reference = tmp_path / "reference.py"
    reference.write_text(assignments.solution("cs188-nn").read_text())
    assert _flagged(_run(tmp_path / "a", {"ann": FLAGGED, "bob": BROKEN})) != set()
    assert _flagged(_run(tmp_path / "b", {"ann": FLAGGED, "bob": BROKEN}, "--solution", str(reference))) == set()


def test_a_missing_solution_is_one_sentence_and_exit_2(tmp_path, capsys):
    (tmp_path / "a.py").write_text(FLAGGED)
    code = main(["similarity", str(tmp_path / "a.py"), "--out", str(tmp_path / "out"), "--solution", "nope.py"])
    err = capsys.readouterr().err
    assert code == 2 and "--solution nope.py" in err and "Traceback" not in err and err.count("\n") == 1
    assert not (tmp_path / "out").exists()


MITX_A = '''import numpy as np


def perceptron_single_step_update(feature_vector, label, current_theta, current_theta_0):
    if label * (np.dot(current_theta, feature_vector) + current_theta_0) <= 0:
        current_theta += label * feature_vector
        current_theta_0 += label
    return (current_theta, current_theta_0)


def perceptron(feature_matrix, labels, T):
    current_theta = np.zeros((feature_matrix.shape[1],))
    current_theta_0 = 0
    for t in range(T):
        for i in get_order(feature_matrix.shape[0]):
            current_theta, current_theta_0 = perceptron_single_step_update(
                feature_matrix[i], labels[i], current_theta, current_theta_0)
    return (current_theta, current_theta_0)
'''

MITX_A += '''

def average_perceptron(feature_matrix, labels, T):
    n = feature_matrix.shape[0]
    theta = np.zeros(feature_matrix.shape[1])
    theta_0 = 0
    total, total_0 = np.zeros(feature_matrix.shape[1]), 0
    for t in range(T):
        for i in get_order(n):
            theta, theta_0 = perceptron_single_step_update(feature_matrix[i], labels[i], theta, theta_0)
            total = total + theta
            total_0 = total_0 + theta_0
    return (total / (n * T), total_0 / (n * T))
'''

MITX_B = '''import numpy as np


def perceptron_single_step_update(x, y, th, th0):
    if y * (np.dot(th, x) + th0) <= 0:
        th = th + y * x
        th0 = th0 + y
    return (th, th0)


def perceptron(X, labels, T):
    th = np.zeros((X.shape[1],))
    th0 = 0
    for _ in range(T):
        for i in get_order(X.shape[0]):
            th, th0 = perceptron_single_step_update(X[i], labels[i], th, th0)
    return (th, th0)


def classify(X, th, th0):
    out = np.zeros(X.shape[0])
    for k in range(X.shape[0]):
        out[k] = 1 if X[k] @ th + th0 > 0 else -1
    return out
'''


def test_two_independent_standard_mitx_perceptrons_are_not_flagged(tmp_path):
    """Both write the update and the perceptron the mitx686x handout spells out, one adds average_perceptron, the
    other classify: the preset's reference takes out what the handout dictates (flagged at 0.631 without it)."""
    assert _flagged(_run(tmp_path, {"ann": MITX_A, "bob": MITX_B}, "--assignment", "mitx686x")) == set()


def test_the_bundled_reference_solution_is_the_presets_class():
    path = assignments.solution("cs188-nn")
    tree = ast.parse(path.read_text())
    classes = [n.name for n in tree.body if isinstance(n, ast.ClassDef)]
    assert classes == list(assignments.load("cs188-nn").names)
    assert assignments.solution("lfd") is None

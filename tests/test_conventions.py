"""Assignment files beyond the presets: the later CS188 class API (PerceptronModel with nn and a dataset), column
data with several functions, the hook's feedback, and one-sentence errors for every new key."""

from __future__ import annotations

from fractions import Fraction
from pathlib import Path

import pytest
from hypothesis import given, settings, strategies as st

import grader.sandbox as sandbox_module
from rosenblatt.core import perceptron_trace
from rosenblatt.shared.errors import AssignmentError
from grader.assignments.assignment import load
from grader.assignments.convention import Convention
from grader.grading import grade
from grader.suite import Suite
from grader.assignments.reference import run
from grader.reports.report import check_text

LATER_CS188 = """
name: cs188_nn
title: "CS188 (later terms): PerceptronModel"
data: rows
tie: positive
start: random               # nn.Parameter starts at random: graded by properties
class:
  name: PerceptronModel
  init: [dimensions]
  weights: get_weights
  values: nn
  modules: {nn: nn}
functions:
  - method: get_prediction
    task: classify
    bias: none
    arguments: [point]
    returns: [predictions]
    visible_points: 5
    hidden: {points: 5, tie: 5}
  - method: train
    task: perceptron
    bias: last
    epochs: none
    arguments: [dataset]
    returns: []
    visible_points: 5
    hidden: {separable: 10, one-dimensional: 5, fractional: 5}
"""

LATER_CORRECT = b'''
import nn

class PerceptronModel(object):
    def __init__(self, dimensions):
        self.w = nn.Parameter(1, dimensions)

    def get_weights(self):
        return self.w

    def run(self, x):
        return nn.DotProduct(x, self.w)

    def get_prediction(self, x):
        return 1 if nn.as_scalar(self.run(x)) >= 0 else -1

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

COLUMNS = """
name: columns_three
title: "Three functions on column data"
data: columns
order: get_order
offset: always
functions:
  - function: step
    task: update
    arguments: [point, label, theta, theta0]
    returns: [theta, theta0]
    hidden: {mistake: 5, tie: 5}
  - function: perceptron
    arguments: [data, labels, epochs, hook]
    returns: [theta, theta0]
    hidden: {separable: 5, non-separable: 5}
  - function: classify
    task: classify
    tie: negative
    arguments: [data, theta, theta0]
    returns: [predictions]
    hidden: {points: 5, tie: 5}
"""

COLUMNS_CORRECT = b'''
import random
import numpy as np

def order(n):
    random.seed(1)
    idx = list(range(n))
    random.shuffle(idx)
    return idx

def step(x, y, th, th0):
    if y * (th.T @ x + th0).item() <= 0:
        return th + y * x, th0 + y
    return th, th0

def perceptron(data, labels, T, hook):
    th, th0 = np.zeros((data.shape[0], 1)), np.zeros((1, 1))
    for _ in range(T):
        for i in order(data.shape[1]):
            new = step(data[:, i:i + 1], labels[0, i], th, th0)
            if new[0] is not th:
                th, th0 = new
                hook((th, th0))
    return th, th0

def classify(data, th, th0):
    return np.where(th.T @ data + th0 > 0, 1, -1)
'''


@pytest.fixture(scope="module")
def box():
    with sandbox_module.Sandbox(sandbox_module.Limits(case_seconds=2, total_seconds=40)) as real:
        yield real


def _load(tmp_path: Path, text: str, name: str = "a.yaml"):
    path = tmp_path / name
    path.write_text(text)
    return load(str(path))


def test_later_cs188_class_api_with_nn_and_a_dataset(tmp_path, box):
    a = _load(tmp_path, LATER_CS188)
    suite = Suite(a, "seed")
    report = grade(box, suite, "ok", "models.py", LATER_CORRECT)
    assert report.status == "graded" and report.score == report.max_score, report.families
    strict = LATER_CORRECT.replace(b">= 0 else -1", b"> 0 else -1")
    bad = grade(box, suite, "strict", "models.py", strict)
    assert bad.score < bad.max_score
    missing = grade(box, suite, "none", "models.py", b"import nn\n")
    assert missing.status == "ungradable" and "class named PerceptronModel" in missing.message


def test_column_data_with_three_functions_and_the_hook_trace(tmp_path, box):
    a = _load(tmp_path, COLUMNS)
    suite = Suite(a, "seed")
    report = grade(box, suite, "ok", "cols.py", COLUMNS_CORRECT)
    assert report.score == report.max_score, [(r.case.case_id, r.verdict.message) for r in report.results
                                              if not r.verdict.passed]
    margin = COLUMNS_CORRECT.replace(b".item() <= 0:", b".item() <= 1:")  # updates points already right
    bad = grade(box, Suite(a, None, hidden=False), "margin", "cols.py", margin)
    text = check_text(bad, a)
    assert "which is not a mistake" in text and "update 2 differs: you updated on point" in text, text


def test_a_missing_function_costs_its_cases_only(tmp_path, box):
    a = _load(tmp_path, COLUMNS)
    source = COLUMNS_CORRECT.replace(b"def classify(", b"def classify_other(")
    report = grade(box, Suite(a, "seed"), "part", "cols.py", source)
    failed = {r.case.function for r in report.results if not r.verdict.passed}
    assert report.status == "graded" and failed == {"classify"}
    assert any("does not define classify" in r.verdict.message for r in report.results if not r.verdict.passed)


@pytest.mark.parametrize("change, message", [
    ("tie: sideways", "a.yaml: tie: must be one of mistake, positive, negative, avoid, got 'sideways'"),
    ("labels: [0, 1]\ntie: mistake", "a.yaml: tie: must be positive or negative with labels [0, 1]"),
    ("labels: [1, 2]", "a.yaml: labels: must be [-1, 1] or [0, 1], got [1, 2]"),
    ("step: 0", "a.yaml: step: must be between 1/1048576 and 1024, got 0"),
    ("step: [1/64, 1/64]", "a.yaml: step: lists the same step size twice"),
    ("epochs: forever", "a.yaml: epochs: must be argument, none or a number of passes between 1 and 1000"),
    ("order: shuffled", "a.yaml: order: must be one of fixed, free, get_order, npfl129, got 'shuffled'"),
    ("bias: middle", "a.yaml: bias: must be one of separate, first, last, none, got 'middle'"),
    ("start: somewhere", "a.yaml: start: must be one of zero, given, ones, random, course, got 'somewhere'"),
    ("epochs: none\nmutation: allowed", "a.yaml: functions[1].arguments: 'epochs' must not be passed"),
])
def test_new_keys_get_one_sentence_errors(tmp_path, change, message):
    text = COLUMNS.replace("offset: always", "offset: always\n" + change)
    with pytest.raises(AssignmentError) as err:
        _load(tmp_path, text)
    assert err.value.message.startswith(message), err.value.message


@pytest.mark.parametrize("text, message", [
    (COLUMNS.replace("    hidden: {separable: 5, non-separable: 5}", "    epochs: none\n    arguments: [data, labels]"
                     "\n    hidden: {non-separable: 5}").replace("    arguments: [data, labels, epochs, hook]\n", ""),
     "a.yaml: functions[1].hidden.non-separable: needs an epoch limit"),
    (COLUMNS.replace("    tie: negative\n", ""), "a.yaml: functions[2].tie: must be positive, negative or avoid"),
    (COLUMNS.replace("task: update", "task: sideways"), "a.yaml: functions[0].task: must be one of perceptron"),
    (COLUMNS.replace("functions:", "function: perceptron\nfunctions:"), "a.yaml: function: belongs inside"),
    (LATER_CS188.replace("values: nn", "values: nn\n  colour: red"), "a.yaml: class.colour: unknown key"),
    (LATER_CS188.replace("modules: {nn: nn}", "modules: {nn: torch}"),
     "a.yaml: class.modules.nn: must be one of nn, nn-multiplier-first, nn-either-order, got 'torch'"),
    (LATER_CS188.replace("modules: {nn: nn}", "modules: {backend: {make: data-stream}}"),
     "a.yaml: class.values: is nn but no module is an nn building block (nn or nn-multiplier-first or nn-either-order)"),
])
def test_structural_errors(tmp_path, text, message):
    with pytest.raises(AssignmentError) as err:
        _load(tmp_path, text)
    assert err.value.message.startswith(message), err.value.message


@settings(max_examples=60, deadline=None)
@given(st.lists(st.tuples(st.integers(-6, 6), st.integers(-6, 6), st.sampled_from([-1, 1])), min_size=1, max_size=7),
       st.booleans(), st.integers(1, 6), st.integers(-3, 3), st.integers(-3, 3), st.integers(-2, 2))
def test_general_reference_is_the_seeds_algorithm_under_the_default_convention(rows, offset, epochs, t1, t2, t0):
    X = tuple((Fraction(a, 2), Fraction(b, 4)) for a, b, _ in rows)
    y = tuple(c for _, _, c in rows)
    start, start0 = (Fraction(t1), Fraction(t2, 2)), Fraction(t0) if offset else Fraction(0)
    r = run(X, y, Convention(), offset=offset, max_epochs=epochs, theta=start, theta0=start0)
    t = perceptron_trace(X, y, offset=offset, max_epochs=epochs, theta_init=start, theta0_init=start0)
    assert (r.theta, r.theta0, r.converged, r.mistakes, r.epochs) == (t.theta, t.theta0, t.converged, t.mistakes,
                                                                      t.epochs)
    # η only rescales the run from zero (a positive multiple of θ changes no decision)
    a = run(X, y, Convention(), offset=offset, max_epochs=epochs, step=Fraction(1, 64))
    b = run(X, y, Convention(), offset=offset, max_epochs=epochs)
    assert a.theta == tuple(v / 64 for v in b.theta) and a.theta0 == b.theta0 / 64

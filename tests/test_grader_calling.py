"""Calling conventions and shapes: the column assignment, accepted return shapes, and grading by properties."""

from __future__ import annotations

import dataclasses
from fractions import Fraction
from pathlib import Path

import numpy as np
import pytest

from grader.assignments.assignment import load, parse
from grader.judging.calling import build_call, interpret
from grader.cases.case import visible_cases
from grader.grading import grade
from grader.suite import Suite
from test_grader_helpers import FakeCaseInput, FakeSandbox

SUBMISSIONS = Path(__file__).resolve().parent.parent / "submissions"
COLUMN = load("column")
DEFAULT = load()

COLUMN_CORRECT = b'''
import numpy as np

def perceptron(data, labels, params={}, hook=None):
    T = params.get("T", 100)
    d, n = data.shape
    th = np.zeros((d, 1))
    th0 = np.zeros((1, 1))
    for t in range(T):
        changed = False
        for i in range(n):
            x = data[:, i:i + 1]
            y = labels[0, i]
            if y * (th.T @ x + th0) <= 0:
                th = th + y * x
                th0 = th0 + y
                changed = True
        if not changed:
            break
    return th, th0
'''


def test_column_convention_arguments():
    case = visible_cases(COLUMN)[0]
    args, kwargs = build_call(COLUMN, case)
    data, labels, params = args
    assert data.shape == (len(case.X[0]), len(case.X)) and labels.shape == (1, len(case.X))
    assert params == {"T": case.max_epochs} and kwargs == {}
    args, kwargs = build_call(DEFAULT, case)
    assert args[0].shape == (len(case.X), 2) and args[1].shape == (len(case.X),)
    assert set(kwargs) == {"max_epochs", "offset"} and args[0].dtype == np.float64 and args[1].dtype == np.int64


def test_column_assignment_grades_a_correct_column_solution():
    suite = Suite(COLUMN, "col")
    report = grade(FakeSandbox(), suite, "col", "col.py", COLUMN_CORRECT, FakeCaseInput)
    assert report.status == "graded" and report.score == report.max_score, [
        (r.case.case_id, r.verdict.message) for r in report.results if not r.verdict.passed]


def test_column_assignment_names_a_strict_test():
    suite = Suite(COLUMN, "col")
    src = COLUMN_CORRECT.replace(b"<= 0", b"< 0")
    report = grade(FakeSandbox(), suite, "col", "col.py", src, FakeCaseInput)
    assert report.score < report.max_score and report.findings[0].name == "strict-inequality"


@pytest.mark.parametrize("theta, theta0", [
    (np.array([1.5, -2.0]), 0.5), (np.array([[1.5], [-2.0]]), np.array([[0.5]])), ([1.5, -2], 0.5),
    (np.array([[1.5, -2.0]]), np.array([0.5])), ((1.5, -2.0), 0.5), (np.array([3, -4]) / 2, np.float64(0.5)),
])
def test_accepted_shapes(theta, theta0):
    got = interpret(DEFAULT, (theta, theta0, True), 2)
    assert got.ok and got.theta == (Fraction(3, 2), Fraction(-2)) and got.theta0 == Fraction(1, 2)


@pytest.mark.parametrize("value, problem", [
    ((np.zeros(3), 0.0, True), "theta has shape (3,), expected (2,) or (2, 1)"),
    ((np.zeros(2), 0.0), "returned 2 values; expected a tuple of 3 values"),
    ((np.zeros(2), None, True), "theta0 is None, expected a finite number"),
    ((np.array([np.nan, 0]), 0.0, True), "theta is not a finite number: it contains nan or inf"),
    ((np.zeros(2), 0.0, 1), "converged is a int, expected True or False"),
    (None, "returned None; expected a tuple of 3 values"),
])
def test_rejected_values(value, problem):
    got = interpret(DEFAULT, value, 2)
    assert not got.ok and got.problem.startswith(problem)


def _free(a):
    doc = {"function": "perceptron", "data": a.data, "arguments": list(a.arguments),
           "keywords": dict(a.keywords), "returns": list(a.returns), "offset": a.offset, "order": "free",
           "hidden": {f: p for f, p in a.hidden if f != "large"}}
    return parse(doc, "free.yaml", b"free")


def test_free_order_grades_the_separator_by_its_properties():
    suite = Suite(_free(DEFAULT), "free")
    src = (SUBMISSIONS / "shuffled.py").read_bytes()
    report = grade(FakeSandbox(), suite, "s", "s.py", src, FakeCaseInput)
    failed = [r for r in report.results if not r.verdict.passed]
    assert not any(r.case.separable for r in failed), [r.case.case_id for r in failed]
    strict = grade(FakeSandbox(), suite, "s", "s.py", (SUBMISSIONS / "strict_less_than.py").read_bytes(),
                   FakeCaseInput)
    assert strict.score < strict.max_score


def test_free_order_rejects_a_non_separator():
    a = _free(DEFAULT)
    case = dataclasses.replace(visible_cases(a)[0])
    from grader.judging.judgement import compare_properties
    from grader.judging.calling import Answer
    bad = Answer(theta=tuple(Fraction(0) for _ in case.X[0]), theta0=Fraction(0), converged=True)
    assert "theta" in compare_properties(a, case, bad)


MISTAKES_SOURCE = b'''
import numpy as np

def train(y, X, epochs):
    theta, theta_0, k = np.zeros(X.shape[1]), 0.0, 0
    for _ in range(epochs):
        changed = False
        for i in range(len(y)):
            if y[i] * (theta @ X[i] + theta_0) <= 0:
                theta, theta_0, k, changed = theta + y[i] * X[i], theta_0 + y[i], k + 1, True
        if not changed:
            break
    return k, theta, theta_0
'''


def test_positional_epochs_and_a_mistake_count():
    doc = {"function": "train", "data": "rows", "arguments": ["labels", "data", "epochs"],
           "returns": ["mistakes", "theta", "theta0"], "offset": "always",
           "hidden": {"separable": 10, "non-separable": 10, "single-point": 5}}
    a = parse(doc, "counting.yaml", b"counting")
    suite = Suite(a, "count")
    report = grade(FakeSandbox(), suite, "c", "c.py", MISTAKES_SOURCE, FakeCaseInput)
    assert report.score == report.max_score == 45
    off_by_one = MISTAKES_SOURCE.replace(b"k + 1, True", b"k + 2, True")
    report = grade(FakeSandbox(), suite, "c", "c.py", off_by_one, FakeCaseInput)
    assert report.score < report.max_score and all(
        r.verdict.wrong == ("mistakes",) for r in report.results if not r.verdict.passed)


def test_code_for_another_convention_is_not_called_a_single_point_crash():
    suite = Suite(COLUMN, "col")
    src = (SUBMISSIONS / "correct.py").read_bytes()  # written for the rows convention: raises on every case
    report = grade(FakeSandbox(), suite, "c", "c.py", src, FakeCaseInput)
    assert report.score <= 5 and not any(f.likely for f in report.findings)


THROUGH_ORIGIN = b'''
import numpy as np

def perceptron(X, y, max_epochs=1000):
    theta = np.zeros(X.shape[1])
    for _ in range(max_epochs):
        changed = False
        for x, label in zip(X, y):
            if label * (theta @ x) <= 0:
                theta, changed = theta + label * x, True
        if not changed:
            break
    return theta
'''


def test_offset_never_and_a_single_return_value():
    doc = {"function": "perceptron", "arguments": ["data", "labels"], "keywords": {"max_epochs": "epochs"},
           "returns": ["theta"], "offset": "never", "hidden": {f: 5 for f in
                                                               ("separable", "offset-only", "non-separable",
                                                                "single-point", "tie", "one-dimensional")}}
    a = parse(doc, "origin.yaml", b"origin")
    suite = Suite(a, "origin")
    assert all(not c.offset for c in suite.cases) and not any(c.family == "offset-only" for c in suite.cases)
    report = grade(FakeSandbox(), suite, "o", "o.py", THROUGH_ORIGIN, FakeCaseInput)
    assert report.score == report.max_score == 20 + 25
    report = grade(FakeSandbox(), suite, "o", "o.py", THROUGH_ORIGIN.replace(b"<= 0", b"< 0"), FakeCaseInput)
    assert report.findings[0].name == "strict-inequality"

"""CS188's nn module as the sandbox provides it: the course's checks, and a start the grader knows exactly."""

from __future__ import annotations

import importlib.util
from fractions import Fraction
from pathlib import Path

import numpy as np
import pytest
from hypothesis import given, settings, strategies as st

from grader.assignments import case_seed, course_start

SANDBOX = Path(__file__).resolve().parent.parent / "grader" / "sandbox"


def _load(name: str):
    spec = importlib.util.spec_from_file_location(f"_test_{name}", SANDBOX / f"{name}.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


nn = _load("coursenn")


@settings(max_examples=40, deadline=None)
@given(st.text(min_size=1, max_size=20), st.integers(1, 8))
def test_the_child_draws_the_start_the_grader_computes(case_id, width):
    nn.Parameter.seed = case_seed(case_id)
    drawn = nn.Parameter(1, width).data
    theta, theta0 = course_start(case_id, width)
    assert drawn.shape == (1, width) and theta0 == 0
    assert [Fraction(float(v)) for v in drawn[0]] == list(theta)
    limit = np.sqrt(3.0 / np.mean((1, width)))
    assert all(abs(v) <= limit for v in theta) and all((v * 64).denominator == 1 for v in theta)


def test_the_course_checks_raise_assertion_errors_with_its_messages():
    w = nn.Parameter(1, 3)
    x = nn.Constant(np.array([[1.0, 2.0, 1.0]]))
    with pytest.raises(AssertionError, match="Multiplier must be a Python scalar"):
        w.update(x, np.array([[1.0]]))
    with pytest.raises(AssertionError, match="Update direction must be a Constant"):
        w.update(x.data, 1.0)
    with pytest.raises(AssertionError, match="does not match parameter shape"):
        w.update(nn.Constant(np.ones((1, 2))), 1.0)
    with pytest.raises(AssertionError, match="Data should be a float array"):
        nn.Constant(np.array([[1, 2]]))
    with pytest.raises(AssertionError, match="Shape must have 2 dimensions"):
        nn.Parameter(3)
    before = w.data.copy()
    w.update(x, -1.0)
    assert np.array_equal(w.data, before - x.data)
    score = nn.DotProduct(x, w)
    assert score.data.shape == (1, 1) and nn.as_scalar(score) == float(np.dot(x.data, w.data.T)[0, 0])
    with pytest.raises(AssertionError, match="cannot convert to a scalar"):
        nn.as_scalar(nn.Constant(np.ones((2, 1))))


def test_the_dataset_yields_constants_in_order_and_reports_each_pass():
    class Feed:
        model, seen = object(), 0

        def after_pass(self, model):
            self.seen += 1

    feed = Feed()
    data = nn.Dataset(np.array([[1.0, 1.0], [2.0, 1.0]]), np.array([1, -1]), feed)
    batches = list(data.iterate_once(1))
    assert [nn.as_scalar(y) for _, y in batches] == [1.0, -1.0] and type(batches[0][0]) is nn.Constant
    assert feed.seen == 1
    forever = data.iterate_forever(1)
    assert [nn.as_scalar(next(forever)[1]) for _ in range(5)] == [1.0, -1.0, 1.0, -1.0, 1.0] and feed.seen == 3
    with pytest.raises(AssertionError, match="not divisible by batch size"):
        list(data.iterate_once(3))

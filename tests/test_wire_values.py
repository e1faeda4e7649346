"""Every value the result channel can carry is data: judged as a wrong answer or a value of the wrong kind, never a
grader_error. Values are drawn as a submission could return them, sent through the wire's own encoding and
decoding (run_to_json / run_from_json, as from a cluster worker or the result pipe), then graded."""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pytest
from hypothesis import HealthCheck, given, settings, strategies as st

from grader.assignments.assignment import load
from grader.grading import grade
from grader.sandbox import CaseOutcome, SeparateRuns, SubmissionRun, run_from_json, run_to_json
from grader.suite import Suite

PRESETS = ("default", "mit6036", "udacity", "mitx686x", "cs4780", "cs188")
SUITES = {}


class _Floaty(float):
    def __eq__(self, other):
        return True

    __hash__ = float.__hash__


class _Inty(int):
    pass


def _leaf():
    return st.one_of(
        st.none(), st.booleans(), st.integers(), st.integers(min_value=-(10 ** 1200), max_value=10 ** 1200),
        st.sampled_from([10 ** 400, -(10 ** 400), 2 ** 1023, 2 ** 1024, 2 ** 53 + 1]),
        st.floats(allow_nan=True, allow_infinity=True), st.text(max_size=8),
        st.floats(allow_nan=True).map(_Floaty), st.integers().map(_Inty),
        st.sampled_from([np.float32(1.5), np.int8(-3), np.float64("nan"), np.bool_(True), np.uint64(2 ** 64 - 1)]),
        st.builds(lambda n, v: np.full(n, v), st.integers(0, 4), st.floats(allow_nan=True)),
        st.builds(lambda n, v: np.full((n, 1), v, dtype=np.int64), st.integers(0, 4), st.integers(-2 ** 63, 2 ** 63 - 1)),
        st.builds(lambda n: np.zeros((n, 2, 2)), st.integers(0, 3)),
        st.sampled_from([np.array([True, False]), np.array([], dtype=float), np.array([[1e308, -1e308]]),
                         np.array(["a"]), np.array([1 + 2j]), object(), np.matrix([[1.0, 2.0]])]),
    )


VALUES = st.recursive(_leaf(), lambda inner: st.one_of(
    st.lists(inner, max_size=4), st.lists(inner, max_size=4).map(tuple),
    st.dictionaries(st.text(max_size=6), inner, max_size=3)), max_leaves=12)


class _Returns:
    """A sandbox whose every call returns `value`, as the wire would deliver it."""

    def __init__(self, value):
        self.value = value

    def session(self, source, filename, function, setup=None):
        return SeparateRuns(self, source, filename, function, setup)

    def run(self, source, filename, function, cases, setup=None):
        outcomes = tuple(CaseOutcome(c.case_id, "returned", self.value, "", False, 0.001) for c in cases)
        run = SubmissionRun("ok", "", outcomes, "", "", "strong", "", 0.01)
        return run_from_json(run_to_json(run))


def _suite(name: str) -> Suite:
    if name not in SUITES:
        a = load(name)
        SUITES[name] = Suite(a.with_hidden(lambda family: family != "large"), "wire-seed")
    return SUITES[name]


# default (rows), mit6036 (columns) and cs188 (a class) in the default run; the other layouts' presets with -m slow
@pytest.mark.parametrize("preset", [pytest.param(p, marks=pytest.mark.slow) if p in ("udacity", "mitx686x", "cs4780")
                                    else p for p in PRESETS])
@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(value=VALUES)
def test_any_value_the_wire_carries_is_graded(preset, value):
    suite = _suite(preset)
    report = grade(_Returns(value), suite, "v", "v.py", b"def perceptron(*a, **k):\n    pass\n")
    assert report.status == "graded"
    assert 0 <= report.score <= report.max_score


@pytest.mark.parametrize("value", [([10 ** 400] * 2, 0.0, True), ([10 ** 400, 1], -(10 ** 400), True),
                                   (np.array([np.inf, np.nan]), np.nan, True), ([_Floaty(1.0)] * 2, _Inty(0), True)])
def test_the_reported_values_are_wrong_answers(value):
    report = grade(_Returns(value), _suite("default"), "v", "v.py", b"def perceptron(*a, **k):\n    pass\n")
    assert report.status == "graded" and report.score < report.max_score

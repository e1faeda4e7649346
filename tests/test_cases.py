"""Hidden and visible cases: every one is verified by the exact core, float-exact, reproducible from its seed."""

from __future__ import annotations

from fractions import Fraction

import pytest
from hypothesis import HealthCheck, given, settings, strategies as st

from rosenblatt.core import Infeasibility, Separator, perceptron_trace, verify_infeasibility, verify_separator
from grader.assignments.assignment import load
from grader.cases.case import hidden_cases, visible_cases
from grader.cases.draw import _has_tie

DEFAULT = load()
COLUMN = load("column")
SMALL = DEFAULT.with_hidden(lambda family: family != "large")
TAGS = {"separable", "non-separable", "single-point", "tie", "offset-only", "origin", "one-dimensional",
        "fractional", "large", "input-mutation", "interface"}


def _check_case(c) -> None:
    assert all(Fraction(float(v)) == v for row in c.X for v in row), "coordinates must be exact floats"
    assert all(v.denominator in (1, 2, 4, 8, 16) for row in c.X for v in row), "dyadic coordinates"
    t = perceptron_trace(c.X, c.y, offset=c.offset, max_epochs=c.max_epochs, record=False)
    e = c.expected
    assert (t.theta, t.theta0, t.converged, t.mistakes) == (e.theta, e.theta0, e.converged, e.mistakes)
    if isinstance(c.certificate, Separator):
        assert verify_separator(c.X, c.y, c.certificate, c.offset)
        assert c.expected.converged or c.max_epochs < 1000
    elif isinstance(c.certificate, Infeasibility):
        assert verify_infeasibility(c.X, c.y, c.certificate, c.offset)
        assert not c.expected.converged
    else:
        assert not any(c.X[0]) and not c.offset and not c.expected.converged  # the zero vector through the origin
    assert set(c.tags) <= TAGS and c.family in c.tags
    assert set(c.y) <= {-1, 1}


@settings(max_examples=15, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.text(min_size=1, max_size=12))
def test_every_hidden_case_is_verified_by_the_exact_core(seed):
    cases = hidden_cases(SMALL, seed)
    assert len({c.case_id for c in cases}) == len(cases)
    for c in cases:
        _check_case(c)
        if c.family == "tie":
            assert _has_tie(c.X, c.y, c.offset, c.max_epochs)
        if c.twin:
            twin = next(x for x in cases if x.case_id == c.twin)
            assert (twin.X, twin.y, twin.offset) == (c.X, c.y, c.offset)
    families = {c.family for c in cases}
    assert families == {f for f, _ in SMALL.hidden}


def test_family_contents():
    cases = hidden_cases(DEFAULT, "fixed-seed")
    by = lambda fam: [c for c in cases if c.family == fam]  # noqa: E731
    on, off = by("offset-only")
    assert on.offset and on.expected.converged and not off.offset and not off.expected.converged
    assert not off.separable
    singles = by("single-point")
    assert all(len(c.X) == 1 for c in singles)
    assert singles[0].expected.mistakes == 1 and singles[0].expected.converged
    zero_origin = [c for c in singles if not any(c.X[0]) and not c.offset][0]
    assert zero_origin.expected.mistakes == zero_origin.max_epochs and zero_origin.expected.converged is False
    zero_offset = [c for c in singles if not any(c.X[0]) and c.offset][0]
    assert zero_offset.expected.theta0 == zero_offset.y[0] and zero_offset.expected.converged
    assert {len(c.X[0]) for c in by("one-dimensional")} == {1} and 1 in {len(c.X) for c in by("one-dimensional")}
    assert all(any(v.denominator > 4 for row in c.X for v in row) for c in by("fractional"))
    assert all(not c.separable for c in by("non-separable")) and all(c.max_epochs <= 5 for c in by("non-separable"))
    (large,) = by("large")
    assert len(large.X) >= 20_000 and large.expected.converged
    _check_case(large)
    t = perceptron_trace(large.X, large.y, offset=large.offset, max_epochs=large.max_epochs, record=False)
    assert t.converged and t.epochs <= 4


def test_reproducible_and_seed_dependent():
    a, b, c = hidden_cases(SMALL, "s"), hidden_cases(SMALL, "s"), hidden_cases(SMALL, "t")
    assert a == b
    assert [x.X for x in a] != [x.X for x in c]


@pytest.mark.parametrize("assignment", [DEFAULT, COLUMN])
def test_visible_cases_are_small_fixed_and_verified(assignment):
    cases = visible_cases(assignment)
    assert cases == visible_cases(assignment)
    assert 3 <= len(cases) <= 8 and all(c.visible and len(c.X) <= 8 for c in cases)
    for c in cases:
        _check_case(c)
    if assignment.offsets() == (True,):
        assert all(c.offset for c in cases + hidden_cases(COLUMN, "x"))

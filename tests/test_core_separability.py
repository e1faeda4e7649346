"""Exact separability decisions, their certificates, the mistake bound and Cover's count."""

import itertools
from fractions import Fraction as F

import pytest
from hypothesis import assume, given, settings, strategies as st

from rosenblatt.core import (
    Infeasibility, Separator, cover_count, cover_fraction, decide, margin_bound, perceptron_trace, separability,
    verify_infeasibility, verify_separator
)
from rosenblatt.core.separation import verify

XOR_X = [[0, 0], [1, 1], [0, 1], [1, 0]]
XOR_Y = [-1, -1, 1, 1]


def test_xor_is_not_separable_with_or_without_offset():
    for decision in separability(XOR_X, XOR_Y):
        assert not decision.separable
        assert isinstance(decision.certificate, Infeasibility)
        assert verify_infeasibility(XOR_X, XOR_Y, decision.certificate, decision.offset)


def test_centered_xor_certificate():
    X = [[1, 1], [-1, -1], [1, -1], [-1, 1]]
    y = [1, 1, -1, -1]
    origin, offset = separability(X, y)
    assert not origin.separable and not offset.separable


def test_points_on_a_ray_with_different_labels_need_an_offset():
    X, y = [[1, 1], [2, 2]], [1, -1]
    origin, offset = separability(X, y)
    assert not origin.separable and offset.separable
    assert verify_separator(X, y, offset.certificate, offset=True)
    assert verify_infeasibility(X, y, origin.certificate, offset=False)


def test_alternating_labels_on_a_line_are_separable_with_neither():
    X, y = [[1], [2], [3]], [1, -1, 1]
    origin, offset = separability(X, y)
    assert not origin.separable and not offset.separable


def test_opposite_sides_of_the_origin_are_separable_both_ways():
    X, y = [[-2, 1], [3, F(1, 2)]], [-1, 1]
    origin, offset = separability(X, y)
    assert origin.separable and offset.separable
    assert origin.certificate.theta0 == 0


def test_same_point_with_both_labels_is_never_separable():
    X, y = [[F(1, 2), 3], [F(1, 2), 3]], [1, -1]
    for decision in separability(X, y):
        assert not decision.separable and verify(X, y, decision)


def test_zero_vector_through_origin_is_not_separable():
    decision = decide([[0, 0]], [1], offset=False)
    assert not decision.separable and decision.certificate.weights == (1,)


def test_verifiers_reject_wrong_certificates():
    X, y = [[1, 1], [2, 2]], [1, -1]
    assert not verify_separator(X, y, Separator((F(1), F(1)), F(0)), offset=False)
    assert not verify_separator(X, y, Separator((F(-1), F(-1)), F(3)), offset=False)  # θ₀ ≠ 0 through origin
    assert not verify_infeasibility(X, y, Infeasibility((F(0), F(0))), offset=False)
    assert not verify_infeasibility(X, y, Infeasibility((F(-2), F(-1))), offset=False)
    assert not verify_infeasibility(X, y, Infeasibility((F(2), F(1))), offset=True)


coord = st.integers(-4, 4)


@st.composite
def labelled(draw, max_n=8, max_d=3):
    d = draw(st.integers(1, max_d))
    n = draw(st.integers(1, max_n))
    X = [[F(draw(coord), draw(st.sampled_from([1, 2]))) for _ in range(d)] for _ in range(n)]
    y = [draw(st.sampled_from([-1, 1])) for _ in range(n)]
    return X, y


@settings(max_examples=300, deadline=None)
@given(labelled())
def test_every_certificate_verifies(data):
    X, y = data
    origin, offset = separability(X, y)
    assert verify(X, y, origin) and verify(X, y, offset)
    assert not origin.separable or offset.separable  # through the origin implies with an offset


@settings(max_examples=150, deadline=None)
@given(labelled(max_n=7, max_d=2))
def test_perceptron_converges_exactly_on_separable_data(data):
    X, y = data
    decision = decide(X, y, offset=False)
    assume(decision.separable)
    bound = margin_bound(X, y, decision.certificate.theta)
    assert bound.converged and bound.mistakes <= bound.bound


@st.composite
def separated_by_w_star(draw):
    d = draw(st.integers(1, 3))
    w = [draw(st.integers(-3, 3)) for _ in range(d)]
    assume(any(w))
    n = draw(st.integers(1, 8))
    X = [[F(draw(coord), draw(st.sampled_from([1, 2, 4]))) for _ in range(d)] for _ in range(n)]
    margins = [sum(a * b for a, b in zip(w, x)) for x in X]
    assume(all(m != 0 for m in margins))
    return X, [1 if m > 0 else -1 for m in margins], w


@settings(max_examples=200, deadline=None)
@given(separated_by_w_star())
def test_mistakes_never_exceed_the_bound(data):
    X, y, w = data
    mb = margin_bound(X, y, w)
    assert mb.converged and mb.mistakes <= mb.bound
    assert mb.bound == (mb.R / mb.gamma) ** 2


def test_bound_values_are_exact_surds():
    mb = margin_bound([[1, 2], [-1, 2], [0, -1]], [1, -1, -1], [3, 1])
    assert str(mb.gamma) == "sqrt(10)/10" and str(mb.R) == "sqrt(5)" and mb.bound == 50
    assert mb.mistakes == 6 and mb.within_bound


def test_bound_rejects_a_non_separator():
    with pytest.raises(ValueError, match="point 3"):
        margin_bound([[1, 2], [-1, 2], [0, -1]], [1, -1, -1], [1, 0])


def test_cover_count_closed_forms():
    assert cover_count(4, 5) == 2**4
    assert cover_count(10, 5) == 2**9  # P = 2N gives half of the dichotomies
    assert cover_fraction(10, 5) == F(1, 2)
    assert cover_count(1, 1) == 2
    assert cover_count(200, 3) == 2 * (1 + 199 + 199 * 198 // 2)


GENERAL_POSITION = {
    1: [[1], [2], [-3], [F(1, 2)], [5]],
    2: [[1, 0], [1, 2], [-1, 3], [2, -5], [3, 7], [-4, -1]],
    3: [[1, 0, 0], [0, 1, 0], [0, 0, 1], [1, 2, 3], [-2, 1, 5], [3, -1, 2]],
}


@pytest.mark.parametrize("N", [1, 2, 3])
def test_cover_count_matches_brute_force_enumeration(N):
    for P in range(1, len(GENERAL_POSITION[N]) + 1):
        X = GENERAL_POSITION[N][:P]
        count = sum(decide(X, list(labels), offset=False).separable
                    for labels in itertools.product([-1, 1], repeat=P))
        assert count == cover_count(P, N), (P, N)


def test_perceptron_finds_separators_that_verify():
    X, y = [[1, 1], [2, 2], [3, 1]], [1, -1, 1]
    decision = decide(X, y, offset=True)
    assert decision.separable
    trace = perceptron_trace(X, y, offset=True, max_epochs=1000)
    assert trace.converged
    assert verify_separator(X, y, Separator(trace.theta, trace.theta0), offset=True)


_exact = st.fractions(min_value=-20, max_value=20, max_denominator=12)
_float = st.floats(min_value=-1e6, max_value=1e6, allow_nan=False, allow_infinity=False)


@settings(max_examples=200, deadline=None)
@given(st.integers(1, 3).flatmap(lambda d: st.tuples(
    st.lists(st.tuples(*[_exact] * d), min_size=1, max_size=8),
    st.lists(st.one_of(_float, _exact), min_size=d, max_size=d),
    st.one_of(_float, _exact), st.booleans(), st.booleans())))
def test_verify_separator_is_the_exact_sign_test_on_cached_and_fresh_points(args):
    rows, theta, theta0, offset, as_tuple = args
    y = [1 if k % 2 else -1 for k in range(len(rows))]
    X = tuple(rows) if as_tuple else [list(r) for r in rows]  # tuples are cached, lists are not
    theta0 = theta0 if offset else 0
    want = all(yi * (sum(F(t) * F(v) for t, v in zip(theta, x)) + F(theta0)) > 0 for x, yi in zip(rows, y))
    sep = Separator(tuple(theta), theta0)
    assert verify_separator(X, y, sep, offset) == want
    assert verify_separator(X, y, sep, offset) == want  # again, from the cache for tuples

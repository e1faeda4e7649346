"""The exact perceptron trace: the seeds' worked exercise, the single-point quiz, and properties."""

import math
from fractions import Fraction as F

from hypothesis import given, settings, strategies as st

from rosenblatt.core import perceptron_trace

SEED_X = [[1, 2], [-1, 2], [0, -1]]
SEED_Y = [1, -1, -1]


def test_seed_worked_exercise_exactly():
    trace = perceptron_trace(SEED_X, SEED_Y, theta_init=[1, F("-0.8")], max_epochs=10)
    assert [u.theta for u in trace.updates] == [(2, F(6, 5)), (3, F(-4, 5)), (3, F(1, 5))]
    assert [(u.epoch, u.index) for u in trace.updates] == [(1, 1), (1, 2), (1, 3)]
    assert trace.converged and trace.epochs == 2 and trace.mistakes == 3
    assert trace.theta == (3, F(1, 5)) and trace.theta0 == 0
    assert [v.mistake for v in trace.visits[3:]] == [False, False, False]


def test_visit_records_value_before_update():
    trace = perceptron_trace(SEED_X, SEED_Y, theta_init=[1, F(-4, 5)])
    first = trace.visits[0]
    assert first.value == F(-3, 5) and first.mistake


def test_single_point_from_zero_makes_exactly_one_mistake():
    for offset in (False, True):
        trace = perceptron_trace([[F(3, 4), -2]], [1], offset=offset, max_epochs=50)
        assert trace.mistakes == 1 and trace.converged and trace.epochs == 2


def test_zero_vector_through_origin_never_converges():
    trace = perceptron_trace([[0, 0]], [1], max_epochs=25)
    assert not trace.converged and trace.mistakes == 25 and trace.theta == (0, 0)


def test_zero_vector_with_offset_converges_by_the_bias():
    trace = perceptron_trace([[0, 0]], [-1], offset=True, max_epochs=25)
    assert trace.converged and trace.mistakes == 1 and trace.theta0 == -1


def test_tie_counts_as_mistake():
    # θ = (1, 1) and x = (1, -1): θ·x = 0 exactly, so the point is updated although y·0 is not negative.
    trace = perceptron_trace([[1, -1]], [1], theta_init=[1, 1], max_epochs=3)
    assert trace.visits[0].value == 0 and trace.visits[0].mistake


def test_order_and_offset_start():
    trace = perceptron_trace(SEED_X, SEED_Y, offset=True, theta0_init=F(1, 2), order=[2, 0, 1], max_epochs=20)
    assert trace.visits[0].index == 3
    assert trace.visits[0].value == -1 * F(1, 2)


small = st.integers(-3, 3)


@st.composite
def datasets(draw, offset=st.booleans()):
    d = draw(st.integers(1, 3))
    n = draw(st.integers(1, 6))
    X = [[F(draw(small), draw(st.sampled_from([1, 2, 4]))) for _ in range(d)] for _ in range(n)]
    y = [draw(st.sampled_from([-1, 1])) for _ in range(n)]
    return X, y, draw(offset)


@settings(max_examples=150, deadline=None)
@given(datasets())
def test_trace_matches_a_plain_fraction_loop(data):
    X, y, offset = data
    trace = perceptron_trace(X, y, offset=offset, max_epochs=7)
    theta, theta0, mistakes = [F(0)] * len(X[0]), F(0), 0
    for _ in range(7):
        clean = True
        for x, yi in zip(X, y):
            if yi * (sum(t * v for t, v in zip(theta, x)) + theta0) <= 0:
                theta = [t + yi * v for t, v in zip(theta, x)]
                theta0 += yi if offset else 0
                mistakes, clean = mistakes + 1, False
        if clean:
            break
    assert trace.theta == tuple(theta) and trace.theta0 == theta0 and trace.mistakes == mistakes
    assert trace.converged == clean


@settings(max_examples=100, deadline=None)
@given(datasets())
def test_converged_means_a_clean_final_pass(data):
    X, y, offset = data
    trace = perceptron_trace(X, y, offset=offset, max_epochs=20)
    last = [v for v in trace.visits if v.epoch == trace.epochs]
    assert trace.converged == (not any(v.mistake for v in last))
    assert len(trace.visits) == trace.epochs * len(X)


_VALUES = st.one_of(
    st.integers(-10**30, 10**30),
    st.fractions(max_denominator=10**12),
    st.floats(allow_nan=False, allow_infinity=False, allow_subnormal=True),
)


@settings(max_examples=300, deadline=None)
@given(data=st.data(), rows=st.integers(1, 6), dim=st.integers(1, 4))
def test_scaled_to_integers_is_the_exact_lcd_scaling(data, rows, dim):
    """Ints, Fractions and floats (down to subnormals): each value n/d becomes n·(s/d), s the least common denominator."""
    from rosenblatt.core import scaled_to_integers

    X = [data.draw(st.lists(_VALUES, min_size=dim, max_size=dim)) for _ in range(rows)]
    if data.draw(st.booleans()):  # immutable points: their integer rows are cached and shared
        X = tuple(map(tuple, X))
        assert scaled_to_integers(X)[0] is scaled_to_integers(X)[0]
    theta = data.draw(st.none() | st.lists(_VALUES, min_size=dim, max_size=dim))
    theta0 = data.draw(_VALUES)
    xs, th, th0, s = scaled_to_integers(X, theta, theta0)
    exact = [[F(v) for v in row] for row in X] + [[F(v) for v in (theta or [0] * dim)], [F(theta0)]]
    assert s == math.lcm(*(v.denominator for row in exact for v in row))  # the least such factor
    assert [[F(n, s) for n in row] for row in (*xs, th, [th0])] == exact

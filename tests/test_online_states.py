"""The states an online perceptron from zero can end in, in some visiting order (what free-order grading accepts)."""

from __future__ import annotations

import itertools
from fractions import Fraction

from hypothesis import given, settings, strategies as st

from grader.assignments import Convention
from grader.judging import reachable

TIES = ("mistake", "positive", "negative", "avoid")
small = st.integers(-3, 3)
data = st.integers(1, 4).flatmap(lambda n: st.tuples(
    st.lists(st.tuples(small, small), min_size=n, max_size=n), st.lists(st.sampled_from([-1, 1]), min_size=n,
                                                                        max_size=n)))


def _orders_end(conv: Convention, pts, y, passes: int = 12) -> set:
    """Ends found by running cyclic passes in every fixed order (each a state reachable from zero)."""
    ends = set()
    for order in itertools.permutations(range(len(pts))):
        w = [0, 0]
        for _ in range(passes):
            moved = False
            for i in order:
                if conv.mistake(w[0] * pts[i][0] + w[1] * pts[i][1], y[i]):
                    w, moved = [w[0] + y[i] * pts[i][0], w[1] + y[i] * pts[i][1]], True
            if not moved:
                ends.add(tuple(w))
                break
    return ends


@settings(max_examples=60, deadline=None)
@given(data, st.sampled_from(TIES))
def test_every_in_order_run_ends_in_a_reachable_state(d, tie):
    pts, y = d
    conv = Convention(tie=tie)
    ends = reachable(conv, tuple(tuple(Fraction(v) for v in p) for p in pts), tuple(y))
    if ends is not None:
        assert _orders_end(conv, pts, y) <= ends
        for w in ends:  # an end state misclassifies no point
            assert not any(conv.mistake(w[0] * p[0] + w[1] * p[1], yi) for p, yi in zip(pts, y))


@settings(max_examples=40, deadline=None)
@given(data, st.sampled_from(TIES))
def test_huge_coordinates_give_the_same_states_scaled(d, tie):
    """Points times 2**40 overflow int64 scores, so the search runs in Python integers: same decisions, scaled ends."""
    pts, y = d
    conv, k = Convention(tie=tie), 2**40
    small_ends = reachable(conv, tuple(tuple(Fraction(v) for v in p) for p in pts), tuple(y))
    big_ends = reachable(conv, tuple(tuple(Fraction(v * k) for v in p) for p in pts), tuple(y))
    assert (big_ends is None) == (small_ends is None)
    if small_ends is not None:
        assert big_ends == {tuple(v * k for v in w) for w in small_ends}


def test_one_point_on_the_boundary_under_each_tie_rule():
    pts, y = ((Fraction(1), Fraction(0)),), (-1,)
    assert reachable(Convention(tie="mistake"), pts, y) == {(-1, 0)}
    assert reachable(Convention(tie="negative"), pts, y) == {(0, 0)}  # a zero score predicts -1: no mistake
    assert reachable(Convention(tie="positive"), pts, y) == {(-1, 0)}

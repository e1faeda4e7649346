"""The numpy skip over clean stretches (rosenblatt.shared.Scan) changes no result: a run without a record, and every
exact mutant of the grader, end where the plain Python-int loop ends, on many points, huge numbers included."""

from __future__ import annotations

from fractions import Fraction

import numpy as np
import pytest
from hypothesis import given, settings, strategies as st

import grader.cases.mutants as mutants
import rosenblatt.shared.scan as scan_module
from rosenblatt.core import perceptron_trace
from rosenblatt.shared import Scan


def _points(seed: int, n: int, d: int, separable: bool):
    rng = np.random.default_rng(seed)
    denom = int(rng.choice([1, 2, 4, 3]))
    X = tuple(tuple(Fraction(int(v), denom) for v in row) for row in rng.integers(-8, 9, size=(n, d)))
    if not separable:
        return X, tuple(int(v) for v in rng.choice([-1, 1], size=n))
    w = rng.integers(-3, 4, size=d)
    return X, tuple(1 if sum(a * int(b) for a, b in zip(row, w)) + Fraction(1, 3) > 0 else -1 for row in X)


@settings(max_examples=6)
@given(seed=st.integers(0, 10 ** 6), n=st.integers(512, 900), d=st.integers(1, 3), separable=st.booleans(),
       offset=st.booleans(), epochs=st.integers(0, 4), shuffled=st.booleans())
def test_a_run_without_a_record_ends_where_the_plain_loop_ends(seed, n, d, separable, offset, epochs, shuffled):
    X, y = _points(seed, n, d, separable)
    order = list(np.random.default_rng(seed).permutation(n)) if shuffled else None
    fast = perceptron_trace(X, y, offset=offset, max_epochs=epochs, order=order, record=False)
    recorded = perceptron_trace(X, y, offset=offset, max_epochs=epochs, order=order, record=True)
    assert (fast.theta, fast.theta0, fast.mistakes, fast.converged, fast.epochs, fast.visits) == \
        (recorded.theta, recorded.theta0, recorded.mistakes, recorded.converged, recorded.epochs, ())


@settings(max_examples=6)
@given(seed=st.integers(0, 10 ** 6), separable=st.booleans(), offset=st.booleans(), epochs=st.integers(0, 4))
def test_every_exact_mutant_ends_where_the_plain_loop_ends(seed, separable, offset, epochs):
    X, y = _points(seed, 700, 2, separable)
    for _, variant in mutants.EXACT_VARIANTS:
        with pytest.MonkeyPatch.context() as m:
            fast = mutants.run_variant(variant, X, y, offset, epochs)
            m.setattr(scan_module, "MIN_POINTS", 10 ** 9)  # Scan.make then declines: the plain loop
            assert mutants.run_variant(variant, X, y, offset, epochs) == fast, variant


@pytest.mark.parametrize("big", [2 ** 40, 2 ** 61, 2 ** 70])
def test_numbers_beyond_the_int64_guard_fall_back_to_python_ints(big):
    X = tuple((Fraction(big + i), Fraction(-i, 3)) for i in range(600))
    y = tuple((-1) ** i for i in range(600))
    fast = perceptron_trace(X, y, offset=True, max_epochs=4, record=False)
    recorded = perceptron_trace(X, y, offset=True, max_epochs=4, record=True)  # the plain loop, which records
    assert (fast.theta, fast.theta0, fast.mistakes, fast.converged) == \
        (recorded.theta, recorded.theta0, recorded.mistakes, recorded.converged)


def test_a_scan_refuses_what_int64_cannot_hold_and_finds_the_first_mistake():
    assert Scan.make([[2 ** 62, 1]] * 600, [1] * 600, 1) is None
    assert Scan.make([[-2 ** 63, 1]] * 600, [1] * 600, 1) is None
    assert Scan.make([[1, 1]] * 10, [1] * 10, 1) is None  # few points: the plain loop
    scan = Scan.make([[1, 0]] * 599 + [[-1, 0]], [1] * 600, 0)
    assert scan.first([1, 0], 0, 0) == 599
    assert scan.first([0, 0], 0, 5) == 5  # a zero score is a mistake unless strict
    assert scan.first([0, 0], 0, 5, strict=True) == 600
    assert scan.first([2 ** 62, 0], 0, 0) is None  # scores could reach 2⁶²: the caller visits the point itself

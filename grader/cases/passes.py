"""Training data on which one pass never suffices, whatever the visiting order (a free-order course's telling
cases): with and without a zero coordinate in every point, so that a loop which stops after one pass and one which
takes an update that leaves a coordinate of θ where it was for a clean pass fail different cases."""

from __future__ import annotations

import itertools
from fractions import Fraction
from typing import Callable, Sequence

from rosenblatt.core import scaled_to_integers, verify_separator
from grader.assignments import FunctionSpec, augment
from grader.cases.draw import grid_2d

MAX_POINTS = 6  # every visiting order is tried: 6! = 720 single passes at most
MAX_DRAWS = 2_000  # few small data sets need a second pass in every order: more tries than other draws take


def applies(f: FunctionSpec) -> bool:
    """A training function graded by its properties, from zero, with the `<= 0` test and η = 1 (where these data
    tell the two mistakes apart)."""
    c = f.convention
    return c.by_property and c.start == "zero" and c.tie == "mistake" and f.trains and not f.method \
        and tuple(c.steps) == (1,)


def space(f: FunctionSpec, X: Sequence[Sequence[Fraction]], offset: bool) -> tuple[tuple[Fraction, ...], ...]:
    """The points in the space the perceptron runs in: the folded bias's constant, or (x, 1) with an offset."""
    if f.convention.folded:
        return augment(X, f.convention.bias)
    return tuple(tuple(r) + (Fraction(1),) for r in X) if offset else tuple(tuple(r) for r in X)


def one_pass_never_enough(pts: Sequence[Sequence[Fraction]], y: Sequence[int], strict: bool = False) -> bool:
    """From zero, with `y(w·x) <= 0` as a mistake and η = 1: every order's single pass leaves a point misclassified
    (`strict`: on the wrong side, not on the boundary, where a tie rule could be blamed); False above MAX_POINTS
    points: not decided. Exact, in integers scaled by one common denominator."""
    if len(pts) > MAX_POINTS:
        return False
    xs = scaled_to_integers(pts)[0]
    for order in itertools.permutations(range(len(xs))):
        w = [0] * len(xs[0])
        for i in order:
            if y[i] * sum(a * b for a, b in zip(w, xs[i])) <= 0:
                w = [a + y[i] * b for a, b in zip(w, xs[i])]
        if all(yi * sum(a * b for a, b in zip(w, x)) >= (0 if strict else 1) for x, yi in zip(xs, y)):
            return False
    return True


def zeroed(X: Sequence[Sequence[Fraction]]) -> bool:
    """Every point has a zero coordinate (so every update leaves a coordinate of θ where it was)."""
    return len(X) > 0 and all(any(v == 0 for v in row) for row in X)


def some_zero(X: Sequence[Sequence[Fraction]]) -> bool:
    """Some point has a zero coordinate (an update on it leaves a coordinate of θ where it was)."""
    return any(any(v == 0 for v in row) for row in X)


def draw(rng, f: FunctionSpec, offset: bool, fits: Callable[[dict], bool]) -> list[dict]:
    """Two separable cases in 2-D that no single pass separates in any order: one with a zero coordinate in every
    point (where every single pass leaves a point strictly on the wrong side), one with none; each accepted by `fits`
    (the course's bound on passes). None drawn outside `applies`."""
    if not applies(f):
        return []
    return [r for r in (_draw(rng, f, offset, fits, zero) for zero in (True, False)) if r is not None]


def _draw(rng, f: FunctionSpec, offset: bool, fits: Callable[[dict], bool], zero: bool) -> dict | None:
    for _ in range(MAX_DRAWS):
        drawn = grid_2d(rng, int(rng.integers(3, MAX_POINTS + 1)), offset, zero)
        if drawn is None or not zero and some_zero(drawn[0]):  # the zeroed draw has a zero in every point
            continue
        X, y, sep = drawn
        r = dict(X=X, y=y, offset=offset, max_epochs=1000, cert=sep)
        if verify_separator(X, y, sep, offset) and one_pass_never_enough(space(f, X, offset), y, zero) and fits(r):
            return r
    return None

"""Draw grid points labelled by a chosen separator with a margin: valid data built directly, not filtered blindly."""

from __future__ import annotations

from fractions import Fraction
from typing import TYPE_CHECKING, Sequence

from exercises.kinds.base import Reject
from exercises.kinds.grid import Grid

if TYPE_CHECKING:
    import numpy as np  # generation only: the caller passes the Generator

Point = tuple[Fraction, ...]


def dot(a: Sequence[Fraction], b: Sequence[Fraction]) -> Fraction:
    return sum((u * v for u, v in zip(a, b)), Fraction(0))


def draw_direction(rng: np.random.Generator, dim: int, high: int = 3) -> tuple[Fraction, ...]:
    """A nonzero integer vector with entries in [-high, high]."""
    for _ in range(100):
        w = tuple(Fraction(int(v)) for v in rng.integers(-high, high + 1, size=dim))
        if any(w):
            return w
    return (Fraction(1),) + (Fraction(0),) * (dim - 1)


def labelled_points(rng: np.random.Generator, grid: Grid, dim: int, n: int, theta: Sequence[Fraction],
                    theta0: Fraction, margin: Fraction, *, allow_zero: bool = False,
                    avoid: Sequence[Point] = ()) -> tuple[list[Point], list[int]]:
    """Draw n distinct grid points with |θ·x + θ₀| ≥ margin, labelled sign(θ·x + θ₀); both labels appear.

    Raises Reject("params.n_points") when the grid has too few such points (after a capped number of draws).
    """
    seen = set(avoid)
    X: list[Point] = []
    y: list[int] = []
    for _ in range(60 * n + 200):
        if len(X) == n:
            break
        x = grid.draw(rng, dim)
        if x in seen or (not allow_zero and not any(x)):
            continue
        value = dot(theta, x) + theta0
        if abs(value) < margin or value == 0:
            continue
        if len(X) == n - 1 and n >= 2 and len(set(y)) == 1 and (value > 0) == (y[0] > 0):
            continue  # the last point must bring the missing label
        seen.add(x)
        X.append(x)
        y.append(1 if value > 0 else -1)
    if len(X) < n:
        raise Reject("params.n_points (not enough distinct grid points away from the separator)")
    if len(set(y)) < 2 and n >= 2:
        raise Reject("both labels (+1 and -1) present")
    return X, y


def distinct_nonzero(X: Sequence[Point], allow_zero: bool = False) -> bool:
    return len(set(X)) == len(X) and (allow_zero or all(any(x) for x in X))

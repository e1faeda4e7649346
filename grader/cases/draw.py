"""Draw small data sets directly from a numpy Generator: dyadic coordinates, separators first, checked exactly."""

from __future__ import annotations

from fractions import Fraction

import numpy as np

from rosenblatt.core import Separator, decide, perceptron_trace, verify_infeasibility, verify_separator
from rosenblatt.shared import InternalError

Points = tuple[tuple[Fraction, ...], ...]
MAX_TRIES = 200


class DrawFailed(InternalError):
    """A case's data could not be drawn from this stream within MAX_TRIES (the suite redraws the family)."""


def converges_within(X: Points, y, offset: bool, max_epochs: int) -> bool:
    """Whether the exact perceptron converges within max_epochs passes."""
    return perceptron_trace(X, y, offset=offset, max_epochs=max_epochs, record=False).converged


def dyadic(rng: np.random.Generator, shape, radius: int, denom: int) -> np.ndarray:
    return rng.integers(-radius * denom, radius * denom + 1, size=shape) / denom


def grid_2d(rng: np.random.Generator, n: int, offset: bool, zero: bool):
    """n points in 2-D on the half grid of [-3, 3]², labelled by an integer separator (w, b) that leaves every score
    at least 1/2 from 0, both labels present; with `zero`, one coordinate of each point set to 0. (X, y, separator),
    or None when this draw misses."""
    w = rng.integers(-3, 4, size=2)
    b = int(rng.integers(-3, 4)) if offset else 0
    pts = dyadic(rng, (n, 2), 3, 2)
    if zero:
        pts[range(n), rng.integers(0, 2, size=n)] = 0.0
    s = pts @ w + b
    if not w.any() or (abs(s) < 0.5).any() or len(set((s > 0).tolist())) < 2:
        return None
    return as_points(pts), tuple(1 if t > 0 else -1 for t in s), Separator(tuple(Fraction(int(t)) for t in w),
                                                                            Fraction(b))


def as_points(A: np.ndarray) -> Points:
    """The rows of A as exact Fractions (each distinct value converted once: a large case repeats a few values)."""
    A = np.asarray(A, dtype=np.float64)
    if A.size <= 64:
        return tuple(tuple(Fraction(float(v)) for v in row) for row in A)
    values, where = np.unique(A, return_inverse=True)
    exact = [Fraction(float(v)) for v in values]
    return tuple(tuple(exact[k] for k in row) for row in where.reshape(A.shape).tolist())


def draw_separable(rng, n: int, d: int, offset: bool, denom: int = 2, margin: float = 0.5, radius: int = 4):
    """Draw w* (and b*) first, then points at functional margin >= margin; return X, y, certificate."""
    for _ in range(MAX_TRIES):
        w = rng.integers(-3, 4, size=d)
        if not w.any():
            continue
        b = int(rng.integers(-3, 4)) if offset else 0
        cand = dyadic(rng, (8 * n + 8, d), radius, denom)
        s = cand @ w + b
        keep = np.abs(s) >= margin
        pts, lab = cand[keep][:n], np.where(s[keep][:n] > 0, 1, -1)
        if len(pts) == n and (n < 3 or len(set(lab.tolist())) == 2):
            X, y = as_points(pts), tuple(int(v) for v in lab)
            sep = Separator(tuple(Fraction(int(v)) for v in w), Fraction(b))
            if verify_separator(X, y, sep, offset):
                return X, y, sep
    raise DrawFailed("could not draw a separable case; the generator's margins are inconsistent")


def draw_nonseparable(rng, kind: str, d: int, offset: bool):
    """XOR, overlapping classes, or the same point with both labels; verified infeasible by the exact core."""
    for _ in range(MAX_TRIES):
        if kind == "xor":
            a = int(rng.integers(1, 5)) / 2
            base = np.array([[a, a], [-a, -a], [a, -a], [-a, a]])
            X, y = base[rng.permutation(4)], None
            y = np.where(X[:, 0] * X[:, 1] > 0, 1, -1)
        elif kind == "duplicate":
            X = dyadic(rng, (4, d), 3, 2)
            X = np.vstack([X, X[rng.integers(0, 4)]])
            y = rng.choice([-1, 1], size=5)
            y[-1] = -y[np.where((X[:-1] == X[-1]).all(axis=1))[0][0]]
        else:
            y = rng.choice([-1, 1], size=10)
            X = dyadic(rng, (10, d), 2, 2) + 0.5 * y[:, None]
        Xp, yp = as_points(X), tuple(int(v) for v in y)
        dec = decide(Xp, yp, offset)
        if not dec.separable and verify_infeasibility(Xp, yp, dec.certificate, offset):
            return Xp, yp, dec.certificate
    raise DrawFailed(f"could not draw a non-separable {kind} case")


def _offset_only(rng, d: int):
    """Points separable with an offset but not through the origin (all on one side of the origin in x₁)."""
    for _ in range(MAX_TRIES):
        n = int(rng.integers(4, 8))
        X = dyadic(rng, (n, d), 2, 2)
        X[:, 0] = rng.integers(2, 13, size=n) / 2
        cut = 3.25
        y = np.where(X[:, 0] > cut, 1, -1)
        if len(set(y.tolist())) < 2:
            continue
        Xp, yp = as_points(X), tuple(int(v) for v in y)
        sep = Separator((Fraction(4),) + (Fraction(0),) * (d - 1), Fraction(-13))
        origin = decide(Xp, yp, False)
        if verify_separator(Xp, yp, sep, True) and not origin.separable:
            return Xp, yp, sep, origin.certificate
    raise DrawFailed("could not draw an offset-only case")


def _has_tie(X: Points, y, offset: bool, max_epochs: int, label: int | None = None) -> bool:
    """Whether the trace meets a point exactly on a boundary that is not the zero start (of this label, if given;
    its first visit, from θ = 0, too)."""
    t = perceptron_trace(X, y, offset=offset, max_epochs=max_epochs)
    prev = [(tuple([Fraction(0)] * len(X[0])), Fraction(0))] + [(v.theta, v.theta0) for v in t.visits]
    if label is not None and (not t.visits or y[t.visits[0].index - 1] != label):
        return False
    return any(v.value == 0 and (any(p[0]) or p[1]) and label in (None, y[v.index - 1]) for v, p in zip(t.visits, prev))


def _tie(rng, offset: bool, label: int | None = None):
    """Small integer data whose exact trace puts a point exactly on the boundary (θ ≠ 0) at least once (a point of
    `label`, after a first visit of that label, if given: strict `< 0` and a one-sided tie then differ)."""
    for _ in range(MAX_TRIES):
        n = int(rng.integers(3, 6))
        X = rng.integers(-2, 3, size=(n, 2)).astype(float)
        y = rng.choice([-1, 1], size=n)
        Xp, yp = as_points(X), tuple(int(v) for v in y)
        dec = decide(Xp, yp, offset)
        epochs = 100 if dec.separable else 3
        if _has_tie(Xp, yp, offset, epochs, label):
            return Xp, yp, dec.certificate, epochs
    raise DrawFailed("could not draw a tie case")


def draw_large(rng, n: int, offset: bool):
    """Two tight clusters far from the boundary: a margin that makes the perceptron converge in a few passes."""
    for _ in range(MAX_TRIES):
        c = rng.integers(3, 6, size=2).astype(float)
        y = rng.choice([-1, 1], size=n)
        X = y[:, None] * c[None, :] + rng.integers(-4, 5, size=(n, 2)) / 4
        Xp, yp = as_points(X), tuple(int(v) for v in y)
        w = tuple(Fraction(int(v)) for v in c)
        sep = Separator(w, Fraction(0))
        if verify_separator(Xp, yp, sep, offset) and converges_within(Xp, yp, offset, 4):
            return Xp, yp, sep
    raise DrawFailed("could not draw a large case")

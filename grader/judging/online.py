"""Where the course leaves the visiting order free, what an online perceptron from zero can still return: a state in
which no point is misclassified, reached one update at a time, each on a point misclassified at that moment
(whatever the order: shuffled passes, a random misclassified point). Small data only: the states are enumerated
exactly, at most MAX_STATES of them, else the case is not checked. A batch update (all misclassified points of a
pass at once) or a random start usually lands elsewhere."""

from __future__ import annotations

import functools
from fractions import Fraction

import numpy as np

from rosenblatt.core import scaled_to_integers
from grader.assignments import Convention

MAX_STATES = 5_000
MAX_BATCH_PASSES = 1_000
RTOL, ATOL = Fraction(1, 10**9), Fraction(1, 10**12)


@functools.lru_cache(maxsize=512)
def reachable(conv: Convention, pts: tuple, y: tuple) -> frozenset | None:
    """The end states (scaled to integers) of the online perceptron from zero under the course's tie rule, or None
    when there are more than MAX_STATES states."""
    xs = scaled_to_integers(pts)[0]
    biggest = max(abs(v) for row in xs for v in row)
    # a state reached in L updates has |w_j| <= L·max|x|, and L <= MAX_STATES + 1: scores then fit in int64
    if len(xs[0]) * (MAX_STATES + 2) * biggest * biggest < 2**62:
        return _level_by_level(xs, y, [[conv.mistake(s, yi) for s in (1, 0, -1)] for yi in y])
    return _one_by_one(conv, xs, y)


def _level_by_level(xs: list, y: tuple, table: list) -> frozenset | None:
    """The breadth-first search in int64 arrays, a level at a time (`table[j]`: whether point j is a mistake at a
    positive, zero and negative score)."""
    X = np.array(xs, dtype=np.int64)
    steps, table, points = X * np.array(y, dtype=np.int64)[:, None], np.array(table, dtype=bool), np.arange(len(xs))
    frontier = np.zeros((1, X.shape[1]), dtype=np.int64)
    seen, ends = {frontier[0].tobytes()}, set()
    while len(frontier):
        scores = frontier @ X.T
        wrong = table[points, np.where(scores > 0, 0, np.where(scores == 0, 1, 2))]
        ends.update(tuple(int(v) for v in w) for w in frontier[~wrong.any(axis=1)])
        at, on = np.nonzero(wrong)
        moves = np.unique(frontier[at] + steps[on], axis=0) if len(at) else frontier[:0]
        fresh = [k for k, w in enumerate(moves) if w.tobytes() not in seen]
        seen.update(moves[k].tobytes() for k in fresh)
        if len(seen) > MAX_STATES:
            return None
        frontier = moves[fresh]
    return frozenset(ends)


def _one_by_one(conv: Convention, xs: list, y: tuple) -> frozenset | None:
    """The same search in Python integers, a state at a time (for points too large for int64 scores)."""
    start = (0,) * len(xs[0])
    seen, frontier, ends = {start}, [start], set()
    while frontier:
        nxt = []
        for w in frontier:
            moves = [tuple(a + yi * b for a, b in zip(w, x)) for x, yi in zip(xs, y)
                     if conv.mistake(sum(a * b for a, b in zip(w, x)), yi)]
            if not moves:
                ends.add(w)
            for v in moves:
                if v not in seen:
                    seen.add(v)
                    nxt.append(v)
            if len(seen) > MAX_STATES:
                return None
        frontier = nxt
    return frozenset(ends)


def is_reachable(ends: frozenset, pts: tuple, w: tuple) -> bool:
    """w is c times one end state (c > 0: the step η; compared to 1e-9, as floats may hold it); the states are
    scaled to integers by the points' common denominator."""
    scale = scaled_to_integers(pts)[3]
    return any(proportional(w, [Fraction(v) * scale for v in end]) for end in ends)


def proportional(got, ref) -> bool:
    """got is c times ref for one c > 0, each number within numpy.allclose's bounds of c·ref."""
    got = [Fraction(v) for v in got]
    pivot = next((k for k, v in enumerate(ref) if v != 0), None)
    if pivot is None:
        return not any(got)
    c = got[pivot] / Fraction(ref[pivot])
    return c > 0 and close(got, [c * Fraction(r) for r in ref])


def close(got, want) -> bool:
    """numpy.allclose's test (|g − w| ≤ atol + rtol·|w|), in exact arithmetic: any size of number is safe."""
    if len(got) != len(want):
        return False
    pairs = [(g if type(g) is Fraction else Fraction(g), w if type(w) is Fraction else Fraction(w))
             for g, w in zip(got, want)]
    return all(abs(g - w) <= ATOL + RTOL * abs(w) for g, w in pairs)


def batch(conv: Convention, pts: tuple, y: tuple, eta: Fraction) -> tuple | None:
    """The batch perceptron's weights: each pass adds η·y·x of every point misclassified at the pass's start, until
    none is (None if that takes more than MAX_BATCH_PASSES passes)."""
    w = [Fraction(0)] * len(pts[0])
    for _ in range(MAX_BATCH_PASSES):
        wrong = [(x, yi) for x, yi in zip(pts, y) if conv.mistake(sum(a * b for a, b in zip(w, x)), yi)]
        if not wrong:
            return tuple(w)
        w = [a + eta * sum(yi * x[k] for x, yi in wrong) for k, a in enumerate(w)]
    return None

"""Skipping the clean stretches of an integer perceptron pass with numpy: exact, in int64 under overflow guards.

A pass over many points (a grader's 20,000-point case) that makes few mistakes spends its time on visits that change
nothing. `Scan.first` finds the next visit that is a mistake with a vectorised score over the following points, so
the caller's exact loop only runs the mistakes. Every score is bounded before numpy computes it: where
Σ|wⱼ|·max|aᵢⱼ| could reach 2⁶², `first` answers None and the caller visits the next point itself, in Python ints.
Here, not in rosenblatt.core, because the grader's course reference (grader.assignments) may import only this room.
"""

from __future__ import annotations

from typing import Sequence

import numpy as np

SAFE = 2 ** 62  # below int64's 2⁶³: a score and each partial sum of it stay exact
MIN_POINTS = 512  # below this a pass in Python ints is as fast as numpy's calls
FIRST_CHUNK = 256  # points scored at once; the chunk grows while no mistake turns up
DENSE = 32  # a mistake within this many points of the last: numpy's calls cost more than they skip
MOST_PLAIN = 4096  # after mistakes close together, up to this many points are visited plainly before a new scan


class Scan:
    """The points of one run in visiting order as an int64 matrix, with the constant `one` as a last column."""

    __slots__ = ("rows", "labels", "biggest", "plain", "resume", "last")

    def __init__(self, rows: np.ndarray, labels: np.ndarray, biggest: int):
        self.rows, self.labels, self.biggest = rows, labels, biggest
        self.plain = self.resume = self.last = 0  # the back-off where mistakes come close together

    @classmethod
    def make(cls, xs: Sequence[Sequence[int]], labels: Sequence[int], one: int) -> Scan | None:
        """A Scan of integer points (visited in this order) with integer labels; None where a plain loop is as
        good (few points) or an entry does not fit the guard."""
        if len(xs) < MIN_POINTS or abs(one) >= SAFE:
            return None
        try:
            points, signs = np.array(xs, dtype=np.int64), np.array(labels, dtype=np.int64)
        except OverflowError:  # an entry beyond int64
            return None
        if points.ndim != 2 or signs.shape != (len(xs),) or (np.abs(signs) > 1).any():
            return None
        biggest = max(abs(one), int(points.max(initial=0)), -int(points.min(initial=0)))  # in Python ints
        if biggest >= SAFE:
            return None
        rows = np.hstack([points, np.full((len(xs), 1), one, dtype=np.int64)])
        return cls(rows, signs, biggest)

    @staticmethod
    def positions(order: Sequence[int]) -> np.ndarray:
        """A pass's visiting order as `next` and `first` take it."""
        return np.asarray(order, dtype=np.intp)

    def next(self, theta: Sequence[int], theta0: int, start: int, strict: bool = False,
             order: np.ndarray | None = None) -> int:
        """The next position the caller visits itself: the first mistake from `start` (len(points) when none), or
        `start` itself where a scan cannot bound the scores or does not pay (the last mistakes came close
        together: then the next points, more each time, are left to the caller's plain loop). `order`: this pass
        visits the points in this order (positions index it), else as made."""
        if start < self.last:  # a new pass
            self.resume = 0
        self.last = start
        if start < self.resume:
            return start
        found = self.first(theta, theta0, start, strict, order)
        if found is None:
            return start
        if found - start < DENSE:
            self.plain = min(2 * self.plain or DENSE, MOST_PLAIN)
            self.resume = found + self.plain
        else:
            self.plain = 0
        return found

    def first(self, theta: Sequence[int], theta0: int, start: int, strict: bool = False,
              order: np.ndarray | None = None) -> int | None:
        """The position (from `start`) of the first point whose value y(θ·x + θ₀·one) is < 0, or ≤ 0 unless
        strict; len(points) when there is none; None when the weights are too large for the guard."""
        total = sum(abs(v) for v in theta) + abs(theta0)
        if total * self.biggest >= SAFE:
            return None
        w = np.array(list(theta) + [theta0], dtype=np.int64)
        n, pos, size = len(self.labels) if order is None else len(order), start, FIRST_CHUNK
        while pos < n:
            end = min(n, pos + size)
            part = slice(pos, end) if order is None else order[pos:end]
            values = self.labels[part] * (self.rows[part] @ w)
            hits = np.flatnonzero(values < 0 if strict else values <= 0)
            if hits.size:
                return pos + int(hits[0])
            pos, size = end, size * 4
        return n

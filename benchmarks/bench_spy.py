"""Benchmark the harness's spy on a course's own update helper (grader/sandbox/spying.py), as it is now against
the Spy before it copied arguments only for calls it records (kept below as BEFORE), on a perceptron that calls
its single-step update once per point per pass, as mitx686x's and mit6036-project1's files do.

Run: python benchmarks/bench_spy.py [--n 20000] [--d 10] [--passes 1 3] [--repeat 5]
The spy keeps the first 2,000 calls (MAX_HOOK_RECORDS) and counts the rest; a large hidden case (20,000 points)
calls the helper 20,000 times a pass. The script checks that both spies give the same records and call count,
and prints the best CPU seconds of --repeat runs of each, alternating, and of the unspied call.

Measured on 2026-11-28 on the project's 2-core machine, shared (load average 8.6 to 9.1), defaults:
    passes   calls  unspied   before      now      x same
         1   20000    0.076    0.176    0.106   1.67 yes
         3   60000    0.185    0.426    0.210   2.03 yes
"""

from __future__ import annotations

import argparse
import importlib.util
import math
import sys
import time
import types
from pathlib import Path

import numpy as np

ROOT = Path(__file__).resolve().parent.parent
LIMIT = 2000  # grader/sandbox/harness.py's MAX_HOOK_RECORDS


def _load_spying():
    """spying.py as the harness loads it: by path, standalone."""
    spec = importlib.util.spec_from_file_location("bench_spying", ROOT / "grader" / "sandbox" / "spying.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


spying = _load_spying()


class BeforeSpy(spying.Spy):
    """The Spy as it was (ef33af6): every call's arguments copied, kept or not."""

    def _wrap(self, original):
        def spied(*args, **kwargs):
            before = [spying._plain_copy(v) for v in args[:6]]
            result = original(*args, **kwargs)
            self.calls += 1
            if len(self.records) < self.limit:
                self.records.append(before + [spying._plain_copy(result)])
            return result
        return spied


STUDENT = '''
import numpy as np

def perceptron_single_step_update(feature_vector, label, current_theta, current_theta_0):
    if label * (np.dot(current_theta, feature_vector) + current_theta_0) <= 0:
        return current_theta + label * feature_vector, current_theta_0 + label
    return current_theta, current_theta_0

def perceptron(feature_matrix, labels, T):
    theta, theta_0 = np.zeros(feature_matrix.shape[1]), 0.0
    for t in range(T):
        for i in range(feature_matrix.shape[0]):
            theta, theta_0 = perceptron_single_step_update(feature_matrix[i], labels[i], theta, theta_0)
    return theta, theta_0
'''


def student():
    module = types.ModuleType("submission")
    exec(compile(STUDENT, "submission.py", "exec"), module.__dict__)
    return module


def run(spy_class, X, y, passes: int):
    module = student()
    start = time.process_time()
    if spy_class is None:
        module.perceptron(X, y, passes)
        return time.process_time() - start, None
    spy = spy_class(module, ["perceptron_single_step_update"], LIMIT)
    try:
        module.perceptron(X, y, passes)
    finally:
        spy.restore()
    return time.process_time() - start, spy


def _same(a, b) -> bool:
    if type(a) is np.ndarray:
        return type(b) is np.ndarray and a.dtype == b.dtype and bool(np.array_equal(a, b))
    if type(a) is list:
        return type(b) is list and len(a) == len(b) and all(_same(x, y) for x, y in zip(a, b))
    return a == b


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--n", type=int, default=20000)
    ap.add_argument("--d", type=int, default=10)
    ap.add_argument("--passes", type=int, nargs="+", default=[1, 3])
    ap.add_argument("--repeat", type=int, default=5)
    args = ap.parse_args()
    rng = np.random.default_rng(0)
    X = rng.integers(-9, 10, (args.n, args.d)).astype(np.float64)
    y = np.where(rng.random(args.n) < 0.5, -1, 1)  # not separable: every pass updates
    print(f"{args.n} points, d={args.d}, limit {LIMIT} records; best CPU s of {args.repeat}")
    print(f"{'passes':>6} {'calls':>7} {'unspied':>8} {'before':>8} {'now':>8} {'x':>6} same")
    ok = True
    for passes in args.passes:
        best = {"unspied": math.inf, "before": math.inf, "now": math.inf}
        spies = {}
        for _ in range(args.repeat):
            for label, cls in (("unspied", None), ("before", BeforeSpy), ("now", spying.Spy)):
                seconds, spies[label] = run(cls, X, y, passes)
                best[label] = min(best[label], seconds)
        same = spies["before"].calls == spies["now"].calls and _same(spies["before"].records, spies["now"].records)
        ok = ok and same
        print(f"{passes:6d} {spies['now'].calls:7d} {best['unspied']:8.3f} {best['before']:8.3f} {best['now']:8.3f} "
              f"{best['before'] / best['now']:6.2f} {'yes' if same else 'NO'}")
    if not ok:
        sys.exit(1)


if __name__ == "__main__":
    main()

"""Benchmark the free-order check's search of reachable end states (grader/judging/online.py), level by level in
int64 arrays against the state-at-a-time search in Python integers, on every free-order preset's suite.

Run: python benchmarks/bench_online.py [--seed real] [--repeat 3]
For every training case a free-order preset judges by its properties (converged, from zero), it runs both searches
on the same points, checks that they find the same end states, and prints each preset's best CPU seconds of
--repeat runs (the process's own time: steadier than wall time on a shared machine) and how many cases gave up
(more than MAX_STATES states). Presets whose required libraries are missing (PyTorch) are skipped.

Measured on 2026-11-28 on the project's 2-core machine, shared (load average 6 to 7), `--repeat 2`, CPU seconds:
    preset             cases  levels s  one-by-one s      x  gave up same
    cs4780                17     0.142         3.832   27.0        1 yes
    cs4780-folded         17     0.142         2.952   20.8        1 yes
    lfd                   10     0.143         4.027   28.1        0 yes
    lfd-w                 10     0.155         2.903   18.7        0 yes
"""

from __future__ import annotations

import argparse
from importlib.util import find_spec
import sys
import time
from fractions import Fraction
from pathlib import Path
from types import SimpleNamespace

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from rosenblatt.core import scaled_to_integers  # noqa: E402
from grader.assignments import preset_names  # noqa: E402
from grader.assignments.assignment import load  # noqa: E402
from grader.judging import online, spec_of  # noqa: E402
from grader.judging.properties import space  # noqa: E402
from grader.suite import Suite  # noqa: E402


def searches(name: str, seed: str) -> list:
    """(convention, integer points, labels, table of tie rules) of every case the preset's free-order check reads."""
    a = load(name)
    out = []
    if not any(f.convention.by_property for f in a.functions) or any(find_spec(m) is None for m in a.requires):
        return out
    for case in Suite(a, seed).cases:
        f = spec_of(a, case)
        conv = f.convention
        if not conv.by_property or conv.start != "zero" or f.task not in ("perceptron", "train") or not case.separable:
            continue
        pts, _, _, _ = space(f, case, SimpleNamespace(theta=(Fraction(0),) * len(case.X[0]), theta0=Fraction(0)))
        xs = scaled_to_integers(pts)[0]
        out.append((conv, xs, tuple(case.y), [[conv.mistake(s, yi) for s in (1, 0, -1)] for yi in case.y]))
    return out


def best(run, repeat: int) -> tuple[float, list]:
    times, got = [], None
    for _ in range(repeat):
        t = time.process_time()
        got = run()
        times.append(time.process_time() - t)
    return min(times), got


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--seed", default="real")
    ap.add_argument("--repeat", type=int, default=3)
    args = ap.parse_args()
    print(f"{'preset':18} {'cases':>5} {'levels s':>9} {'one-by-one s':>13} {'x':>6} {'gave up':>8} same")
    for name in preset_names():
        found = searches(name, args.seed)
        if not found:
            continue
        fast, a = best(lambda: [online._level_by_level(xs, y, t) for _, xs, y, t in found], args.repeat)
        slow, b = best(lambda: [online._one_by_one(c, xs, y) for c, xs, y, _ in found], args.repeat)
        print(f"{name:18} {len(found):5} {fast:9.3f} {slow:13.3f} {slow / max(fast, 1e-9):6.1f} "
              f"{sum(r is None for r in a):8} {'yes' if a == b else 'NO'}")


if __name__ == "__main__":
    main()

"""Benchmark making a grading run's Suite (its hidden cases and their exact results) and filling its mutant table
(what a failing submission's diagnosis reads), every preset, beside a baseline checkout.

Run: python benchmarks/bench_suite.py [--baseline DIR] [--seeds s1,7] [--repeat 3] [--presets default,lfd]
Each measurement is a fresh Python process per column (start-up excluded from the figures), in turns so that the
machine's load falls on every column alike:
  - `this`: this checkout;
  - `base`: the checkout at --baseline DIR, if given (e.g. `git archive 5df9d5b | tar -x -C /tmp/base`).
For each preset it prints the best CPU seconds (the process's own: steadier than wall time on a shared machine) of
--repeat runs for the suites of every seed (`suite`) and for filling their mutant tables (`table`), and whether both columns made the same suites: one SHA-256 over every case, probe and
behaviour check (data, exact expected results, certificates), every sandbox call's arguments and every mutant output.

Measured on 2026-11-28 on the project's 2-core machine, shared (load average 6 to 8 from other jobs and this
stop's two test runs), `--baseline /tmp/base --seeds s1,7 --repeat 1` with /tmp/base = 5df9d5b (CPU seconds; every
preset the same SHA-256 in both columns; cs188-torch skipped, PyTorch is not installed here):
    preset              this suite  this table  base suite  base table  same
    column                    0.43        1.26        0.89        1.23  yes
    cs188                     0.86        2.26        1.55        2.02  yes
    cs188-nn                  0.88        1.62        1.23        1.46  yes
    cs4780                    0.83        0.02        3.09        0.02  yes
    cs4780-folded             0.78        0.03        2.99        0.03  yes
    default                   0.51        1.16        0.91        1.12  yes
    lfd                       0.70        0.00        3.03        0.00  yes
    lfd-w                     0.85        0.00        3.07        0.00  yes
    mit6036                   1.09        4.56        2.21        4.42  yes
    mit6036-project1          1.23        4.45        2.26        4.12  yes
    mitx686x                  1.25        4.19        1.94        3.33  yes
    npfl129                   0.58        1.09        1.49        1.20  yes
    udacity                   0.69        0.04        1.29        0.04  yes
    total                    10.70       20.67       25.94       18.99
Making the suites takes 2.4 times less CPU. The tables came out 9 % dearer here, one process per column in turn;
measured in one process, alternating the Scan off and on for every offered mistake of every mitx686x case (best of
2), they took 6.89 s without it and 5.51 s with it: the separate processes' figures carry the load's noise.
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent

CHILD = r'''
import hashlib, json, sys, time
import numpy as np
from grader.assignments import load
from grader.suite import Suite


def canon(v):
    if isinstance(v, np.ndarray):
        return ("nd", str(v.dtype), v.shape, hashlib.sha256(np.ascontiguousarray(v).tobytes()).hexdigest())
    if isinstance(v, (list, tuple)):
        return (type(v).__name__, tuple(canon(x) for x in v))
    if isinstance(v, dict):
        return ("dict", tuple((k, canon(x)) for k, x in v.items()))
    return repr(v)


name, seeds = sys.argv[1], sys.argv[2].split(",")
a = load(None if name == "default" else name)
digest, made, filled = hashlib.sha256(), 0.0, 0.0
for seed in seeds:
    began = time.process_time()
    suite = Suite(a, seed)
    made += time.process_time() - began
    began = time.process_time()
    outputs = [(suite.table.outputs(c.case_id), suite.table.normalized(c.case_id)) for c in suite.cases]
    filled += time.process_time() - began
    for c in suite.cases + suite.probes + tuple(p.case for p in suite.checks):
        digest.update(repr(c).encode())
    digest.update(repr(suite.checks).encode() + repr(canon(suite.calls)).encode() + repr(outputs).encode())
print(json.dumps({"suite": made, "table": filled, "sha": digest.hexdigest()[:16]}))
'''


def measure(pythonpath: Path, preset: str, seeds: str) -> dict:
    env = {**os.environ, "PYTHONPATH": str(pythonpath)}
    out = subprocess.run([sys.executable, "-c", CHILD, preset, seeds], env=env, check=True, capture_output=True,
                         text=True, cwd=pythonpath)
    return json.loads(out.stdout)


def presets(wanted: str | None) -> list[str]:
    """The presets to measure: those whose course's libraries are installed here (not cs188-torch without PyTorch)."""
    from grader.assignments import load, preset_names, require
    from rosenblatt.shared import RosenblattError

    usable = []
    for name in wanted.split(",") if wanted else preset_names():
        try:
            require(load(None if name == "default" else name))
        except RosenblattError as err:
            print(f"{name}: skipped ({err})")
            continue
        usable.append(name)
    return usable


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--baseline", type=Path)
    parser.add_argument("--seeds", default="s1,7")
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument("--presets")
    args = parser.parse_args()
    cols = {"this": ROOT} | ({"base": args.baseline.resolve()} if args.baseline else {})
    totals = {c: [0.0, 0.0] for c in cols}
    print(f"{'preset':18}" + "".join(f"{c + ' suite':>12}{c + ' table':>12}" for c in cols) + "  same")
    for name in presets(args.presets):
        best = {c: None for c in cols}
        for _ in range(args.repeat):
            for c, path in cols.items():
                got = measure(path, name, args.seeds)
                if best[c] is None or got["suite"] + got["table"] < best[c]["suite"] + best[c]["table"]:
                    best[c] = got
        same = len({b["sha"] for b in best.values()}) == 1
        for c in cols:
            totals[c][0] += best[c]["suite"]
            totals[c][1] += best[c]["table"]
        print(f"{name:18}" + "".join(f"{best[c]['suite']:12.2f}{best[c]['table']:12.2f}" for c in cols)
              + f"  {'yes' if same else 'NO'} {best['this']['sha']}")
    print(f"{'total':18}" + "".join(f"{totals[c][0]:12.2f}{totals[c][1]:12.2f}" for c in cols))
    print(f"load average at the end: {os.getloadavg()[0]:.1f}")


if __name__ == "__main__":
    main()

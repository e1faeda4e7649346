"""Benchmark a class roster end to end: `rosenblatt generate --roster` in the default formats, beside a baseline.

Run: python benchmarks/bench_roster.py [--students 100,1000] [--jobs default,1] [--repeat 3]
                                       [--baseline DIR] [--dir SCRATCH]
Each measurement is a fresh `python -m exercises generate --roster R --secret bench --out OUT --quiet [--jobs N]`
(start-up included), run in turns so that the machine's load falls on every column alike:
  - `gmpy2`:  this checkout with gmpy2 (the `[fast]` extra), when it is installed;
  - `python`: this checkout with gmpy2 hidden (what a plain install does);
  - `base`:   the checkout at --baseline DIR, if given (e.g. `git archive e8825e6 | tar -x -C /tmp/base`).
Prints the best and the median wall time of --repeat runs, the CPU seconds of the best run (the command and its
worker processes), and whether every column wrote the same bytes (one SHA-256 over every file and its path).

Measured on 2026-11-28 on the project's 2-core machine, never quiet (load averages 5 to 9 from other jobs), with
--baseline at e8825e6 (wall best of N in turns; CPU of that run; every column the same bytes):
    100 students, default jobs:  gmpy2 14.4 s ( 9.5 s CPU)  python 21.8 s (15.1 s CPU)  base 19.7 s (17.4 s CPU)
    100 students, --jobs 1:      gmpy2 14.3 s (11.6 s CPU)  python 20.4 s (13.5 s CPU)  base 20.8 s (13.7 s CPU)
    1,000 students, default jobs (one run each, 00:49-00:55, load 6 to 8):
                                 gmpy2 42.6 s (53.4 s CPU)  python 93.5 s (101.9 s CPU) base 114.0 s (119.2 s CPU)
    1,000 students, default jobs (best of 2, 01:20-01:34, beside the whole test suite):
                                 gmpy2 98.5 s (73.1 s CPU)  python 183.1 s (123.9 s CPU) base 163.1 s (147.9 s CPU)
Under such load the wall times say little; the CPU per student is the steadier figure (53 ms with gmpy2, 102 ms
without, 119 ms at e8825e6, in the first 1,000-student run).

Measured quietly on 2026-11-28 (load average 0.6 to 2.2), main after stop 32:
    100 students, default jobs (this script, --students 100 --jobs default --repeat 3):
                                 gmpy2 5.0 s best, 5.5 s median (9.5 s CPU)   python 7.3 s, 7.9 s (13.7 s CPU)
    1,000 students, default jobs (`python -m exercises generate --roster R --secret bench --out OUT --quiet`,
    one run at a time): 30.2 s and 27.3 s (57.6 and 52.2 s CPU), the same bytes as 4f17369's
"""

from __future__ import annotations

import argparse
import hashlib
import importlib.util
import os
import resource
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

HIDE_GMPY2 = "import runpy, sys; sys.modules['gmpy2'] = None; sys.argv[0] = 'rosenblatt'; " \
             "runpy.run_module('exercises', run_name='__main__')"


def columns(baseline: Path | None) -> dict[str, tuple[list[str], dict]]:
    """Name -> (command prefix, environment) of each column."""
    env = {k: v for k, v in os.environ.items() if k != "PYTHONPATH"}
    cols = {}
    if importlib.util.find_spec("gmpy2") is not None:
        cols["gmpy2"] = ([sys.executable, "-m", "exercises"], env)
    cols["python"] = ([sys.executable, "-c", HIDE_GMPY2], env)
    if baseline is not None:
        cols["base"] = ([sys.executable, "-m", "exercises"], {**env, "PYTHONPATH": str(baseline.resolve())})
    return cols


def tree_digest(folder: Path) -> str:
    """One SHA-256 over every file's path and bytes (the marker file names the version, so it is left out)."""
    digest = hashlib.sha256()
    for path in sorted(p for p in folder.rglob("*") if p.is_file() and p.name != ".rosenblatt-output"):
        digest.update(str(path.relative_to(folder)).encode() + b"\0" + path.read_bytes() + b"\0")
    return digest.hexdigest()[:16]


def run(prefix: list[str], env: dict, roster: Path, out: Path, jobs: str) -> tuple[float, float]:
    """Wall and CPU seconds (this command and its workers) of one generate run."""
    shutil.rmtree(out, ignore_errors=True)
    args = ["generate", "--roster", str(roster), "--secret", "bench", "--out", str(out), "--quiet"]
    args += [] if jobs == "default" else ["--jobs", jobs]
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    start = time.perf_counter()
    subprocess.run(prefix + args, env=env, check=True, cwd=out.parent)
    wall = time.perf_counter() - start
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    return wall, (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)


def measure(cols: dict, students: int, jobs: str, repeat: int, scratch: Path) -> None:
    roster = scratch / f"roster{students}.csv"
    roster.write_text("id,name\n" + "".join(f"s{k:05d},Student {k}\n" for k in range(students)), encoding="utf-8")
    times: dict[str, list[tuple[float, float]]] = {name: [] for name in cols}
    digests = {}
    for _ in range(repeat):
        for name, (prefix, env) in cols.items():
            out = scratch / f"out-{name}"
            times[name].append(run(prefix, env, roster, out, jobs))
            digests[name] = tree_digest(out)
            shutil.rmtree(out)
    same = "same bytes" if len(set(digests.values())) == 1 else f"DIFFERENT bytes {digests}"
    for name, runs in times.items():
        best = min(runs)
        print(f"{students:5d} students, jobs {jobs:7s} {name:6s}: best {best[0]:6.1f} s, median "
              f"{statistics.median(w for w, _ in runs):6.1f} s wall ({best[1]:6.1f} s CPU, "
              f"{best[1] / students * 1000:5.1f} ms CPU per student)")
    print(f"{students:5d} students, jobs {jobs:7s} {' and '.join(cols)}: {same} ({digests[next(iter(cols))]})")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--students", default="100,1000", help="roster sizes, comma-separated")
    parser.add_argument("--jobs", default="default,1", help="`default` (no --jobs) and/or numbers, comma-separated")
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument("--baseline", type=Path, default=None, help="another checkout to run beside this one")
    parser.add_argument("--dir", type=Path, default=None, help="scratch directory (default: a temporary one)")
    args = parser.parse_args()
    cols = columns(args.baseline)
    print(f"{os.cpu_count()} cores; columns: {', '.join(cols)}; best and median of {args.repeat}, in turns")
    with tempfile.TemporaryDirectory(dir=args.dir) as tmp:
        for students in (int(s) for s in args.students.split(",")):
            for jobs in args.jobs.split(","):
                measure(cols, students, jobs, args.repeat, Path(tmp))
                sys.stdout.flush()


if __name__ == "__main__":
    main()

"""Benchmark the handout digests: the time-lock (v3) beside PBKDF2 (v2), for a guesser and for the generator.

Run: python benchmarks/bench_handout.py [--students 100,1000] [--old-students 100] [--no-browser]
Prints, in one run:
  - one guess in Python (check-answers) and in headless Chromium (the page), for both schemes, and the squarings
    per second each engine does here beside the calibration stored in handouts;
  - one digest for the generator (the trapdoor: CRT; PBKDF2: the same cost as a guess) and one sheet's primes;
  - a whole default sheet checked in the page (every hashed part answered right);
  - rosters of 100 and 1,000 students in the default formats with the time-lock, and with PBKDF2 at its default
    200,000 iterations (by default the old scheme runs 100 students and the 1,000 is scaled from it, marked so);
  - what blind brute force costs per part at the measured browser speed.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import yaml

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "tests"))

from exercises.answers.kdf import DEFAULT_ITERATIONS, Kdf
from exercises.answers.timelock import (
    CALIBRATION,
    DEFAULT_GUESS_MS,
    TimeLock,
    sheet_trapdoor,
    squarings,
)

# part, how a blind guesser would enumerate it, number of candidates (default specs: 2-D grid -3..3, 4 points)
SPACES = [
    ("any verdict (separable? same as the perceptron?)", "yes or no", 2),
    ("hand_trace.updates, item k once item k-1 is known", "θ_k = θ_{k-1} + y_i x_i: one per point", 4),
    ("hand_trace.mistakes, single_point counts", "0 to 60", 61),
    ("hand_trace.theta (blind)", "integer vectors, entries within ±18", 37 ** 2),
    ("mistake_bound.R", "sqrt(r), r = ‖x‖² ≤ 18", 18),
    ("mistake_bound.gamma", "m/sqrt(s), m ≤ 36, s = ‖w*‖² ≤ 18", 36 * 18),
    ("mistake_bound.bound (blind)", "R² s / m², as above", 18 * 18 * 36),
    ("hinge_update.gradient", "-y x: a grid point", 7 ** 2),
    ("max_margin.support", "a nonempty subset of 4 points", 15),
    ("max_margin.w_max (blind)", "rational vectors, denominators ≤ 12, |entries| ≤ 3", (2 * 3 * 46 + 1) ** 2),
    ("cover_count.count (blind)", "integers up to 2^30", 2 ** 30),
]
SALT = "0123456789abcdef0123456789abcdef"


def _median(fn, reps: int) -> float:
    times = []
    for _ in range(reps):
        start = time.perf_counter()
        fn()
        times.append(time.perf_counter() - start)
    return statistics.median(times)


def generate(out: Path, *extra: str) -> float:
    """Wall time of `rosenblatt generate` in a fresh process (start-up included)."""
    start = time.perf_counter()
    subprocess.run([sys.executable, "-m", "exercises", "generate", "--out", str(out), "--quiet", *extra], check=True)
    return time.perf_counter() - start


def python_costs() -> dict[str, float]:
    door = sheet_trapdoor(1, "v01")
    lock = TimeLock(SALT, door.modulus, squarings(DEFAULT_GUESS_MS))
    kdf = Kdf(SALT, DEFAULT_ITERATIONS)
    return {"guess": _median(lambda: lock.guess("1.theta", "[1, -2]"), 5),
            "digest": _median(lambda: lock.digest(door, "1.theta", "[1, -2]"), 200),
            "primes": statistics.median(_median(lambda k=k: sheet_trapdoor(k, "v01"), 1) for k in range(15)),
            "pbkdf2": _median(lambda: kdf.digest("1.theta", "[1, -2]"), 7), "t": lock.t}


PAGE_TIMES = """const done = arguments[arguments.length - 1];
(async () => { const times = [];
  for (let k = 0; k < 7; k++) { const t = performance.now(); await Rosenblatt.digest('1.theta', '[1, -2]');
    times.push(performance.now() - t); }
  times.sort((a, b) => a - b);
  const t0 = performance.now();
  for (const [k, x] of arguments[0]) await Rosenblatt.digest(k, x);
  done([times[3], performance.now() - t0]); })().catch(e => done(String(e)));"""


def browser_costs(tmp: Path) -> dict[str, float] | None:
    """One guess in the page (v3 default and v2 default), and a whole default sheet's right answers in the page."""
    try:
        from browser_helpers import chromium
        requests = sheet_requests(tmp / "v3")
        out = {"requests": len(requests)}
        with chromium() as driver:
            for name in ("v3", "v2"):
                driver.get((tmp / name / "variants" / "v01" / "handout.html").as_uri())
                guess, sheet = driver.execute_async_script(PAGE_TIMES, requests if name == "v3" else [])
                out[name], out[f"{name}_sheet"] = guess / 1000, sheet / 1000
        return out
    except BaseException as exc:  # noqa: BLE001 - a benchmark without a browser still reports Python
        print(f"(no browser measurement: {type(exc).__name__}: {exc})")
        return None


def python_sheet(tmp: Path) -> tuple[float, float]:
    """`rosenblatt check-answers` (a fresh process) on a whole default sheet answered right: v3, then v2."""
    times = []
    for name in ("v3", "v2"):
        answers = {v["exercise"]: dict(v["key"]) for v in json.loads((tmp / name / "exercises.json").read_text())["variants"]}
        (tmp / f"{name}.yaml").write_text(yaml.safe_dump(answers), encoding="utf-8")
        start = time.perf_counter()
        subprocess.run([sys.executable, "-m", "exercises", "check-answers", str(tmp / name / "variants" / "v01" /
                        "handout.json"), str(tmp / f"{name}.yaml")], capture_output=True, check=False)
        times.append(time.perf_counter() - start)
    return times[0], times[1]


def sheet_requests(out: Path) -> list[list[str]]:
    """Every digest a fully right default sheet needs, as the page asks for them (key, canonical text)."""
    requests = []
    for v in json.loads((out / "exercises.json").read_text())["variants"]:
        for part, text in v["key"].items():
            key = f"{v['exercise']}.{part}"
            if isinstance(text, list):
                requests += [[f"{key}[{k}]", t] for k, t in enumerate(text, 1)] + [[f"{key}.count", str(len(text))]]
            else:
                requests.append([key, text])
    return requests


def rosters(tmp: Path, sizes: list[int], old: int) -> list[tuple[str, int, float, bool]]:
    rows = []
    for size in sorted(set(sizes + [old])):
        roster = tmp / f"roster{size}.csv"
        roster.write_text("id,name\n" + "".join(f"s{k:05d},Student {k}\n" for k in range(size)), encoding="utf-8")
        common = ["--roster", str(roster), "--secret", "bench"]
        if size in sizes:
            rows.append(("time-lock v3", size, generate(tmp / f"r3-{size}", *common), False))
        if size <= old:
            rows.append(("PBKDF2 v2", size, generate(tmp / f"r2-{size}", *common, "--kdf-iterations",
                                                      str(DEFAULT_ITERATIONS)), False))
    measured = {n: s for name, n, s, _ in rows if name == "PBKDF2 v2"}
    for size in sizes:
        if size not in measured and measured:
            base = max(measured)
            rows.append(("PBKDF2 v2", size, measured[base] * size / base, True))
    return rows


def _human(seconds: float) -> str:
    for unit, size in (("years", 365 * 86400), ("days", 86400), ("hours", 3600), ("min", 60), ("s", 1)):
        if seconds >= size:
            return f"{seconds / size:,.1f} {unit}"
    return f"{seconds * 1000:.0f} ms"


def main_() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--students", default="100,1000", help="roster sizes for the time-lock")
    parser.add_argument("--old-students", type=int, default=100, help="largest roster run with PBKDF2")
    parser.add_argument("--no-browser", action="store_true")
    args = parser.parse_args()
    py = python_costs()
    print(f"machine: {os.cpu_count()} cores; time-lock t = {py['t']:,} squarings (--guess-ms {DEFAULT_GUESS_MS} at "
          f"the stored calibration {CALIBRATION}); PBKDF2 {DEFAULT_ITERATIONS:,} iterations")
    print(f"python, one guess:      time-lock {py['guess'] * 1000:7.1f} ms ({py['t'] / py['guess']:,.0f} "
          f"squarings/s)   PBKDF2 {py['pbkdf2'] * 1000:6.1f} ms")
    print(f"generator, one digest:  time-lock {py['digest'] * 1000:7.2f} ms (trapdoor, CRT)   PBKDF2 "
          f"{py['pbkdf2'] * 1000:6.1f} ms (same as a guess)")
    print(f"generator, one sheet's primes (3 x 341 bits, median of 15): {py['primes'] * 1000:.1f} ms")
    web = None
    with tempfile.TemporaryDirectory() as tmp:
        generate(Path(tmp) / "v3", "--format", "json")
        generate(Path(tmp) / "v2", "--format", "json", "--kdf-iterations", str(DEFAULT_ITERATIONS))
        v3, v2 = python_sheet(Path(tmp))
        print(f"python check-answers, a whole default sheet answered right: time-lock {v3:.2f} s (on every core)"
              f"   PBKDF2 {v2:.2f} s")
        if not args.no_browser:
            web = browser_costs(Path(tmp))
        if web:
            print(f"chromium, one guess:    time-lock {web['v3'] * 1000:7.1f} ms ({py['t'] / web['v3']:,.0f} squarings/s)"
                  f"   PBKDF2 {web['v2'] * 1000:6.1f} ms")
            print(f"chromium, a whole default sheet answered right ({web['requests']} digests): "
                  f"{web['v3_sheet']:.2f} s")
        sizes = [int(s) for s in args.students.split(",") if s]
        for name, size, seconds, scaled in rosters(Path(tmp), sizes, args.old_students):
            note = " (scaled from the largest measured roster, not run)" if scaled else ""
            print(f"roster of {size:5,} students, default formats, {name:13s}: {seconds:7.1f} s "
                  f"({seconds / size * 1000:.0f} ms per student){note}")
    per = web["v3"] if web else py["guess"]
    print(f"\nblind brute force at {per * 1000:.1f} ms per guess (one browser tab, time-lock):")
    for part, how, n in SPACES:
        print(f"  {part:52s} {n:>13,} candidates ({how}): {_human(n * per)}")


if __name__ == "__main__":
    main_()

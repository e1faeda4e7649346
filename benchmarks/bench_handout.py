"""Benchmark the handout digests: the time-lock (v3) beside PBKDF2 (v2), for a guesser and for the generator.

Run: python benchmarks/bench_handout.py [--students 100,1000] [--old-students 100] [--no-browser] [--baseline DIR]
Prints, in one run:
  - one guess in Python (check-answers) and in headless Chromium (the page), for both schemes, and the squarings
    per second each engine does here beside the calibration stored in handouts; the time-lock in Python once with
    CPython's ints and once with gmpy2 (the `[fast]` extra, when installed), and in Node.js's V8 (the page's
    BigInt loop, the engine of Chromium) when `node` is on the PATH;
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

from exercises.answers import modular
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


HIDE_GMPY2 = "import runpy, sys; sys.modules['gmpy2'] = None; sys.argv[0] = 'rosenblatt'; " \
             "runpy.run_module('exercises', run_name='__main__')"
ENGINES = [e for e in (modular.PYTHON, modular.GMPY2) if e is not None]


def python_costs(engine: modular.Engine) -> dict[str, float]:
    modular.ENGINE = engine  # this benchmark's own process only
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


def checkers(baseline: Path | None) -> dict[str, tuple[list[str], dict]]:
    """check-answers as a student runs it: with gmpy2 (if installed), with it hidden, and a baseline checkout's."""
    env = {k: v for k, v in os.environ.items() if k != "PYTHONPATH"}
    cols = {"python": ([sys.executable, "-c", HIDE_GMPY2], env)}
    if modular.GMPY2 is not None:
        cols["gmpy2"] = ([sys.executable, "-m", "exercises"], env)
    if baseline is not None:
        cols["base"] = ([sys.executable, "-m", "exercises"], {**env, "PYTHONPATH": str(baseline.resolve())})
    return cols


def python_sheet(tmp: Path, name: str, command: list[str], env: dict, repeat: int = 3) -> float:
    """`rosenblatt check-answers` (a fresh process, best of `repeat`) on a whole default sheet answered right, for
    handout `name` (v3 or v2)."""
    answers = {v["exercise"]: dict(v["key"]) for v in json.loads((tmp / name / "exercises.json").read_text())["variants"]}
    (tmp / f"{name}.yaml").write_text(yaml.safe_dump(answers), encoding="utf-8")
    times = []
    for _ in range(repeat):
        start = time.perf_counter()
        run = subprocess.run(command + ["check-answers", str(tmp / name / "variants" / "v01" / "handout.json"),
                                        str(tmp / f"{name}.yaml")], capture_output=True, check=False, env=env)
        times.append(time.perf_counter() - start)
        assert b"parts correct" in run.stdout, run.stderr[-500:]  # the certificates are not in the key: exit 1
    return min(times)


NODE_SQUARINGS = """const [hex, x0, t] = process.argv.slice(1); const n = BigInt('0x' + hex); let y = BigInt(x0);
const start = process.hrtime.bigint(); for (let i = Number(t); i > 0; i--) y = y * y % n;
console.log(Number(process.hrtime.bigint() - start) / 1e9, y.toString(16));"""


def NODE_VERSION() -> str:
    return subprocess.run(["node", "-p", "`${process.version}, V8 ${process.versions.v8}`"], capture_output=True,
                          text=True).stdout.strip()


def node_guess(lock: TimeLock) -> float | None:
    """Seconds for one guess's t squarings in Node.js (V8's BigInt, the loop of handout.html), best of 3; checks
    that V8 and Python agree on the result."""
    import shutil

    if shutil.which("node") is None:
        return None
    x = lock.start("1.theta", "[1, -2]")
    want = format(pow(x, 1 << lock.t, lock.modulus), "x")
    best = None
    for _ in range(3):
        out = subprocess.run(["node", "-e", NODE_SQUARINGS, format(lock.modulus, "x"), str(x), str(lock.t)],
                             capture_output=True, text=True, check=True).stdout.split()
        assert out[1] == want, "V8 and Python disagree"
        best = float(out[0]) if best is None else min(best, float(out[0]))
    return best


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
    parser.add_argument("--baseline", type=Path, default=None,
                        help="another checkout whose check-answers runs beside this one's (e.g. an older commit)")
    args = parser.parse_args()
    costs = {engine.name: python_costs(engine) for engine in ENGINES}
    py = costs[ENGINES[-1].name]  # the fastest engine installed: what check-answers uses here
    print(f"machine: {os.cpu_count()} cores; time-lock t = {py['t']:,} squarings (--guess-ms {DEFAULT_GUESS_MS} at "
          f"the stored calibration {CALIBRATION}); PBKDF2 {DEFAULT_ITERATIONS:,} iterations")
    for name, c in costs.items():
        print(f"python ({name:6s}), one guess:      time-lock {c['guess'] * 1000:7.1f} ms ({c['t'] / c['guess']:,.0f} "
              f"squarings/s)   PBKDF2 {c['pbkdf2'] * 1000:6.1f} ms")
    node = node_guess(TimeLock(SALT, sheet_trapdoor(1, "v01").modulus, py["t"]))
    if node is not None:
        print(f"node.js {NODE_VERSION()} (V8 BigInt, the page's loop), one guess: time-lock {node * 1000:7.1f} ms "
              f"({py['t'] / node:,.0f} squarings/s)")
    for name, c in costs.items():
        print(f"generator ({name:6s}), one digest:  time-lock {c['digest'] * 1000:7.3f} ms (trapdoor, CRT); one "
              f"sheet's primes (3 x 341 bits, median of 15): {c['primes'] * 1000:.1f} ms")
    web = None
    with tempfile.TemporaryDirectory() as tmp:
        generate(Path(tmp) / "v3", "--format", "json")
        generate(Path(tmp) / "v2", "--format", "json", "--kdf-iterations", str(DEFAULT_ITERATIONS))
        cols = checkers(args.baseline)
        v2 = python_sheet(Path(tmp), "v2", *cols["python"])
        requests = len(sheet_requests(Path(tmp) / "v3"))
        for name, (command, env) in cols.items():
            v3 = python_sheet(Path(tmp), "v3", command, env)
            print(f"python check-answers ({name:6s}), a whole default sheet answered right ({requests} digests): "
                  f"time-lock {v3:.2f} s (on every core, best of 3)   PBKDF2 {v2:.2f} s")
        if node is not None:
            print(f"node.js, the same sheet one digest after another (as the page checks): {requests * node:.2f} s")
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

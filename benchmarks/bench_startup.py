"""Benchmark start-up: wall time of each quick command beside `python -c pass`, as a ratio (medians, interleaved).

Goals: `--help`, `trace DATA` and `list` at most 5x `python -c pass`; `check FILE` at most 0.3 s above its own grading
work (the suite, the sandbox's start, the run and the judging, timed in a process that imported the grader first).

Runs `python -m exercises.cli.main ...` from the checkout with this interpreter (`sys.executable`, never a pyenv shim,
which alone costs ~100 ms), so it measures this tree's code. `--script PATH` also times an installed `rosenblatt`
console script. Runs are interleaved (one of each command per round), so load from other jobs on a shared machine
hits every command alike; compare the ratios. Bytecode is cached as after `pip install` (PYTHONDONTWRITEBYTECODE
is dropped for the runs and a warm-up round writes `__pycache__`); `--no-bytecode-cache` compiles the project's
sources in every run instead. `python -X importtime -m exercises.cli.main COMMAND` shows where the rest goes.
"""

from __future__ import annotations

import argparse
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
from exercises.answers.kdf import DEFAULT_ITERATIONS

SEEDS = "X: [[1, 2], [-1, 2], [0, -1]]\ny: [1, -1, -1]\noffset: false\ntheta_init: [1, -0.8]\n"
BOUND = SEEDS + "w_star: [3, 1]\n"
ANSWERS = """1: {theta: [4, -1], mistakes: 2, updates: [{point: 1, theta: [2, -3]}, {point: 3, theta: [4, -1]}]}
2: {origin.separable: yes, origin.theta: [1, 1], offset.separable: yes, offset.theta: [1, 1], offset.theta0: 0}
3: {gamma: sqrt(2)/2, R: sqrt(5), bound: 10, mistakes: 3}
"""


def _fixtures(tmp: Path) -> dict[str, Path]:
    """A data file (the seeds' worked example), one with w_star, and generated handouts with filled-in answers:
    one with the default time-lock (about 60 ms a guess) and one at 1 ms a guess, which leaves check-answers' start-up."""
    (tmp / "seeds.yaml").write_text(SEEDS)
    (tmp / "bound.yaml").write_text(BOUND)
    for folder, extra in (("sheet", []), ("sheet-min", ["--guess-ms", "1"])):
        subprocess.run([sys.executable, "-m", "exercises.cli.main", "generate", "hand_trace", "separability",
                        "mistake_bound", "--format", "json", "--out", str(tmp / folder), "--quiet", *extra],
                       cwd=ROOT, check=True)
    (tmp / "answers.yaml").write_text(ANSWERS)
    shutil.copy(ROOT / "submissions" / "correct.py", tmp / "correct.py")
    return {"submission": tmp / "correct.py", "data": tmp / "seeds.yaml", "bound": tmp / "bound.yaml", "answers": tmp / "answers.yaml",
            "handout": tmp / "sheet" / "variants" / "v01" / "handout.json",
            "handout-min": tmp / "sheet-min" / "variants" / "v01" / "handout.json"}


FIVE_TIMES = ("--help", "trace DATA", "list")  # the goal: at most 5x `python -c pass`


def _commands(f: dict[str, Path], script: str | None) -> list[tuple[str, list[str], bool]]:
    """(label, argv, counted in the 100 ms goal)."""
    cli = [sys.executable, "-m", "exercises.cli.main"]
    out = [("python -c pass", [sys.executable, "-c", "pass"], False),
           ("python -S -c pass (no site, no .pth files)", [sys.executable, "-S", "-c", "pass"], False),
           ("--help", cli + ["--help"], True),
           ("--version", cli + ["--version"], True),
           ("trace DATA", cli + ["trace", str(f["data"])], True),
           ("separable DATA", cli + ["separable", str(f["data"])], True),
           ("cover 10 3", cli + ["cover", "10", "3"], True),
           ("check-answers (--guess-ms 1)",
            cli + ["check-answers", str(f["handout-min"]), str(f["answers"])], True),
           ("check-answers (default time-lock: + squaring)",
            cli + ["check-answers", str(f["handout"]), str(f["answers"])], False),
           ("bound DATA (renders surds: sympy)", cli + ["bound", str(f["bound"])], False),
           ("list", cli + ["list"], False),
           ("check correct.py", cli + ["check", str(f["submission"])], False)]
    if script:
        out += [(f"{Path(script).name} --help (console script)", [script, "--help"], False),
                (f"{Path(script).name} trace DATA (console script)", [script, "trace", str(f["data"])], False)]
    return out


def measure(commands: list[tuple[str, list[str], bool]], repeats: int, env: dict) -> dict[str, list[float]]:
    times: dict[str, list[float]] = {label: [] for label, _, _ in commands}
    for round_ in range(repeats + 1):
        for label, argv, _ in commands:
            start = time.perf_counter()
            res = subprocess.run(argv, cwd=ROOT, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, env=env)
            if round_:  # round 0 warms the caches
                times[label].append(time.perf_counter() - start)
            allowed = (0, 1) if "check-answers" in argv else (0,)  # check-answers exits 1 when an answer is wrong
            if res.returncode not in allowed:  # a command that failed fast must not pass for a fast start
                raise SystemExit(f"{label} failed (exit {res.returncode}): {res.stderr.decode()[-500:]}")
    return times


def main() -> None:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--repeats", type=int, default=21, help="rounds (each runs every command once); default 21")
    p.add_argument("--script", help="also time this console script (e.g. the `rosenblatt` of a virtual environment)")
    p.add_argument("--no-bytecode-cache", action="store_true",
                   help="compile the project's sources in every run (PYTHONDONTWRITEBYTECODE=1 and no __pycache__)")
    args = p.parse_args()
    env = {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}
    tmp = Path(tempfile.mkdtemp(prefix="bench-startup-"))
    if args.no_bytecode_cache:
        env.update(PYTHONDONTWRITEBYTECODE="1")
        for cache in [*ROOT.glob("rosenblatt/**/__pycache__"), *ROOT.glob("exercises/**/__pycache__"),
                      *ROOT.glob("grader/**/__pycache__"),
                      ROOT / "templates" / "__pycache__"]:
            shutil.rmtree(cache, ignore_errors=True)
    try:
        commands = _commands(_fixtures(tmp), args.script)
        times = measure(commands, args.repeats, env)
    finally:
        shutil.rmtree(tmp, ignore_errors=True)
    base = statistics.median(times["python -c pass"])
    cache = "project sources compiled in every run" if args.no_bytecode_cache else "bytecode cached"
    print(f"start-up wall time, median of {args.repeats} interleaved runs ({cache}); "
          f"{sys.executable} -m exercises.cli.main")
    print(f"{'command':<44} {'median':>9} {'min':>9} {'vs pass':>8} {'above pass':>11}  goal 100 ms / 5x pass")
    for label, _, goal in commands:
        med, low = statistics.median(times[label]), min(times[label])
        verdict = ("ok" if med <= 0.100 else "OVER") if goal else ""
        if label in FIVE_TIMES:
            verdict += (" " if verdict else "") + ("5x ok" if med <= 5 * base else "5x OVER")
        print(f"{label:<44} {med * 1000:7.1f} ms {low * 1000:6.1f} ms {med / base:7.2f}x {(med - base) * 1000:8.1f} ms"
              f"  {verdict}")
    work = statistics.median(_grading_work(ROOT / "submissions" / "correct.py", max(3, args.repeats // 3), env))
    check = statistics.median(times["check correct.py"])
    print(f"check correct.py: {check * 1000:.1f} ms in all; its grading work {work * 1000:.1f} ms (median, a process "
          f"that imported the grader first); above it {(check - work) * 1000:.1f} ms (goal at most 300 ms: "
          f"{'ok' if check - work <= 0.3 else 'OVER'})")
    print(_hashing_note())


WORK = """
import sys, time
from pathlib import Path
from grader import assignments
from grader.cli import _sandbox_factory
from grader.grading import grade
from grader.reports import check_text
from grader.suite import Suite
path = Path(sys.argv[1])
start = time.perf_counter()
a = assignments.load(None)
suite = Suite(a, None, hidden=False)
with _sandbox_factory(a)() as box:
    report = grade(box, suite, path.stem, path.name, path.read_bytes())
check_text(report, a)
print(time.perf_counter() - start)
"""


def _grading_work(path: Path, repeats: int, env: dict) -> list[float]:
    """`check`'s own work (load the assignment, build the suite, start the sandbox, grade, word the feedback), each
    time in a fresh process that has imported the grader already."""
    return [float(subprocess.run([sys.executable, "-c", WORK, str(path)], cwd=ROOT, env=env, capture_output=True,
                                 text=True, check=True).stdout.split()[-1]) for _ in range(repeats)]


def _hashing_note() -> str:
    """What one answer digest costs: check-answers computes one per answer part, on all cores."""
    import hashlib

    start = time.perf_counter()
    hashlib.pbkdf2_hmac("sha256", b"1", b"salt", DEFAULT_ITERATIONS, 32)
    one = time.perf_counter() - start
    return (f"one PBKDF2-HMAC-SHA256 digest at {DEFAULT_ITERATIONS:,} iterations: {one * 1000:.0f} ms here "
            f"({os.cpu_count()} cores); check-answers computes one per answer part, deliberately (docs/handouts.md)")


if __name__ == "__main__":
    main()

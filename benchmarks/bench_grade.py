"""Benchmark the grader: throughput and peak memory on correct copies, hidden-suite cost, per-submission overhead."""

from __future__ import annotations

import argparse
import json
import os
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
CORRECT = (ROOT / "submissions" / "correct.py").read_text()
INSTANT = ("import numpy as np\n\ndef perceptron(X, y, max_epochs=1000, offset=True):\n"
           "    return np.zeros(X.shape[1]), 0.0, False\n")
GRADE_AND_MEASURE = """
import resource, sys, time
from exercises.cli import main
t = time.perf_counter()
code = main(sys.argv[1:])
wall = time.perf_counter() - t
print("RESULT", code, wall, resource.getrusage(resource.RUSAGE_SELF).ru_maxrss)
"""


def _copies(folder: Path, text: str, n: int) -> Path:
    folder.mkdir(parents=True)
    for k in range(n):
        (folder / f"s{k:04d}.py").write_text(text)
    return folder


def grade_in_fresh_process(folder: Path, out: Path, jobs: int, isolation: str = "auto") -> tuple[float, float]:
    """Run `rosenblatt grade` in a fresh interpreter; return (wall seconds, peak RSS of the grader in MB)."""
    cmd = [sys.executable, "-c", GRADE_AND_MEASURE, "grade", str(folder), "--out", str(out), "--jobs", str(jobs),
           "--no-progress", "--seed", "bench", "--isolation", isolation]
    res = subprocess.run(cmd, capture_output=True, text=True, check=True, cwd=ROOT)
    line = [x for x in res.stdout.splitlines() if x.startswith("RESULT")][-1].split()
    assert line[1] == "0", res.stderr
    return float(line[2]), int(line[3]) / 1024


def hidden_suite_cost(repeats: int = 5) -> tuple[float, float]:
    """Seconds for a correct plain-Python submission to run the whole hidden suite (sandbox-measured, wall)."""
    from grader.assignment import load
    from grader.grading import Suite, case_inputs
    from grader.sandbox import Limits, Sandbox

    a = load()
    suite = Suite(a, "bench")
    inputs = case_inputs(a, suite.hidden)
    best_run, best_wall = float("inf"), float("inf")
    with Sandbox(Limits(case_seconds=a.case_seconds, total_seconds=a.total_seconds)) as box:
        for _ in range(repeats):
            t = time.perf_counter()
            run = box.run(CORRECT.encode(), "correct.py", "perceptron", inputs)
            best_wall = min(best_wall, time.perf_counter() - t)
            best_run = min(best_run, sum(o.seconds for o in run.outcomes))
            assert all(o.status == "returned" for o in run.outcomes)
    return best_run, best_wall


def pytest_alternative(folder: Path, limit: int) -> float:
    """Seconds per submission for a fresh `python -m pytest` process running the visible cases."""
    from grader.assignment import load
    from grader.calling import build_call
    from grader.cases import visible_cases

    a = load()
    cases = []
    for c in visible_cases(a):
        args, kwargs = build_call(a, c)
        cases.append({"X": args[0].tolist(), "y": args[1].tolist(), **kwargs,
                      "theta": [float(v) for v in c.expected.theta], "theta0": float(c.expected.theta0),
                      "converged": c.expected.converged})
    work = Path(tempfile.mkdtemp(prefix="bench-pytest-"))
    test = work / "test_visible.py"
    test.write_text(
        "import json, os, importlib.util, numpy as np, pytest\n"
        f"CASES = json.loads({json.dumps(json.dumps(cases))})\n"
        "spec = importlib.util.spec_from_file_location('sub', os.environ['SUBMISSION'])\n"
        "sub = importlib.util.module_from_spec(spec); spec.loader.exec_module(sub)\n"
        "@pytest.mark.parametrize('c', CASES)\n"
        "def test_case(c):\n"
        "    th, th0, conv = sub.perceptron(np.array(c['X']), np.array(c['y']), max_epochs=c['max_epochs'],"
        " offset=c['offset'])\n"
        "    assert list(np.ravel(th)) == c['theta'] and float(th0) == c['theta0'] and conv == c['converged']\n")
    files = sorted(folder.glob("*.py"))[:limit]
    env = {**os.environ, "PYTHONDONTWRITEBYTECODE": "1"}
    t = time.perf_counter()
    for f in files:
        subprocess.run([sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider", str(test)], cwd=work,
                       env={**env, "SUBMISSION": str(f)}, capture_output=True)
    elapsed = (time.perf_counter() - t) / len(files)
    shutil.rmtree(work, ignore_errors=True)
    return elapsed


def overhead(tmp: Path, instant: Path, n: int, isolation: str, alt: float) -> dict:
    """Per instant submission, one worker: whole run / n (start-up and suite included) and the marginal cost.

    The marginal cost is (wall(n) - wall(n/10)) / (n - n/10): what one more submission adds once the grader
    has started and built its suite (about 2-3 s of fixed cost, mostly the hidden cases' exact checks).
    """
    small = max(1, n // 10)
    few = _copies(tmp / f"few-{isolation}", INSTANT, small)
    wall, _ = grade_in_fresh_process(instant, tmp / f"out-{isolation}", 1, isolation)
    wall_few, _ = grade_in_fresh_process(few, tmp / f"out-few-{isolation}", 1, isolation)
    marginal = (wall - wall_few) / (n - small)
    return {"isolation": isolation, "n": n, "jobs": 1, "whole_run_ms_per_submission": round(1000 * wall / n, 1),
            "marginal_ms_per_submission": round(1000 * marginal, 1), "pytest_ratio_marginal": round(alt / marginal, 1)}


def main() -> None:
    p = argparse.ArgumentParser(description=__doc__)
    p.add_argument("--n", type=int, default=200)
    p.add_argument("--big", type=int, default=1000, help="batch size for the memory-flatness run (0: skip)")
    p.add_argument("--jobs", type=int, default=2)
    args = p.parse_args()
    tmp = Path(tempfile.mkdtemp(prefix="bench-grade-"))
    try:
        report = {}
        wall, rss = grade_in_fresh_process(_copies(tmp / "correct", CORRECT, args.n), tmp / "out1", args.jobs)
        report["correct"] = {"n": args.n, "jobs": args.jobs, "seconds": round(wall, 2),
                             "per_second": round(args.n / wall, 1), "peak_rss_mb": round(rss, 1)}
        if args.big:
            wall, rss = grade_in_fresh_process(_copies(tmp / "big", CORRECT, args.big), tmp / "out2", args.jobs)
            report["correct_big"] = {"n": args.big, "seconds": round(wall, 2),
                                     "per_second": round(args.big / wall, 1), "peak_rss_mb": round(rss, 1)}
        in_child, wall = hidden_suite_cost()
        report["hidden_suite"] = {"student_seconds": round(in_child, 3), "wall_seconds": round(wall, 3)}
        instant = _copies(tmp / "instant", INSTANT, args.n)
        alt = pytest_alternative(instant, args.n)
        report["pytest_ms_per_submission"] = round(1000 * alt, 1)
        report["overhead"] = [overhead(tmp, instant, args.n, iso, alt) for iso in ("strong", "weak")]
        print(json.dumps(report, indent=2))
    finally:
        shutil.rmtree(tmp, ignore_errors=True)


if __name__ == "__main__":
    main()

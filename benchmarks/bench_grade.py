"""Benchmark the grader: per-submission overhead and its breakdown, the alternatives, throughput, scaling, memory.

Everything the issue asks for is printed by one run (about 15 minutes on 2 shared cores; `--sections` picks some):

* breakdown: per submission, in one process with one warm strong sandbox: the suite in its child (fork, load,
  cases, exit), the shrink candidates' batches (for failures, in the same child), judging + diagnosis + shrinking,
  and writing the three feedback files;
  for an instant submission (returns zeros at once, so it fails: the most feedback work) and `correct.py`;
* floor: what the sandbox alone costs per submission, in one process with one warm sandbox building children ahead:
  the instant file loaded in a fresh child and no case run (fork, namespaces or limits, load, exit), in wall time
  and in CPU time of the grader and of the sandbox (the zygote with its reaped children, from /proc);
* overhead: `rosenblatt grade` in a fresh process, one worker, marginal cost per submission
  ((wall(n) - wall(n/10)) / (n - n/10), and the same in CPU time of the whole process tree, which other jobs on a
  shared machine do not inflate, with the sandbox's share: zygotes and their children): instant submissions with
  strong and weak isolation, instant ones with strong isolation at the default worker count (no --jobs), and
  correct ones minus the time their own calls take in-process (the unsafe floor);
* alternatives: a fresh `python -m pytest` (no plugins autoloaded) per submission over the same visible cases, and
  Otter-Grader's `otter run` per submission (needs `otter` on PATH or `--otter`, with ipykernel and numpy in its
  environment); the ratios to the instant overhead, in wall time and in CPU time;
* throughput: 1,000 copies of `correct.py` with `--jobs 2` here and on `--cluster local:2` (needs dask), with the
  grader's peak memory;
* scaling: wall time for 10, 100 and 1,000 copies (`--jobs 2`), the least-squares line and its worst deviation;
* hidden: what the hidden suite costs a correct plain-Python loop;
* before: `--before CHECKOUT`: correct.py graded by that checkout and by this one, alternately in one run (the
  marginal wall and CPU per submission, one worker and the default, and the ratio): what a change costs;
* probes: what the behaviour probes (grader/diagnosis/probes.py) cost per submission, in one process with one warm
  strong sandbox, beside the same grading with no probes in the same run: for failing samples whose diagnosis
  needs them (an ignored epoch limit, batch updates, a mixed index, a loop that never stops) and for `correct.py`,
  which runs none.

The machine is shared: compare figures from the same run; rerun for medians.
"""

from __future__ import annotations

import argparse
import json
import os
import resource
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))  # measure this checkout's grader, not whichever one is installed
CORRECT = (ROOT / "submissions" / "correct.py").read_text()
INSTANT = ("import numpy as np\n\ndef perceptron(X, y, max_epochs=1000, offset=True):\n"
           "    return np.zeros(X.shape[1]), 0.0, False\n")
SECTIONS = ("breakdown", "floor", "overhead", "alternatives", "throughput", "scaling", "hidden", "probes", "before")
GRADE_AND_MEASURE = """
import resource, sys, time
from exercises.cli import main
t = time.perf_counter()
code = main(sys.argv[1:])
wall = time.perf_counter() - t
me, kids = resource.getrusage(resource.RUSAGE_SELF), resource.getrusage(resource.RUSAGE_CHILDREN)
cpu = me.ru_utime + me.ru_stime + kids.ru_utime + kids.ru_stime  # kids: the zygotes, with their reaped children
print("RESULT", code, wall, me.ru_maxrss, cpu, kids.ru_utime + kids.ru_stime)
"""


def _copies(folder: Path, text: str, n: int) -> Path:
    folder.mkdir(parents=True)
    for k in range(n):
        (folder / f"s{k:04d}.py").write_text(text)
    return folder


def grade_in_fresh_process(folder: Path, out: Path, jobs: int | None, isolation: str = "auto",
                           cluster: str | None = None, cpu: bool = False, root: Path = ROOT) -> tuple[float, ...]:
    """Run `rosenblatt grade` in a fresh interpreter (`jobs` None: no --jobs, the command's default); (wall seconds
    of the grading call, peak RSS of it in MB), and with `cpu` the CPU seconds of the whole process tree (grader,
    zygotes, sandboxed children) and of the sandbox's part of it (zygotes and children)."""
    cmd = [sys.executable, "-c", GRADE_AND_MEASURE, "grade", str(folder), "--out", str(out), "--no-progress",
           "--seed", "bench", "--isolation", isolation] + (["--jobs", str(jobs)] if jobs is not None else []) \
        + (["--cluster", cluster] if cluster else [])
    res = subprocess.run(cmd, capture_output=True, text=True, cwd=root)  # `-c` puts the cwd's packages first
    lines = [x for x in res.stdout.splitlines() if x.startswith("RESULT")]
    if res.returncode or not lines or lines[-1].split()[1] != "0":
        raise RuntimeError(f"grading failed: {res.stderr[-1500:]}")
    line = lines[-1].split()
    return (float(line[2]), int(line[3]) / 1024) + ((float(line[4]), float(line[5])) if cpu else ())


def _children_cpu() -> float:
    r = resource.getrusage(resource.RUSAGE_CHILDREN)
    return r.ru_utime + r.ru_stime


def _median_ms(xs: list[float]) -> float:
    return round(1000 * statistics.median(xs), 2)


class _Timed:
    """A sandbox whose sessions record how long each batch took (the suite, then shrink candidates' rounds);
    the first batch's time includes forking the child, and closing the session (its exit) is added to it."""

    def __init__(self, box):
        self.box, self.spent = box, []

    def session(self, *args):
        timed, inner = self, self.box.session(*args)

        class _Session:
            def run(self, cases):
                start = time.perf_counter()
                try:
                    return inner.run(cases)
                finally:
                    timed.spent.append(time.perf_counter() - start)

            def __enter__(self):
                return self

            def __exit__(self, *exc):
                start = time.perf_counter()
                inner.close()
                timed.spent[0] += time.perf_counter() - start

        return _Session()


def breakdown(n: int) -> dict:
    """Per-submission medians of each part of grading, in one process with one warm strong sandbox."""
    from grader.assignments.assignment import load
    from grader.grading import grade
    from grader.suite import Suite
    from grader.reports.report import write_submission
    from grader.sandbox import Limits, Sandbox

    a = load()
    suite = Suite(a, "bench")
    tmp = Path(tempfile.mkdtemp(prefix="bench-breakdown-"))
    out = {}
    try:
        with Sandbox(Limits(case_seconds=a.case_seconds, total_seconds=a.total_seconds), isolation="strong",
                     ahead=True) as box:  # as in a batch
            for label, text in (("instant", INSTANT), ("correct", CORRECT)):
                source, parts = text.encode(), {"suite": [], "probes": [], "judge": [], "write": [], "all": []}
                grade(box, suite, "warm", "warm.py", source)
                for k in range(n):
                    timed = _Timed(box)
                    t0 = time.perf_counter()
                    report = grade(timed, suite, f"s{k}", "s.py", source)
                    t1 = time.perf_counter()
                    write_submission(tmp / label / f"s{k}", report, a, {"key": "bench"})
                    t2 = time.perf_counter()
                    parts["suite"].append(timed.spent[0])
                    parts["probes"].append(sum(timed.spent[1:]))
                    parts["judge"].append(t1 - t0 - sum(timed.spent))
                    parts["write"].append(t2 - t1)
                    parts["all"].append(t2 - t0)
                own = in_process_floor(text)
                out[label] = {"score": f"{report.score}/{report.max_score}", "cases_in_suite_child": len(suite.inputs()),
                              "suite_child_ms": _median_ms(parts["suite"]),
                              "of_which_its_own_calls_in_process_ms": round(1000 * own, 2),
                              "shrink_candidates_ms": _median_ms(parts["probes"]),
                              "judge_diagnose_shrink_ms": _median_ms(parts["judge"]),
                              "write_feedback_ms": _median_ms(parts["write"]),
                              "total_ms": _median_ms(parts["all"]),
                              "overhead_ms": round(_median_ms(parts["all"]) - 1000 * own, 2)}
    finally:
        shutil.rmtree(tmp, ignore_errors=True)
    return out


def _tree_cpu(pid: int) -> float:
    """CPU seconds of a process and its reaped children (/proc/PID/stat: utime, stime, cutime, cstime)."""
    with open(f"/proc/{pid}/stat") as fh:
        fields = fh.read().rsplit(")", 1)[1].split()
    return sum(int(x) for x in fields[11:15]) / os.sysconf("SC_CLK_TCK")


def sandbox_floor(n: int, rounds: int = 3) -> dict:
    """Per submission, medians over rounds: the instant file loaded in a fresh child, no case run."""
    from grader.sandbox import Limits, Sandbox

    out = {}
    for isolation in ("strong", "weak"):
        walls, graders, boxes = [], [], []
        with Sandbox(Limits(), isolation=isolation, ahead=True) as box:
            box.run(INSTANT.encode(), "s.py", "perceptron", [])
            for _ in range(rounds):
                z, c, w = _tree_cpu(box.zygote_pid), time.thread_time(), time.perf_counter()
                for _ in range(n):
                    box.run(INSTANT.encode(), "s.py", "perceptron", [])
                walls.append((time.perf_counter() - w) / n)
                graders.append((time.thread_time() - c) / n)
                boxes.append((_tree_cpu(box.zygote_pid) - z) / n)
        out[isolation] = {"n": n, "rounds": rounds, "wall_ms": _median_ms(walls), "grader_cpu_ms": _median_ms(graders),
                          "sandbox_cpu_ms": _median_ms(boxes)}
    return out


def in_process_floor(text: str, repeats: int = 7) -> float:
    """Seconds the submission's own calls take on the whole suite in this process (the unsafe floor): the median
    pass, the statistic the sandboxed figures it is subtracted from use (the best pass would flatter the floor, and
    so inflate the overhead, by the machine's noise: on this VM the median pass is often 1.5x the best)."""
    from grader.assignments.assignment import load
    from grader.suite import Suite, case_inputs

    a = load()
    calls = [(x.args, x.kwargs) for x in case_inputs(a, Suite(a, "bench").cases)]
    module: dict = {"__name__": "submission"}
    exec(compile(text, "submission.py", "exec"), module)  # noqa: S102 - trusted benchmark code
    passes = []
    for _ in range(repeats):
        start = time.perf_counter()
        for args, kwargs in calls:
            module["perceptron"](*(v.copy() if hasattr(v, "copy") else v for v in args), **kwargs)
        passes.append(time.perf_counter() - start)
    return statistics.median(passes)


def marginal(tmp: Path, text: str, n: int, isolation: str, tag: str, repeats: int, floor: bool = False,
             jobs: int | None = 1, root: Path = ROOT) -> dict:
    """Seconds per submission with `jobs` workers (None: the command's default): whole run / n, and the marginal cost (wall(n) - wall(n/10)) /
    (n - n/10) in wall time and in CPU time of the whole process tree; medians over `repeats` pairs of runs.

    CPU time is what the grading itself consumes: other jobs on a shared machine inflate wall time, not CPU time.
    With `floor`, the submission's own calls are timed in-process between the pairs (the machine's speed drifts).
    """
    small = max(1, n // 10)
    many, few = _copies(tmp / f"{tag}-many", text, n), _copies(tmp / f"{tag}-few", text, small)
    whole, walls, cpus, boxes, floors = [], [], [], [], []
    for k in range(repeats):
        if floor:
            floors.append(in_process_floor(text))
        wall, _, cpu, box = grade_in_fresh_process(many, tmp / f"{tag}-out-{k}", jobs, isolation, cpu=True,
                                                   root=root)
        wall_few, _, cpu_few, box_few = grade_in_fresh_process(few, tmp / f"{tag}-out-few-{k}", jobs, isolation,
                                                               cpu=True, root=root)
        whole.append(wall / n)
        walls.append((wall - wall_few) / (n - small))
        cpus.append((cpu - cpu_few) / (n - small))
        boxes.append((box - box_few) / (n - small))
    out = {"n": n, "repeats": repeats, "jobs": jobs if jobs is not None else "default",
           "whole_run_ms_per_submission": round(1000 * statistics.median(whole), 1),
           "marginal_wall_ms_per_submission": round(1000 * statistics.median(walls), 1),
           "marginal_cpu_ms_per_submission": round(1000 * statistics.median(cpus), 1),
           "of_which_sandbox_cpu_ms": round(1000 * statistics.median(boxes), 1)}
    if floors:
        own = 1000 * statistics.median(floors)
        out.update(own_calls_in_process_ms=round(own, 1),
                   overhead_wall_ms_per_submission=round(out["marginal_wall_ms_per_submission"] - own, 1),
                   overhead_cpu_ms_per_submission=round(out["marginal_cpu_ms_per_submission"] - own, 1))
    return out


def overhead(tmp: Path, n: int, repeats: int) -> dict:
    out = {f"instant_{iso}": marginal(tmp, INSTANT, n, iso, f"instant-{iso}", repeats) for iso in ("strong", "weak")}
    out["instant_strong_default_jobs"] = marginal(tmp, INSTANT, n, "strong", "instant-jobs", repeats, jobs=None)
    m = max(20, n // 2)
    out["correct_strong"] = marginal(tmp, CORRECT, m, "strong", "correct", repeats, floor=True)
    return out


def _visible_cases() -> list[dict]:
    from grader.assignments.assignment import load
    from grader.judging.calling import build_call
    from grader.cases.case import visible_cases

    a, cases = load(), []
    for c in visible_cases(a):
        args, kwargs = build_call(a, c)
        cases.append({"X": args[0].tolist(), "y": args[1].tolist(), **kwargs,
                      "theta": [float(v) for v in c.expected.theta], "theta0": float(c.expected.theta0),
                      "converged": c.expected.converged})
    return cases


def pytest_alternative(folder: Path, limit: int) -> tuple[float, float]:
    """(wall, CPU) seconds per submission for a fresh `python -m pytest` process running the visible cases."""
    work = Path(tempfile.mkdtemp(prefix="bench-pytest-"))
    test = work / "test_visible.py"
    test.write_text(
        "import json, os, importlib.util, numpy as np, pytest\n"
        f"CASES = json.loads({json.dumps(json.dumps(_visible_cases()))})\n"
        "spec = importlib.util.spec_from_file_location('sub', os.environ['SUBMISSION'])\n"
        "sub = importlib.util.module_from_spec(spec); spec.loader.exec_module(sub)\n"
        "@pytest.mark.parametrize('c', CASES)\n"
        "def test_case(c):\n"
        "    th, th0, conv = sub.perceptron(np.array(c['X']), np.array(c['y']), max_epochs=c['max_epochs'],"
        " offset=c['offset'])\n"
        "    assert list(np.ravel(th)) == c['theta'] and float(th0) == c['theta0'] and conv == c['converged']\n")
    files = sorted(folder.glob("*.py"))[:limit]
    # No third-party plugins (the hypothesis plugin alone costs ~1.5 s per start here): the lean pytest an
    # autograder would use, so the ratio does not flatter Rosenblatt.
    env = {**os.environ, "PYTHONDONTWRITEBYTECODE": "1", "PYTEST_DISABLE_PLUGIN_AUTOLOAD": "1"}
    times, cpus = [], []
    for f in files:
        t, c = time.perf_counter(), _children_cpu()
        subprocess.run([sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider", str(test)], cwd=work,
                       env={**env, "SUBMISSION": str(f)}, capture_output=True)
        times.append(time.perf_counter() - t)
        cpus.append(_children_cpu() - c)
    shutil.rmtree(work, ignore_errors=True)
    return statistics.median(times), statistics.median(cpus)


def _otter_test() -> str:
    lines = []
    for c in _visible_cases():
        lines.append({"code": ">>> import numpy as np\n"
                              f">>> th, th0, conv = perceptron(np.array({c['X']}), np.array({c['y']}), "
                              f"max_epochs={c['max_epochs']}, offset={c['offset']})\n"
                              f">>> list(np.ravel(th)) == {c['theta']} and float(th0) == {c['theta0']} "
                              f"and conv == {c['converged']}\nTrue", "hidden": False, "locked": False})
    suite = {"cases": lines, "scored": True, "setup": "", "teardown": "", "type": "doctest"}
    return f"OK_FORMAT = True\n\ntest = {({'name': 'visible', 'points': 5, 'suites': [suite]})!r}\n"


def otter_alternative(otter: str | None, folder: Path, limit: int) -> dict:
    """Seconds per submission of `otter run` (Otter-Grader's local runner: no Docker) over the visible cases."""
    if not otter:
        return {"measured": False, "why": "otter not found: pip install otter-grader ipykernel numpy in a virtual "
                                          "environment and pass --otter PATH/TO/otter"}
    work = Path(tempfile.mkdtemp(prefix="bench-otter-"))
    try:
        (work / "tests").mkdir()
        (work / "tests" / "visible.py").write_text(_otter_test())
        gen = subprocess.run([otter, "generate"], cwd=work, capture_output=True, text=True)
        if gen.returncode:
            return {"measured": False, "why": f"otter generate failed: {gen.stderr[-400:]}"}
        times, cpus = [], []
        for k, f in enumerate(sorted(folder.glob("*.py"))[:limit]):
            (work / f"out{k}").mkdir()
            t, c = time.perf_counter(), _children_cpu()
            res = subprocess.run([otter, "run", "-a", "autograder.zip", "-o", f"out{k}", str(f)], cwd=work,
                                 capture_output=True, text=True)
            times.append(time.perf_counter() - t)
            cpus.append(_children_cpu() - c)
            if res.returncode or not (work / f"out{k}" / "results.json").is_file():
                return {"measured": False, "why": f"otter run failed: {(res.stderr or res.stdout)[-400:]}"}
        return {"measured": True, "n": len(times), "seconds_per_submission": round(statistics.median(times), 3),
                "cpu_seconds_per_submission": round(statistics.median(cpus), 3)}
    finally:
        shutil.rmtree(work, ignore_errors=True)


def alternatives(tmp: Path, n: int, otter: str | None, otter_n: int, instant: dict | None,
                 default: dict | None = None) -> dict:
    """Medians per submission of the two alternatives, and how many times the instant overhead they are
    (wall to wall, and CPU to CPU: the CPU ratio is the one a loaded shared machine does not distort); also
    in wall time against the default worker count's overhead, which is what a batch without --jobs costs."""
    folder = _copies(tmp / "alt-instant", INSTANT, max(n, otter_n))
    wall, cpu = pytest_alternative(folder, n)
    otter_r = otter_alternative(otter, folder, otter_n)
    out = {"pytest_per_process_ms": round(1000 * wall, 1), "pytest_per_process_cpu_ms": round(1000 * cpu, 1),
           "otter_run": otter_r}
    if instant:
        ours_wall, ours_cpu = instant["marginal_wall_ms_per_submission"], instant["marginal_cpu_ms_per_submission"]
        out["ratio_pytest_to_instant_overhead"] = {"wall": round(1000 * wall / ours_wall, 1),
                                                   "cpu": round(1000 * cpu / ours_cpu, 1)}
        if otter_r.get("measured"):
            out["ratio_otter_to_instant_overhead"] = {
                "wall": round(1000 * otter_r["seconds_per_submission"] / ours_wall, 1),
                "cpu": round(1000 * otter_r["cpu_seconds_per_submission"] / ours_cpu, 1)}
    if default:
        ours = default["marginal_wall_ms_per_submission"]
        out["wall_ratios_at_default_jobs"] = {"pytest": round(1000 * wall / ours, 1)} | (
            {"otter": round(1000 * otter_r["seconds_per_submission"] / ours, 1)} if otter_r.get("measured") else {})
    return out


def throughput(tmp: Path, n: int) -> dict:
    folder = _copies(tmp / "through", CORRECT, n)
    wall, rss = grade_in_fresh_process(folder, tmp / "through-local", 2)
    out = {"local_jobs_2": {"n": n, "seconds": round(wall, 1), "per_second": round(n / wall, 1),
                            "peak_rss_mb": round(rss, 1)}}
    try:
        import distributed  # noqa: F401
    except ImportError:
        out["cluster_local_2"] = "not measured: dask.distributed is not installed (pip install 'rosenblatt[cluster]')"
        return out
    wall, rss = grade_in_fresh_process(folder, tmp / "through-cluster", 4, cluster="local:2")  # 2 x 2 threads
    out["cluster_local_2"] = {"n": n, "seconds": round(wall, 1), "per_second": round(n / wall, 1),
                              "client_peak_rss_mb": round(rss, 1), "note": "includes starting the 2 workers"}
    return out


def scaling(tmp: Path, sizes: tuple[int, ...]) -> dict:
    points = []
    for n in sizes:
        wall, rss = grade_in_fresh_process(_copies(tmp / f"scale-{n}", CORRECT, n), tmp / f"scale-out-{n}", 2)
        points.append((n, wall, rss))
    xs, ys = [p[0] for p in points], [p[1] for p in points]
    mx, my = statistics.fmean(xs), statistics.fmean(ys)
    slope = sum((x - mx) * (y - my) for x, y in zip(xs, ys)) / sum((x - mx) ** 2 for x in xs)
    fixed = my - slope * mx
    worst = max(abs(y - (fixed + slope * x)) / y for x, y in zip(xs, ys))
    return {"points": [{"n": n, "seconds": round(w, 2), "ms_per_submission": round(1000 * w / n, 1),
                        "peak_rss_mb": round(r, 1)} for n, w, r in points],
            "fit": {"fixed_seconds": round(fixed, 2), "ms_per_submission": round(1000 * slope, 1),
                    "worst_relative_deviation": round(worst, 3)}}


def hidden_suite_cost(repeats: int = 5) -> dict:
    """Seconds for a correct plain-Python submission to run the whole hidden suite (sandbox-measured, wall), and
    the time to build a suite from a seed (its hidden cases, their exact references and the mutant table)."""
    from grader.assignments.assignment import load
    from grader.suite import Suite, case_inputs
    from grader.sandbox import Limits, Sandbox

    a = load()
    Suite(a, "warm")
    builds = []
    for k in range(repeats):  # what every `rosenblatt grade` pays once before its first submission
        t = time.perf_counter()
        Suite(a, f"bench-{k}")
        builds.append(time.perf_counter() - t)
    inputs = case_inputs(a, Suite(a, "bench").hidden)
    best_run, best_wall = float("inf"), float("inf")
    with Sandbox(Limits(case_seconds=a.case_seconds, total_seconds=a.total_seconds)) as box:
        for _ in range(repeats):
            t = time.perf_counter()
            run = box.run(CORRECT.encode(), "correct.py", "perceptron", inputs)
            best_wall = min(best_wall, time.perf_counter() - t)
            best_run = min(best_run, sum(o.seconds for o in run.outcomes))
    return {"student_seconds": round(best_run, 3), "wall_seconds": round(best_wall, 3),
            "suite_build_ms_median": _median_ms(builds)}


PROBED = ("epochs_ignored.py", "batch_updates.py", "shifted_index.py", "no_stop.py", "correct.py")


def probe_cost(n: int) -> dict:
    """Median grading time per submission with and without the behaviour probes (same sandbox, interleaved)."""
    from grader.assignments.assignment import load
    from grader.grading import grade
    from grader.diagnosis import wanted_probes
    from grader.judging import spec_of
    from grader.suite import Suite
    from grader.sandbox import Limits, Sandbox

    a = load()
    with_probes = Suite(a, "bench")
    without = Suite(a, "bench")
    without.checks = ()
    out = {}
    with Sandbox(Limits(case_seconds=a.case_seconds, total_seconds=a.total_seconds), isolation="strong",
                 ahead=True) as box:
        for name in PROBED:
            source = (ROOT / "submissions" / name).read_bytes()
            rounds = 1 if name == "no_stop.py" else n
            times: dict = {"probes": [], "none": []}
            for k in range(rounds):
                for label, suite in (("probes", with_probes), ("none", without)):
                    t0 = time.perf_counter()
                    report = grade(box, suite, f"s{k}", name, source)
                    times[label].append(time.perf_counter() - t0)
                    if label == "probes":
                        failing = {spec_of(a, r.case).name for r in report.results if not r.verdict.passed}
                        verdicts = {r.case.case_id: r.verdict for r in report.results}
                        calls = len(wanted_probes(with_probes.checks, failing, verdicts))
                        found = [f.name for f in report.findings]
                    else:
                        without_found = [f.name for f in report.findings]
            out[name] = {"probe_calls": calls, "with_probes_ms": _median_ms(times["probes"]),
                         "without_probes_ms": _median_ms(times["none"]),
                         "probes_cost_ms": round(_median_ms(times["probes"]) - _median_ms(times["none"]), 2),
                         "findings_with_probes": found, "findings_without": without_found, "rounds": rounds}
    return out


def before_after(tmp: Path, before: Path, n: int, rounds: int) -> dict:
    """A correct submission graded by another checkout (`--before`, e.g. the commit before the hidden cases got a
    child of their own) and by this one, alternately in the same run: marginal wall and CPU per submission, one
    worker and the default, and the ratio after/before of the medians."""
    out: dict = {"before": str(before), "n": n, "rounds": rounds}
    for jobs in (1, None):
        got: dict[str, list] = {"before": [], "after": []}
        for k in range(rounds):
            for label, root in (("before", before), ("after", ROOT)):
                got[label].append(marginal(tmp / f"ba-{label}-{jobs}-{k}", CORRECT, n, "strong", "c", 1,
                                           jobs=jobs, root=root))
        key = f"jobs_{jobs or 'default'}"
        out[key] = {label: {m: statistics.median(r[m] for r in runs) for m in
                            ("whole_run_ms_per_submission", "marginal_wall_ms_per_submission",
                             "marginal_cpu_ms_per_submission", "of_which_sandbox_cpu_ms")}
                    for label, runs in got.items()}
        out[key]["ratio_after_before"] = {m: round(out[key]["after"][m] / out[key]["before"][m], 3)
                                          for m in out[key]["after"] if out[key]["before"][m]}
    return out


def main() -> None:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--sections", default=",".join(SECTIONS), help=f"comma-separated: {', '.join(SECTIONS)}")
    p.add_argument("--n", type=int, default=200, help="instant submissions per overhead run")
    p.add_argument("--pytest-n", type=int, default=30, help="submissions timed with a fresh pytest each")
    p.add_argument("--big", type=int, default=1000, help="copies of correct.py for throughput")
    p.add_argument("--breakdown-n", type=int, default=40)
    p.add_argument("--floor-n", type=int, default=150, help="load-only runs per round of the floor section")
    p.add_argument("--repeats", type=int, default=3, help="pairs of runs per marginal overhead figure (median)")
    p.add_argument("--otter", default=shutil.which("otter"), help="the otter executable (Otter-Grader)")
    p.add_argument("--otter-n", type=int, default=5)
    p.add_argument("--probes-n", type=int, default=15, help="gradings per sample in the probes section")
    p.add_argument("--before", type=Path, help="another checkout (say `git worktree add /tmp/before e8825e6`): the "
                   "before section grades correct.py with it and with this one, alternately")
    p.add_argument("--before-n", type=int, default=100, help="copies of correct.py per run of the before section")
    p.add_argument("--before-rounds", type=int, default=3)
    args = p.parse_args()
    chosen = [s.strip() for s in args.sections.split(",") if s.strip()]
    tmp = Path(tempfile.mkdtemp(prefix="bench-grade-"))
    report: dict = {"machine": {"cores": os.cpu_count(), "load_average_at_start": os.getloadavg(),
                                "python": sys.version.split()[0], "shared": True}}
    try:
        if "breakdown" in chosen:
            report["breakdown_ms_per_submission"] = breakdown(args.breakdown_n)
        if "floor" in chosen:
            report["sandbox_floor_load_only"] = sandbox_floor(args.floor_n)
        if "overhead" in chosen:
            report["overhead"] = overhead(tmp, args.n, args.repeats)
        if "alternatives" in chosen:
            instant = report.get("overhead", {}).get("instant_strong")
            default = report.get("overhead", {}).get("instant_strong_default_jobs")
            report["alternatives"] = alternatives(tmp, args.pytest_n, args.otter, args.otter_n, instant, default)
        if "throughput" in chosen:
            report["throughput"] = throughput(tmp, args.big)
        if "scaling" in chosen:
            report["scaling_jobs_2"] = scaling(tmp, (10, 100, args.big))
        if "hidden" in chosen:
            report["hidden_suite"] = hidden_suite_cost()
        if "probes" in chosen:
            report["probes_ms_per_submission"] = probe_cost(args.probes_n)
        if "before" in chosen and args.before is not None:
            report["before_after_correct"] = before_after(tmp, args.before, args.before_n, args.before_rounds)
        report["machine"]["load_average_at_end"] = os.getloadavg()
        print(json.dumps(report, indent=2))
    finally:
        shutil.rmtree(tmp, ignore_errors=True)


if __name__ == "__main__":
    main()

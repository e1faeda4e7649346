"""Benchmark the sandbox: per-submission cost (ms), strong and weak, against a fresh `python -c` per submission.

200 instant submissions (they return zeros at once) with 10 small cases each.
"""

from __future__ import annotations

import json
import statistics
import subprocess
import sys
import time
from pathlib import Path

import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))  # this checkout's sandbox, not an installed one
from grader.sandbox import CaseInput, Limits, Sandbox, SandboxError  # noqa: E402

SUBMISSIONS, CASES = 200, 10
INSTANT = b"import numpy as np\ndef perceptron(X, y, max_epochs=1000, offset=True):\n" \
          b"    return np.zeros(X.shape[1]), 0.0, True\n"
RUNNER = """
import json, sys
import numpy as np
source = sys.stdin.buffer.read()
module = {"__name__": "submission"}
exec(compile(source, "submission.py", "exec"), module)
cases = json.loads(sys.argv[1])
out = []
for X, y in cases:
    theta, theta0, converged = module["perceptron"](np.array(X), np.array(y))
    out.append([theta.tolist(), float(theta0), bool(converged)])
print(json.dumps(out))
"""


def _cases() -> list[CaseInput]:
    X = np.array([[1.0, 0.5], [-0.5, -1.0], [0.25, 1.5]])
    y = np.array([1, -1, 1])
    return [CaseInput(f"c{i}", (X + i / 8, y), {}) for i in range(CASES)]


def _in_process(cases: list[CaseInput]) -> list[float]:
    """The unsafe floor: exec and call in the benchmark's own process."""
    times = []
    for _ in range(SUBMISSIONS):
        start = time.perf_counter()
        module: dict = {"__name__": "submission"}
        exec(compile(INSTANT, "submission.py", "exec"), module)  # noqa: S102 - trusted benchmark code
        for c in cases:
            module["perceptron"](*(a.copy() for a in c.args))
        times.append(time.perf_counter() - start)
    return times


LAYERS = {"without filter or cgroups": Limits(seccomp=False, cgroups=False), "seccomp only": Limits(cgroups=False),
          "seccomp + cgroups (default)": Limits()}


def _sandboxed(configs: dict[str, tuple[str, Limits]], cases: list[CaseInput]) -> dict[str, list[float]]:
    """Per-submission times of every configuration, interleaved submission by submission, so that load from
    other work on the machine falls on all of them alike."""
    boxes, times = {}, {}
    try:
        for name, (isolation, limits) in configs.items():
            try:
                box = Sandbox(limits, isolation=isolation)
            except SandboxError as err:  # strong isolation may be unavailable here
                print(f"sandbox {name}: unavailable ({err})")
                continue
            box.run(INSTANT, "warm.py", "perceptron", cases)
            boxes[f"{box.isolation}: {', '.join(box.layers)}"] = box
        times = {label: [] for label in boxes}
        for _ in range(SUBMISSIONS):
            for label, box in boxes.items():
                start = time.perf_counter()
                run = box.run(INSTANT, "submission.py", "perceptron", cases)
                times[label].append(time.perf_counter() - start)
                assert all(o.status == "returned" for o in run.outcomes), run
    finally:
        for box in boxes.values():
            box.close()
    return times


def _subprocess(cases: list[CaseInput], count: int) -> list[float]:
    payload = json.dumps([[c.args[0].tolist(), c.args[1].tolist()] for c in cases])
    times = []
    for _ in range(count):
        start = time.perf_counter()
        subprocess.run([sys.executable, "-c", RUNNER, payload], input=INSTANT, capture_output=True, check=True)
        times.append(time.perf_counter() - start)
    return times


def _line(label: str, times: list[float]) -> float:
    median = statistics.median(times) * 1000
    print(f"{label:<58} median {median:7.2f} ms   mean {statistics.fmean(times) * 1000:7.2f} ms   (n={len(times)})")
    return median


def main() -> None:
    cases = _cases()
    print(f"per-submission wall time, {SUBMISSIONS} instant submissions x {CASES} small cases")
    floor = _line("in the grader's own process (unsafe floor)", _in_process(cases))
    configs = {f"{iso}, {name}": (iso, limits) for iso in ("strong", "weak") for name, limits in LAYERS.items()}
    results = {label: _line(f"sandbox {label}", times) for label, times in _sandboxed(configs, cases).items()}
    alternative = _line("fresh `python -c` subprocess per submission", _subprocess(cases, SUBMISSIONS))
    for label, median in results.items():
        print(f"{label}: overhead over the floor {median - floor:.2f} ms; fresh subprocess / sandbox "
              f"{alternative / median:.1f}x")


if __name__ == "__main__":
    main()

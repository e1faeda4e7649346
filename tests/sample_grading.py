"""The sample submissions' claims and their grading, shared by the test files that check them
(tests/test_submissions*.py, one per group of samples, so that the two test workers share the work).

A .py file states its verdict in its docstring (`Expected:`), a notebook in a Markdown cell; a notebook `nb_X.ipynb`
also gets the same verdict as its .py twin `X.py`.
"""

from __future__ import annotations

import functools
import importlib.util
import re
from pathlib import Path

import nbformat
import pytest

import grader.sandbox as sandbox_module
from grader.assignments import preset_names
from grader.assignments.assignment import load
from grader.batch import _Sandboxes
from grader.grading import grade
from grader.suite import Suite
from test_grader_helpers import FakeCaseInput, FakeSandbox

SUBMISSIONS = Path(__file__).resolve().parent.parent / "submissions"
FILES = sorted(SUBMISSIONS.glob("*.py")) + sorted(SUBMISSIONS.glob("*.ipynb"))
TWINS = [(p, SUBMISSIONS / f"{p.stem[3:]}.py") for p in sorted(SUBMISSIONS.glob("nb_*.ipynb"))
         if (SUBMISSIONS / f"{p.stem[3:]}.py").is_file()]
PRESETS = tuple(n for n in preset_names() if n not in ("default", "column"))  # the real courses' presets
REAL = hasattr(sandbox_module, "Sandbox")
# Samples that never stop spend their time limits on every non-separable case (11-20 s each), and one that is too
# slow on every large case: the default run keeps one (cs4780/no_pass_cap.py); these run with -m slow.
SLOW = {"no_stop", "cs4780/never_stops", "mit6036/rescores_every_point", "mit6036/while_true_ignores_T",
        "mitx686x/ignores_T_loops_until_clean", "npfl129/stop_flag_never_set", "lfd-w/no_x0_until_clean",
        # PyTorch loads for seconds in each sandboxed child: its correct sample is the default suite's check
        "cs188-torch/prediction_strict", "cs188-torch/one_pass", "cs188-torch/matmul_shape",
        # a thousand passes on every case, its large case spending the whole time limit
        "cs188-nn/fixed_thousand_passes"}


def _params(paths, ids):
    return [pytest.param(p, id=i, marks=[pytest.mark.slow] if i in SLOW else []) for p, i in zip(paths, ids)]
CLAUSE = re.compile(r"^\s*(score|status|diagnosis|fails|absent|named)\s*(=|<|:)\s*(\S+)\s*$")


def expectation(path: Path) -> list[tuple[str, str, str]]:
    """Parse `Expected: score < max; diagnosis: strict-inequality` into (key, op, value) clauses."""
    text = path.read_text(encoding="utf-8")
    if path.suffix == ".ipynb":  # the claim is in a Markdown cell
        text = "\n".join(c.source for c in nbformat.reads(text, as_version=4).cells if c.cell_type == "markdown")
    match = re.search(r"^Expected:(.*)$", text, re.M)
    assert match, f"{path.name}: no 'Expected:' line in the docstring"
    clauses = []
    for part in match.group(1).split(";"):
        m = CLAUSE.match(part)
        assert m, f"{path.name}: cannot read the clause {part!r}"
        clauses.append(m.groups())
    return clauses




class Graded:
    """Every sample's report, graded once. On the first request all the given samples the default run checks are graded
    together on JOBS sandboxes at a time (as `rosenblatt grade --jobs` does), so the time limits of one overlap
    the work of another; a `slow` sample is graded when its own test asks."""

    JOBS = 2  # the cores CI has: more would let one submission's time limits run out under the others' load

    def __init__(self, paths: list[Path]):
        self.batch = [p for p in paths if _sample_id(p) not in SLOW and not _missing(p)]
        self.reports: dict[Path, object] = {}
        self.suites: dict[str, Suite] = {}

    def suite(self, path: Path) -> Suite:
        name = "default" if path.parent == SUBMISSIONS else path.parent.name
        if name not in self.suites:
            self.suites[name] = Suite(load(None if name == "default" else name), "sample-submissions")
        return self.suites[name]

    def __call__(self, path: Path):
        if not self.reports:
            self._grade(self.batch)
        if path not in self.reports:
            self._grade([path])
        return self.reports[path]

    def _grade(self, paths: list[Path]) -> None:
        from concurrent.futures import ThreadPoolExecutor

        for path in paths:
            self.suite(path)  # loaded here, once, before the threads
        # one sandbox per worker thread, as `rosenblatt grade --jobs` keeps them, for each set of limits
        boxes = {limits: _Sandboxes(functools.partial(sandbox_module.Sandbox, limits))
                 for limits in {self._limits(p) for p in paths}} if REAL else {}
        try:
            with ThreadPoolExecutor(max_workers=self.JOBS) as pool:
                for path, report in zip(paths, pool.map(lambda p: self._one(p, boxes), paths)):
                    self.reports[path] = report
        finally:
            for sandboxes in boxes.values():
                sandboxes.close()

    def _limits(self, path: Path):
        a = self.suite(path).assignment
        return sandbox_module.Limits(case_seconds=a.case_seconds, total_seconds=a.total_seconds,
                                     load_seconds=a.load_seconds)

    def _one(self, path: Path, boxes: dict):
        suite = self.suite(path)
        if not REAL:
            return grade(FakeSandbox(), suite, path.stem, path.name, path.read_bytes(), FakeCaseInput)
        return grade(boxes[self._limits(path)].get(), suite, path.stem, path.name, path.read_bytes())


def _missing(path: Path) -> list[str]:
    """The libraries a preset sample's course requires that are not installed here (PyTorch, say)."""
    return [] if path.parent == SUBMISSIONS else list(_missing_for(path.parent.name))


@functools.lru_cache(maxsize=None)
def _missing_for(preset: str) -> tuple[str, ...]:
    return tuple(m for m in load(preset).requires if importlib.util.find_spec(m) is None)


def _sample_id(path: Path) -> str:
    return path.stem if path.parent == SUBMISSIONS else f"{path.parent.name}/{path.stem}"

def _check(path: Path, report) -> None:
    for key, op, value in expectation(path):
        if key == "score":
            want = report.max_score if value == "max" else float(value)
            assert (report.score == want) if op == "=" else (report.score < want), (report.score, report.message)
        elif key == "status":
            assert report.status == value, report.message
        elif key == "fails":  # a family with at least one failed case
            fam = [f for f in report.families if f[0] == value or f[0].endswith("/" + value)]
            assert fam and any(f[3] < f[4] for f in fam), report.families
        elif key == "named":  # a finding named anywhere in the report (beside the first one, say)
            assert value in [f.name for f in report.findings], [f.name for f in report.findings]
        elif key == "absent":  # a finding that must not be named (a probe that does not fit the course)
            assert value not in [f.name for f in report.findings], [f.name for f in report.findings]
        else:
            assert report.findings and report.findings[0].name == value, [f.name for f in report.findings]
    if report.status == "ungradable":
        assert report.message and report.score == 0


def preset_files(names) -> list[Path]:
    """The samples of the given presets, .py files then notebooks."""
    names = tuple(names)
    return sorted(p for name in names for p in (SUBMISSIONS / name).glob("*.py")) + \
        sorted(p for name in names for p in (SUBMISSIONS / name).glob("*.ipynb"))

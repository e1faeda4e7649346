"""A busy machine's timeout is not the submission's: the clock tells it apart, and the batch grades it once more."""

from __future__ import annotations

import shutil
import threading
import time
from collections import deque
from dataclasses import dataclass, field
from pathlib import Path

import pytest

from grader.assignments.assignment import load
from grader.batch import discover, grade_batch
from grader.sandbox.clock import STARVED_CAP, Clock
from test_grader_helpers import FakeCaseInput, FakeRun, FakeSandbox

SUBMISSIONS = Path(__file__).resolve().parent.parent / "submissions"
SMALL = load().with_hidden(lambda family: family != "large")


@dataclass
class _Inbox:
    frames: deque = field(default_factory=deque)


class _Child:
    """A job that never answers; `waits` gives how long it has waited for a CPU at each look."""

    def __init__(self, waits):
        self.inbox, self.waits, self.looks = _Inbox(), waits, 0

    def run_delay(self) -> float:
        self.looks += 1
        return self.waits(self.looks)

    def wait_frame(self, deadline: float):
        return deadline, "timeout"

    def pump(self, deadline: float) -> None:
        pass


def _wait(waits, limit=1.0):
    start = time.monotonic() - 1.0  # past the clock's short nap for results that come in bulk
    clock = Clock(start, 10.0)
    arrived, frame = clock.wait(_Child(waits), start, limit)
    return clock, arrived - start, frame


def test_a_job_starved_past_the_cap_before_its_own_limit_is_the_machines_fault():
    clock, waited, frame = _wait(lambda look: 10.0 * look)  # it never gets a CPU
    assert frame == "timeout" and clock.starved_out
    assert waited == pytest.approx(STARVED_CAP * 1.0)


def test_a_job_that_used_its_own_limit_timed_out_itself():
    clock, waited, frame = _wait(lambda look: 0.0)
    assert frame == "timeout" and not clock.starved_out and waited == pytest.approx(1.0)
    clock, waited, frame = _wait(lambda look: 0.0 if look == 1 else 0.5)  # waited 0.5 s once, then ran
    assert frame == "timeout" and not clock.starved_out and waited == pytest.approx(1.5)


class _Busy(FakeSandbox):
    """The pool's workers are starved on `correct.py`'s first case (a busy machine); the batch's lone retry runs in
    its main thread. `always`: starved on the retry too."""

    always = False

    def run(self, source, filename, function, cases, setup=None):
        run = super().run(source, filename, function, cases, setup)
        busy = self.always or threading.current_thread() is not threading.main_thread()
        if not (busy and b"converged" not in source and b"strict" not in source and run.outcomes):
            return run
        first = run.outcomes[0]
        starved = _Starved(first.case_id, "timeout", None, "busy", False, 2.0, True)
        return FakeRun(run.load_status, run.load_error, (starved, *run.outcomes[1:]))


@dataclass(frozen=True)
class _Starved:
    case_id: str
    status: str
    value: object
    error: str
    mutated: bool
    seconds: float
    starved: bool


class _AlwaysBusy(_Busy):
    always = True


def _subs(tmp_path):
    folder = tmp_path / "subs"
    folder.mkdir()
    for name in ("correct", "strict_less_than"):
        shutil.copy(SUBMISSIONS / f"{name}.py", folder)
    return discover([folder])


def test_the_batch_grades_a_starved_submission_once_more_and_keeps_that_result(tmp_path):
    rows = {r["submission"]: r for r in grade_batch(SMALL, _subs(tmp_path), tmp_path / "out", "s", 2, False,
                                                     _Busy, False, FakeCaseInput)}
    assert rows["correct"]["score"] == rows["correct"]["max_score"] and not rows["correct"]["starved"]
    assert rows["strict_less_than"]["score"] < rows["strict_less_than"]["max_score"]


def test_a_second_starved_run_stands_and_is_not_reused_later(tmp_path):
    out = tmp_path / "out"
    first = {r["submission"]: r for r in grade_batch(SMALL, _subs(tmp_path), out, "s", 2, False, _AlwaysBusy, False,
                                                      FakeCaseInput)}
    assert first["correct"]["starved"] and first["correct"]["score"] < first["correct"]["max_score"]
    again = {r["submission"]: r for r in grade_batch(SMALL, discover([tmp_path / "subs"]), out, "s", 1, False,
                                                      FakeSandbox, False, FakeCaseInput)}
    assert not again["correct"]["skipped"] and again["correct"]["score"] == again["correct"]["max_score"]
    assert again["strict_less_than"]["skipped"]

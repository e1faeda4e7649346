"""Waiting on one child: its ready message, its load result and each case's result, each within its own limit."""

from __future__ import annotations

import time
from typing import Callable

from grader.sandbox import channel
from grader.sandbox.child import Child
from grader.sandbox.clock import STARVED_CAP, Clock
from grader.sandbox.model import CaseInput, CaseOutcome, Limits
from grader.sandbox.replies import Replies
from grader.sandbox.supervisor import SETUP_SECONDS, exit_reason


class SetupFailed(Exception):
    """A child did not come up; carries the real reason (never the submission's output)."""


def wait_ready(child: Child, clock: Clock, zygote_stderr: Callable[[], str]) -> None:
    """The child's first message, written before any submission code runs: ready, or why setup failed."""
    began = time.monotonic()
    frame = child.wait_frame(began + SETUP_SECONDS)[1]
    clock.pause(time.monotonic() - began)  # building the sandbox is not the submission's time
    try:
        msg = channel.loads(frame, 64) if isinstance(frame, bytes) else None
    except channel.WireError:
        msg = None
    if msg == {"k": "ready"}:
        return
    status = child.end(0.0)
    if type(msg) is dict and msg.get("k") == "setup-failed" and type(msg.get("error")) is str:
        raise SetupFailed(msg["error"][:500])
    detail = exit_reason(status)[1] if frame == "closed" else \
        f"no ready message ({frame if type(frame) is str else 'an unexpected message'})"
    tail = zygote_stderr()
    raise SetupFailed(f"the sandboxed process did not start: {detail}" + (f"; zygote: {tail}" if tail else ""))


def load_result(child: Child, nonce: str, clock: Clock, limits: Limits, replies: Replies) -> tuple[str, str, float | None]:
    """The load result, and when it arrived (None when the child is done for)."""
    arrived, frame = clock.wait(child, time.monotonic(), limits.load_seconds)
    if frame == "timeout":
        child.end(0.0)
        return "timeout", f"loading took longer than {limits.load_seconds:g} s", None
    if frame == "closed":
        return (*exit_reason(child.end(1.0)), None)
    if gone(frame) is not None:
        child.end(1.0)
        return (*exit_reason(gone(frame)), None)
    try:
        status, error = replies.load(frame, nonce)
    except (channel.WireError, TypeError):
        child.end(0.0)
        return "crashed", "wrote malformed data to the result channel while loading", None
    return status, error, arrived if status == "ok" else None


def case_result(child: Child, case: CaseInput, nonce: str, start: float, clock: Clock, limits: Limits,
                replies: Replies) -> tuple[CaseOutcome, float | None]:
    """Wait for one case's result; it had from `start` (the previous result's arrival) on. None: child gone."""
    limit = case.seconds if case.seconds is not None else limits.case_seconds
    arrived, frame = clock.wait(child, start, limit)
    seconds = max(arrived - start, 0.0)
    if frame == "timeout":
        child.end(0.0)
        why = f"exceeded the {limit:g} s limit for this case" if arrived < clock.deadline \
            else "the submission's total time budget ran out"
        if clock.starved_out:
            why = f"waited for a CPU more than {STARVED_CAP:g} times the {limit:g} s limit (the machine was busy)"
        return CaseOutcome(case.case_id, "timeout", None, why, False, seconds, clock.starved_out), None
    if frame == "closed":
        status, why = exit_reason(child.end(1.0))
        return CaseOutcome(case.case_id, status, None, why, False, seconds), None
    if gone(frame) is not None:  # the visible fork died; its parent said how, and exits
        child.end(1.0)
        status, why = exit_reason(gone(frame))
        return CaseOutcome(case.case_id, status, None, why, False, seconds), None
    try:
        return replies.case(frame, case.case_id, nonce, seconds), arrived
    except (channel.WireError, TypeError) as err:
        child.end(0.0)
        return CaseOutcome(case.case_id, "bad-output", None, f"malformed result ({err})"[:300], False,
                           seconds), None


def gone(frame: bytes | str) -> int | None:
    """The wait status in a split child's `gone` frame (its visible fork died otherwise than told), else None."""
    if not isinstance(frame, bytes) or not frame.startswith(b'{"k":"gone"') or len(frame) > 64:
        return None
    try:
        msg = channel.loads(frame, 8)
    except channel.WireError:
        return None
    ok = type(msg) is dict and set(msg) == {"k", "status"} and type(msg["status"]) is int
    return msg["status"] if ok and 0 <= msg["status"] < 1 << 16 else None

"""One submission's run: fork children until every case has an outcome, within its time and result budgets."""

from __future__ import annotations

import base64
import os
import secrets
import time
from typing import Protocol, Sequence

from grader.sandbox import channel
from grader.sandbox.child import Child
from grader.sandbox.clock import Clock
from grader.sandbox.model import CaseInput, CaseOutcome, Limits, SandboxError, SubmissionRun
from grader.sandbox.pool import Pool
from grader.sandbox.replies import Replies
from grader.sandbox.supervisor import SETUP_SECONDS, ZygoteGone
from grader.sandbox.waiting import SetupFailed, case_result, load_result, wait_ready

MAX_SOURCE = 4 << 20
SETUP_TRIES = 3  # a child that cannot be built: discard the zygote and try a fresh one, this many times in all


class Host(Protocol):
    """What a run needs of its Sandbox (box.py), named here so that run.py does not import box.py."""

    limits: Limits
    isolation: str
    isolation_note: str
    layers: tuple[str, ...]

    pool: Pool  # spawns, retires and drops the children

    def encoded(self, case: CaseInput) -> bytes: ...

    def zygote_stderr(self) -> str: ...


class _Run:
    """One submission, loaded once: batches of cases run in its child while that child lives (`execute`), and a
    fresh child, loading the file again, takes over the rest of a batch whenever a case ends one."""

    def __init__(self, box: Host, source: bytes, filename: str, function: str, setup: dict | None = None,
                 split: bool = False):
        self.box, self.limits, self.source = box, box.limits, source
        self.load_msg = {"k": "load", "source": base64.b64encode(source).decode("ascii"),
                         "filename": os.path.basename(filename) or "submission.py", "function": function}
        if setup is not None:  # plain JSON: the course modules to build and the names the file must define
            self.load_msg["setup"] = setup
        if split:  # the file is imported once; a fork of it runs the batches until `seal` (split.py)
            self.load_msg["split"] = True
        self.sealed, self.load_nonce = False, ""
        self.last, self.told = False, None  # the batch that ends the visible side; the child told so with it
        self.out, self.err = channel.Capture(self.limits.output_bytes), channel.Capture(self.limits.output_bytes)
        self.cases: list[CaseInput] = []
        self.wire: list[bytes] = []
        self.outcomes: list[CaseOutcome] = []
        self.loading, self.flooded, self.clock = True, False, Clock(0.0, 0.0)
        self.bytes_left, self.replies = self.limits.result_bytes, Replies(self.limits.result_nodes)
        self.load_status: str | None = None
        self.load_error = ""
        self.child: Child | None = None  # a loaded child waiting for more cases (between batches)

    def execute(self, cases: Sequence[CaseInput], last: bool = False) -> SubmissionRun:
        """Run one batch of cases, with the submission's full time budget (the result budgets are shared). `last`
        (a split run): `end` is queued behind the cases, so the visible fork exits once it answered them."""
        start = time.monotonic()
        self.cases, self.outcomes = list(cases), []
        self.last = last and "split" in self.load_msg
        self.wire = [self.box.encoded(c) for c in self.cases]
        self.clock = Clock(start, self.limits.total_seconds)
        why = "not run: the submission's time ran out or it failed to load"
        if self.load_status is None and len(self.source) > MAX_SOURCE:
            self.load_status, self.load_error = "import-error", f"the source file is larger than {MAX_SOURCE >> 20} MiB"
        while self.load_status is None or (self.load_status == "ok" and len(self.outcomes) < len(self.cases)
                                           and time.monotonic() < self.clock.deadline):
            if self.bytes_left <= 0 or self.replies.values_left <= 0:
                why = "not run: the submission sent more data on the result channel than one submission may"
                break
            status, error = self.attempt()
            if self.load_status is None:
                self.load_status, self.load_error = status, error
            elif status != "ok":
                why = f"not run: the submission failed to load again ({status})"
                break
        outcomes = self.outcomes + [CaseOutcome(c.case_id, "not-run", None, why, False, 0.0)
                                    for c in self.cases[len(self.outcomes):]]
        if self.child is not None:
            self.child.drain_now()  # what it printed before its last result
            self.flooded |= self.child.inbox.flooded
        note = "output limit reached: the streams were closed on the submission" if self.flooded else ""
        out, err = ("", "") if self.sealed else (self.out.text(note), self.err.text(note))
        return SubmissionRun(self.load_status, self.load_error, tuple(outcomes), out, err,
                             self.box.isolation, self.box.isolation_note,
                             time.monotonic() - start, self.box.layers)

    def close(self) -> None:
        """Let the kept child go: it exits as its control pipe closes, while the grader judges; the sandbox
        collects it (or kills it after a grace) before it starts the next child."""
        child, self.child = self.child, None
        if child is not None:
            child.release()
            self.box.pool.retire(child)

    def seal(self) -> None:
        """From here on nothing of this run reaches the student: the visible fork is ended, its parent (the import,
        which ran no case) is kept for the next batches, and the output is read no more (what was written before
        this call was captured, what comes after is dropped). Later batches' outcomes are the caller's to seal."""
        if self.sealed:
            return
        self.sealed = True
        self.load_msg.pop("split", None)  # a child forked after this point runs its batches itself
        child, self.child = self.child, None
        self.out, self.err = channel.Capture(0), channel.Capture(0)
        if child is None:
            return
        if child is not self.told:
            child.send({"k": "end"})
            child.flush()
        began = time.monotonic()
        frame = child.wait_frame(began + SETUP_SECONDS)[1]  # the fork's exit and the sweep: not the student's time
        child.drain_now()
        self.flooded |= child.inbox.flooded
        child.inbox.silence()
        try:
            msg = channel.loads(frame, 64) if isinstance(frame, bytes) else None
        except channel.WireError:
            msg = None
        if msg == {"k": "sealed", "nonce": self.load_nonce}:
            self.child = child  # the import, holding no case yet: the hidden cases go to it
        else:
            child.end(0.0)  # no split here (it could not fork, or it died): a fresh child takes the next batch

    def queue(self, child: Child, first: int) -> list[str]:
        """Queue cases first.. on the child, each with a fresh nonce."""
        nonces = [secrets.token_hex(8) for _ in self.cases[first:]]
        for index, nonce in enumerate(nonces, first):
            child.send_parts(b'{"k":"case","nonce":' + channel.dumps(nonce) + b",", memoryview(self.wire[index])[1:])
        if self.last:  # no round trip to end the visible fork: it reads `end` right after its last case
            child.send({"k": "end"})
            self.told = child
        child.flush()
        return nonces

    def start_child(self) -> tuple[Child, str]:
        """A child that said it is ready, with only the load queued; retried on a new zygote.

        No case is sent before the file's import has answered: code that runs at import (and drains the control
        pipe) finds nothing there but its own source."""
        reason = ""
        for _ in range(SETUP_TRIES):
            child = self.box.pool.spawn(self.out, self.err, self.bytes_left)
            load_nonce = self.load_nonce = secrets.token_hex(8)
            child.send({**self.load_msg, "nonce": load_nonce})
            child.flush()
            try:
                wait_ready(child, self.clock, self.box.zygote_stderr)
                return child, load_nonce
            except SetupFailed as failed:
                reason = str(failed)
                self.box.pool.drop_zygote()  # whatever state made it fail goes with it; the next try starts fresh
        raise SandboxError(f"the sandbox could not be built: {reason}")

    def attempt(self) -> tuple[str, str]:
        """One child: the kept one, or a new one with the load queued; read its results until done or it dies.

        A child that answered every case stays loaded for the next batch; any other is ended here.
        """
        child, self.child = self.child, None
        self.loading = child is None
        budget = 0
        try:
            if child is None:
                child, load_nonce = self.start_child()
                status, error, start = load_result(child, load_nonce, self.clock, self.limits, self.replies)
                nonces = self.queue(child, len(self.outcomes)) if start is not None else []
            else:
                budget = child.inbox.reader.received
                status, error, start = "ok", "", time.monotonic()
                nonces = self.queue(child, len(self.outcomes))
            self.loading = False
            for index, nonce in enumerate(nonces, len(self.outcomes)):
                if start is None:
                    break
                outcome, start = case_result(child, self.cases[index], nonce, start, self.clock, self.limits,
                                              self.replies)
                self.outcomes.append(outcome)
            if start is not None and status == "ok" and not child.ended:
                self.child, child = child, None  # kept: loaded and waiting for the next batch
            else:
                child.end(1.0)
            return status, error
        except ZygoteGone:
            return self.lost(child)
        finally:
            live = child if child is not None else self.child
            if live is not None:
                self.flooded |= live.inbox.flooded
                self.bytes_left -= live.inbox.reader.received - budget

    def lost(self, child: Child | None) -> tuple[str, str]:
        """The zygote died under this child: kill what is left, record a crash, start over with a new zygote."""
        if child is not None:
            child.abandon()
        self.box.pool.drop_zygote()
        reason = "the sandbox supervisor died (was it killed by the submission?)"
        if self.loading:
            return "crashed", reason
        if len(self.outcomes) < len(self.cases):
            case_id = self.cases[len(self.outcomes)].case_id
            self.outcomes.append(CaseOutcome(case_id, "crashed", None, reason, False, 0.0))
        return "ok", ""

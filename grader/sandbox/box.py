"""Run untrusted submissions in isolated children forked from a warm zygote; the grader-side API."""

from __future__ import annotations

import base64
import os
import secrets
import time
from typing import Sequence

from grader.sandbox import channel
from grader.sandbox.model import CaseInput, CaseOutcome, Limits, Opaque, SandboxError, SubmissionRun
from grader.sandbox.supervisor import SETUP_SECONDS, Child, Zygote, ZygoteGone, exit_reason

CASE_STATUSES = frozenset({"returned", "raised", "memory"})
LOAD_STATUSES = frozenset({"ok", "syntax-error", "import-error", "missing-function", "memory"})
MAX_SOURCE = 4 << 20
ENCODED_CACHE = 256  # cases whose encoded arguments a Sandbox keeps (it holds the CaseInput, so ids stay unique)


class _Run:
    """One submission: children are forked as needed (a fresh one after a case kills its child) until done."""

    def __init__(self, box: Sandbox, source: bytes, filename: str, function: str, cases: Sequence[CaseInput],
                 setup: dict | None = None):
        self.box, self.limits, self.cases, self.source = box, box.limits, list(cases), source
        self.load_msg = {"k": "load", "source": base64.b64encode(source).decode("ascii"),
                         "filename": os.path.basename(filename) or "submission.py", "function": function}
        if setup is not None:  # plain JSON: the course modules to build and the names the file must define
            self.load_msg["setup"] = setup
        self.wire = [box.encoded(c) for c in self.cases]
        self.out, self.err = channel.Capture(self.limits.output_bytes), channel.Capture(self.limits.output_bytes)
        self.outcomes: list[CaseOutcome] = []
        self.loading, self.flooded, self.deadline = True, False, 0.0

    def execute(self) -> SubmissionRun:
        start = time.monotonic()
        self.deadline = start + self.limits.total_seconds
        load_status, load_error, why = None, "", "not run: the submission's time ran out or it failed to load"
        if len(self.source) > MAX_SOURCE:
            load_status, load_error = "import-error", f"the source file is larger than {MAX_SOURCE >> 20} MiB"
        while load_status is None or (load_status == "ok" and len(self.outcomes) < len(self.cases)
                                      and time.monotonic() < self.deadline):
            status, error = self.attempt()
            if load_status is None:
                load_status, load_error = status, error
            elif status != "ok":
                why = f"not run: the submission failed to load again ({status})"
                break
        outcomes = self.outcomes + [CaseOutcome(c.case_id, "not-run", None, why, False, 0.0)
                                    for c in self.cases[len(self.outcomes):]]
        note = "output limit reached: the streams were closed on the submission" if self.flooded else ""
        return SubmissionRun(load_status, load_error, tuple(outcomes), self.out.text(note), self.err.text(note),
                             self.box.isolation, self.box.isolation_note, time.monotonic() - start)

    def attempt(self) -> tuple[str, str]:
        """One child: everything it needs is queued at once; then read its results until done or it dies."""
        self.loading = True
        child = self.box._spawn(self.out, self.err)
        try:
            first, load_nonce = len(self.outcomes), secrets.token_hex(8)
            nonces = [secrets.token_hex(8) for _ in self.cases[first:]]
            child.send({**self.load_msg, "nonce": load_nonce})
            for index, nonce in enumerate(nonces, first):
                child.send_encoded(b'{"k":"case","nonce":' + channel.dumps(nonce) + b"," + self.wire[index][1:])
            child.close_after_sending()
            self.wait_ready(child)
            status, error, start = self.load(child, load_nonce)
            self.loading = False
            for index, nonce in enumerate(nonces, first):
                if start is None:
                    break
                outcome, start = self.run_case(child, index, nonce, start)
                self.outcomes.append(outcome)
            child.end(1.0)
            return status, error
        except ZygoteGone:
            return self.lost(child)
        finally:
            self.flooded |= child.flooded

    def wait_ready(self, child: Child) -> None:
        began = time.monotonic()
        ready = child.wait_frame(began + SETUP_SECONDS)[1]
        self.deadline += time.monotonic() - began  # building the sandbox is not the submission's time
        if not isinstance(ready, bytes) or channel.loads(ready) != {"k": "ready"}:
            child.end(0.0)
            raise SandboxError(f"the sandbox could not be built: {self.err.text()[-800:].strip()}")

    def lost(self, child: Child) -> tuple[str, str]:
        """The zygote died under this child: kill what is left, record a crash, start over with a new zygote."""
        child.abandon()
        self.box._drop_zygote()
        reason = "the sandbox supervisor died (was it killed by the submission?)"
        if self.loading:
            return "crashed", reason
        if len(self.outcomes) < len(self.cases):
            case_id = self.cases[len(self.outcomes)].case_id
            self.outcomes.append(CaseOutcome(case_id, "crashed", None, reason, False, 0.0))
        return "ok", ""

    def load(self, child: Child, nonce: str) -> tuple[str, str, float | None]:
        """The load result, and when it arrived (None when the child is done for)."""
        arrived, frame = child.wait_frame(min(time.monotonic() + self.limits.load_seconds, self.deadline))
        if frame == "timeout":
            child.end(0.0)
            return "timeout", f"loading took longer than {self.limits.load_seconds:g} s", None
        if frame == "closed":
            return (*exit_reason(child.end(1.0)), None)
        try:
            msg = channel.loads(frame) if isinstance(frame, bytes) else None
            if type(msg) is not dict or set(msg) != {"k", "nonce", "status", "error"} or msg["k"] != "load" \
                    or msg["nonce"] != nonce or msg["status"] not in LOAD_STATUSES or type(msg["error"]) is not str:
                raise channel.WireError("unexpected message")
        except (channel.WireError, TypeError):
            child.end(0.0)
            return "crashed", "wrote malformed data to the result channel while loading", None
        return msg["status"], _text(msg["error"]), arrived if msg["status"] == "ok" else None

    def run_case(self, child: Child, index: int, nonce: str, start: float) -> tuple[CaseOutcome, float | None]:
        """Wait for one case's result; it had from `start` (the previous result's arrival) on. None: child gone."""
        case = self.cases[index]
        limit = case.seconds if case.seconds is not None else self.limits.case_seconds
        arrived, frame = child.wait_frame(min(start + limit, self.deadline))
        seconds = max(arrived - start, 0.0)
        if frame == "timeout":
            child.end(0.0)
            why = f"exceeded the {limit:g} s limit for this case" if start + limit <= self.deadline \
                else "the submission's total time budget ran out"
            return CaseOutcome(case.case_id, "timeout", None, why, False, seconds), None
        if frame == "closed":
            status, why = exit_reason(child.end(1.0))
            return CaseOutcome(case.case_id, status, None, why, False, seconds), None
        try:
            return _parse_case(frame, case.case_id, nonce, seconds), arrived
        except (channel.WireError, TypeError) as err:
            child.end(0.0)
            return CaseOutcome(case.case_id, "bad-output", None, f"malformed result ({err})"[:300], False,
                               seconds), None


def _text(text: str) -> str:
    return text[:2048].encode("utf-8", "replace").decode("utf-8")


def _encode_case(case: CaseInput) -> bytes:
    """The case's arguments as one JSON object (bytes), checked to be sendable."""
    wire = {"args": channel.to_wire(tuple(case.args)), "kwargs": channel.to_wire(dict(case.kwargs))}
    if getattr(case, "plan", None) is not None:
        wire["plan"] = case.plan  # names and indices only; the values travel in args
    try:
        text = channel.dumps(wire)
    except (TypeError, ValueError):
        raise SandboxError(f"case {case.case_id}: the plan is not plain JSON") from None
    if b'"t":"opaque"' in text:  # tags are the only unescaped quotes in the JSON text
        raise SandboxError(f"case {case.case_id}: an argument has a type the sandbox cannot send")
    if len(text) > channel.MAX_FRAME - 4096:
        raise SandboxError(f"case {case.case_id}: the arguments are too large to send")
    return text


def _parse_case(frame: bytes | str, case_id: str, nonce: str, seconds: float) -> CaseOutcome:
    if not isinstance(frame, bytes):
        raise channel.WireError(f"result channel {frame}")
    msg = channel.loads(frame)
    if type(msg) is not dict or set(msg) != {"k", "nonce", "status", "value", "error", "mutated"}:
        raise channel.WireError("unexpected message")
    status, error, mutated = msg["status"], msg["error"], msg["mutated"]
    if msg["k"] != "case" or msg["nonce"] != nonce or type(status) is not str or status not in CASE_STATUSES \
            or type(error) is not str or type(mutated) is not bool:
        raise channel.WireError("unexpected message")
    value = channel.from_wire(msg["value"], Opaque) if status == "returned" else None
    return CaseOutcome(case_id, status, value, _text(error), mutated, seconds)


class Sandbox:
    """Owns one zygote. One submission at a time per Sandbox; make one per worker thread for --jobs N."""

    def __init__(self, limits: Limits = Limits(), isolation: str = "auto", env: dict[str, str] | None = None):
        if isolation not in ("auto", "strong", "weak"):
            raise SandboxError(f"isolation must be 'auto', 'strong' or 'weak', not {isolation!r}")
        self.limits, self._requested, self._env = limits, isolation, dict(env or {})
        self._zygote: Zygote | None = None
        self._mode, self.isolation_note = "weak", ""
        self._encoded: dict[int, tuple[CaseInput, bytes]] = {}
        self._start()

    def encoded(self, case: CaseInput) -> bytes:
        """The wire form of a case, cached while the same CaseInput object is reused (a batch's suite)."""
        hit = self._encoded.get(id(case))
        if hit is not None and hit[0] is case:
            return hit[1]
        if len(self._encoded) >= ENCODED_CACHE:
            self._encoded.clear()
        text = _encode_case(case)
        self._encoded[id(case)] = (case, text)
        return text

    def _start(self) -> None:
        zygote = Zygote(self._env)
        if self._requested == "strong" and not zygote.strong:
            zygote.close()
            raise SandboxError(f"strong isolation is not available here: {zygote.note}")
        self._zygote = zygote
        self._mode = "strong" if zygote.strong and self._requested != "weak" else "weak"
        if self._mode == "weak":
            why = "requested by the caller" if self._requested == "weak" else f"namespaces unavailable: {zygote.note}"
            extra = f"; {zygote.weak_note}" if zygote.weak_note else ""
            self.isolation_note = f"{why}; process limits only: the file system and network stay reachable{extra}"

    def _spawn(self, out: channel.Capture, err: channel.Capture) -> Child:
        for attempt in range(2):
            if self._zygote is None or not self._zygote.alive():
                self._drop_zygote()
                self._start()
            try:
                return Child(self._zygote, self._mode, self.limits, out, err)
            except ZygoteGone:
                self._drop_zygote()
        raise SandboxError("the sandbox zygote keeps dying while starting a child")

    def _drop_zygote(self) -> None:
        if self._zygote is not None:
            self._zygote.close()
            self._zygote = None

    @property
    def isolation(self) -> str:
        return self._mode

    @property
    def zygote_pid(self) -> int | None:
        """Pid of the current zygote (its children run as uid 1_900_000_000 + this pid when root); for monitoring."""
        return self._zygote.proc.pid if self._zygote is not None else None

    def run(self, source: bytes, filename: str, function: str, cases: Sequence[CaseInput],
            setup: dict | None = None) -> SubmissionRun:
        """Load `source` in a fresh sandboxed child and call `function` once per case (or run each case's plan)."""
        return _Run(self, bytes(source), filename, function, cases, setup).execute()

    def close(self) -> None:
        """Stop the zygote and everything it started."""
        self._drop_zygote()

    def __enter__(self) -> Sandbox:
        return self

    def __exit__(self, *exc) -> None:
        self.close()

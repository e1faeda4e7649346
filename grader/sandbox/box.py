"""Run untrusted submissions in isolated children forked from a warm zygote; the grader-side API."""

from __future__ import annotations

from typing import Sequence

from grader.sandbox import channel
from grader.sandbox.model import CaseInput, Limits, SandboxError, SubmissionRun
from grader.sandbox.child import Child
from grader.sandbox.run import _Run
from grader.sandbox.session import Session
from grader.sandbox.supervisor import Zygote, ZygoteGone

ENCODED_CACHE = 256  # cases whose encoded arguments a Sandbox keeps (it holds the CaseInput, so ids stay unique)


def _encode_case(case: CaseInput) -> bytes:
    """The case's arguments as one JSON object (bytes), then its arrays' raw bytes, checked to be sendable."""
    blobs: list[bytes] = []
    wire = {"args": channel.to_wire(tuple(case.args), blobs=blobs),
            "kwargs": channel.to_wire(dict(case.kwargs), blobs=blobs)}
    if getattr(case, "plan", None) is not None:
        wire["plan"] = case.plan  # names and indices only; the values travel in args
    try:
        text = channel.dumps(wire)
    except (TypeError, ValueError):
        raise SandboxError(f"case {case.case_id}: the plan is not plain JSON") from None
    if b'"t":"opaque"' in text:  # tags are the only unescaped quotes in the JSON text
        raise SandboxError(f"case {case.case_id}: an argument has a type the sandbox cannot send")
    payload = channel.case_payload(text, blobs)
    if len(payload) > channel.MAX_FRAME - 4096:
        raise SandboxError(f"case {case.case_id}: the arguments are too large to send")
    return payload


class Sandbox:
    """Owns one zygote. One submission at a time per Sandbox; make one per worker thread for --jobs N."""

    def __init__(self, limits: Limits = Limits(), isolation: str = "auto", env: dict[str, str] | None = None,
                 ahead: bool = False):
        """`ahead` (for batches): whenever a submission's child is taken, the next submission's child is asked
        for, so that it is built while this one runs and is judged; it is wasted when no submission follows, so
        single-submission uses leave it off."""
        if isolation not in ("auto", "strong", "weak"):
            raise SandboxError(f"isolation must be 'auto', 'strong' or 'weak', not {isolation!r}")
        self.limits, self._requested, self._env, self.ahead = limits, isolation, dict(env or {}), ahead
        self._zygote: Zygote | None = None
        self._mode, self.isolation_note = "weak", ""
        self._encoded: dict[int, tuple[CaseInput, bytes]] = {}
        self._retired: Child | None = None  # the last submission's child, exiting while the grader judges
        self._ahead: Child | None = None  # the next submission's child, spawned while the grader judges
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
            self.isolation_note = f"{why}; process limits only: the file system and network stay reachable"

    def _retire(self, child: Child) -> None:
        """Keep the released child for collection (before the next child, or at `close()`)."""
        self._collect()
        self._retired = child

    def _ask_ahead(self) -> None:
        """Ask for the next submission's child now. A strong zygote forks it at once, even while a job runs (in
        its own namespaces it waits, sealed off, for its submission); a weak one starts it when the job is reaped.
        Either way it is built while this submission runs and is judged."""
        if self._ahead is None and self._zygote is not None:
            try:
                self._ahead = Child(self._zygote, self._mode, self.limits)
            except ZygoteGone:
                self._drop_zygote()  # the next _spawn starts a new zygote

    def _collect(self) -> None:
        """Wait for the retired child's exit (usually long done), killing it after a grace; before a new child."""
        child, self._retired = self._retired, None
        if child is None:
            return
        try:
            child.end(1.0)
        except ZygoteGone:
            child.abandon()
            self._drop_zygote()

    def _spawn(self, out: channel.Capture, err: channel.Capture, result_bytes: int) -> Child:
        """A child for the current submission: the one built ahead if it is sound, else a fresh one. Only once
        the last submission's child is collected (its job reaped and swept) is anything sent to it."""
        self._collect()
        child = self._adopt_ahead(out, err, result_bytes)
        for attempt in range(2):
            if child is not None:
                break
            if self._zygote is None or not self._zygote.alive():
                self._drop_zygote()
                self._start()
            try:
                child = Child(self._zygote, self._mode, self.limits, out, err, result_bytes)
            except ZygoteGone:
                self._drop_zygote()
        if child is None:
            raise SandboxError("the sandbox zygote keeps dying while starting a child")
        if self.ahead:
            self._ask_ahead()
        return child

    def _adopt_ahead(self, out: channel.Capture, err: channel.Capture, result_bytes: int) -> Child | None:
        """The child built ahead, bound to this submission; None if there is none, or it died or failed waiting."""
        ahead, self._ahead = self._ahead, None
        if ahead is None:
            return None
        if ahead.z is self._zygote and self._zygote.alive():
            ahead.adopt(out, err, result_bytes)
            try:
                ahead.wait_spawned()  # usually long answered; and did it die while waiting?
                if ahead.status is None:
                    return ahead
                ahead.end(0.0)  # died waiting (killed from outside): collect it and start a fresh one
            except SandboxError:  # its fork was refused (the last job used up a resource): a plain spawn now
                pass
            except ZygoteGone:
                self._drop_zygote()
        ahead.abandon()
        return None

    def _drop_zygote(self) -> None:
        for child in (self._retired, self._ahead):
            if child is not None:
                child.abandon()
        self._retired = self._ahead = None
        if self._zygote is not None:
            self._zygote.close()
            self._zygote = None

    @property
    def isolation(self) -> str:
        return self._mode

    @property
    def layers(self) -> tuple[str, ...]:
        """The isolation layers in force for the current zygote's children."""
        have = set(self._zygote.layers) if self._zygote is not None else set()
        return (("namespaces",) if self._mode == "strong" else ()) \
            + (("seccomp",) if "seccomp" in have and self.limits.seccomp else ()) \
            + (("cgroups",) if "cgroups" in have and self.limits.cgroups else ("rlimits only (no cgroups)",))

    def zygote_stderr(self) -> str:
        """The tail of what the zygote itself wrote (never a child's output): for setup-failure messages."""
        return self._zygote.stderr_tail[-500:] if self._zygote is not None else ""

    @property
    def zygote_pid(self) -> int | None:
        """Pid of the current zygote (its children run as uid 1_900_000_000 + this pid when root); for monitoring."""
        return self._zygote.proc.pid if self._zygote is not None else None

    def run(self, source: bytes, filename: str, function: str, cases: Sequence[CaseInput],
            setup: dict | None = None) -> SubmissionRun:
        """Load `source` in a fresh sandboxed child and call `function` once per case (or run each case's plan).

        `setup` (plain JSON) names the course modules to build before loading and the names the file must define.
        """
        try:
            with Session(_Run(self, bytes(source), filename, function, setup)) as session:
                return session.run(cases)
        finally:
            self._collect()  # nothing of this run is left when it returns

    def session(self, source: bytes, filename: str, function: str, setup: dict | None = None) -> Session:
        """Load `source` once and keep its child for several batches of cases (`Session.run`); close when done.

        Closing lets the child exit while the caller goes on (judging); the sandbox collects it, killing whatever
        is left of it, before it starts the next child, and in `close()`.
        """
        return Session(_Run(self, bytes(source), filename, function, setup))

    def close(self) -> None:
        """Stop the zygote and everything it started."""
        self._collect()
        self._drop_zygote()

    def __enter__(self) -> Sandbox:
        return self

    def __exit__(self, *exc) -> None:
        self.close()

"""Run untrusted submissions in isolated children forked from a warm zygote; the grader-side API."""

from __future__ import annotations

from typing import Sequence

from grader.sandbox import channel
from grader.sandbox.model import CaseInput, Limits, SandboxError, SubmissionRun
from grader.sandbox.pool import Pool
from grader.sandbox.run import _Run
from grader.sandbox.session import Session

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
        self.limits = limits
        self._encoded: dict[int, tuple[CaseInput, bytes]] = {}
        self.pool = Pool(limits, isolation, dict(env or {}), ahead)

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

    @property
    def isolation(self) -> str:
        return self.pool.mode

    @property
    def isolation_note(self) -> str:
        """Why isolation is weak ("" when strong)."""
        return self.pool.note

    @property
    def layers(self) -> tuple[str, ...]:
        """The isolation layers in force for the current zygote's children."""
        have = set(self.pool.zygote.layers) if self.pool.zygote is not None else set()
        return (("namespaces",) if self.pool.mode == "strong" else ()) \
            + (("seccomp",) if "seccomp" in have and self.limits.seccomp else ()) \
            + (("cgroups",) if "cgroups" in have and self.limits.cgroups else ("rlimits only (no cgroups)",))

    def zygote_stderr(self) -> str:
        """The tail of what the zygote itself wrote (never a child's output): for setup-failure messages."""
        return self.pool.zygote.stderr_tail[-500:] if self.pool.zygote is not None else ""

    @property
    def zygote_pid(self) -> int | None:
        """Pid of the current zygote (its children run as uid 1_900_000_000 + this pid when root); for monitoring."""
        return self.pool.zygote.proc.pid if self.pool.zygote is not None else None

    def run(self, source: bytes, filename: str, function: str, cases: Sequence[CaseInput],
            setup: dict | None = None) -> SubmissionRun:
        """Load `source` in a fresh sandboxed child and call `function` once per case (or run each case's plan).

        `setup` (plain JSON) names the course modules to build before loading and the names the file must define.
        """
        try:
            with Session(_Run(self, bytes(source), filename, function, setup)) as session:
                return session.run(cases)
        finally:
            self.pool.collect()  # nothing of this run is left when it returns

    splits = True  # sessions may be split (`session(..., split=True)`): a stand-in without this runs separately

    def session(self, source: bytes, filename: str, function: str, setup: dict | None = None,
                split: bool = False) -> Session:
        """Load `source` once and keep its child for several batches of cases (`Session.run`); close when done.

        Closing lets the child exit while the caller goes on (judging); the sandbox collects it, killing whatever
        is left of it, before it starts the next child, and in `close()`. With `split`, a fork of the loaded file
        runs the batches until `Session.seal()`; the import itself, which ran no case, takes the later ones.
        """
        return Session(_Run(self, bytes(source), filename, function, setup, split))

    def close(self) -> None:
        """Stop the zygote and everything it started."""
        self.pool.close()

    def __enter__(self) -> Sandbox:
        return self

    def __exit__(self, *exc) -> None:
        self.close()

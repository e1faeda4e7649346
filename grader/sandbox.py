"""Run untrusted submissions in isolated children forked from a warm zygote; the grader-side API."""

from __future__ import annotations

import base64
import os
import secrets
import select
import signal
import socket
import subprocess
import sys
import tempfile
import time
from collections import deque
from dataclasses import asdict, dataclass
from typing import Sequence

import numpy as np

from exercises.errors import RosenblattError
from grader import channel
from grader.isolation import remove_tree

ZYGOTE_SCRIPT = os.path.join(os.path.dirname(os.path.abspath(__file__)), "zygote.py")
CASE_STATUSES = frozenset({"returned", "raised", "memory"})
LOAD_STATUSES = frozenset({"ok", "syntax-error", "import-error", "missing-function", "memory"})
SETUP_SECONDS = 10.0  # building one sandbox; grader-side, never charged to the submission
MAX_SOURCE = 4 << 20
_THREADS = {"OPENBLAS_NUM_THREADS": "1", "OMP_NUM_THREADS": "1", "MKL_NUM_THREADS": "1"}


@dataclass(frozen=True)
class Limits:
    case_seconds: float = 2.0  # wall clock per case
    total_seconds: float = 20.0  # wall clock per submission (load + all cases)
    memory_bytes: int = 1 << 30
    output_bytes: int = 8 * 1024  # kept of stdout/stderr (head+tail)
    max_processes: int = 16
    max_file_bytes: int = 16 << 20  # also the size of the private /tmp
    max_open_files: int = 64
    load_seconds: float = 2.0  # wall clock for compiling and importing the submission
    flood_bytes: int = 64 << 20  # stdout+stderr read before the streams are closed on the submission


@dataclass(frozen=True)
class CaseInput:
    case_id: str
    args: tuple
    kwargs: dict
    seconds: float | None = None


@dataclass(frozen=True)
class CaseOutcome:
    case_id: str
    status: str  # returned | raised | timeout | crashed | memory | bad-output | not-run
    value: object
    error: str
    mutated: bool
    seconds: float


@dataclass(frozen=True)
class SubmissionRun:
    load_status: str  # ok | syntax-error | import-error | missing-function | timeout | crashed | memory
    load_error: str
    outcomes: tuple[CaseOutcome, ...]
    stdout: str
    stderr: str
    isolation: str  # strong | weak
    isolation_note: str
    seconds: float


@dataclass(frozen=True)
class Opaque:
    """A returned value of a type the sandbox does not send back (its type name only)."""

    type_name: str


class SandboxError(RosenblattError):
    """The sandbox itself failed (could not start or build its isolation); never the student's fault."""

    exit_code = 3


class _ZygoteGone(Exception):
    """The zygote process died or stopped answering."""


def _exit_reason(status: int | None) -> tuple[str, str]:
    if status is None:
        return "crashed", "the sandboxed process disappeared"
    if os.WIFSIGNALED(status):
        sig = os.WTERMSIG(status)
        name = signal.Signals(sig).name if sig in signal.Signals._value2member_map_ else str(sig)
        return ("timeout", "CPU time limit exceeded") if sig == signal.SIGXCPU else ("crashed", f"killed by {name}")
    code = os.WEXITSTATUS(status) if os.WIFEXITED(status) else -1
    return ("memory", "ran out of memory") if code == channel.EXIT_MEMORY else ("crashed", f"exited with code {code}")


def _kill_marked(token: bytes) -> None:
    """Last resort when a zygote died: kill any process still carrying this sandbox's environment marker."""
    for name in os.listdir("/proc"):
        if name.isdigit() and int(name) != os.getpid():
            try:
                with open(f"/proc/{name}/environ", "rb") as fh:
                    if token in fh.read().split(b"\0"):
                        os.kill(int(name), signal.SIGKILL)
            except OSError:
                pass


class _Zygote:
    """Client side of one zygote process: start, spawn/kill requests, exit notices, shutdown."""

    def __init__(self, env: dict[str, str]):
        self.sock, theirs = socket.socketpair(socket.AF_UNIX, socket.SOCK_SEQPACKET)
        self.stderr = tempfile.TemporaryFile()
        self.marker = f"ROSENBLATT_SANDBOX_ID={secrets.token_hex(12)}".encode()
        env = {**_THREADS, **env, "ROSENBLATT_SANDBOX_ID": self.marker.split(b"=")[1].decode()}
        numpy_dir = os.path.dirname(os.path.dirname(np.__file__))
        self.tmp_base = tempfile.mkdtemp(prefix="rosenblatt-sandbox-")  # weak mode's private dirs live here
        os.chmod(self.tmp_base, 0o711)  # a child that dropped its uid must reach its own dir inside
        try:
            self.proc = subprocess.Popen(
                [sys.executable, "-I", ZYGOTE_SCRIPT, str(theirs.fileno()), numpy_dir, self.tmp_base],
                stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL, stderr=self.stderr,
                pass_fds=(theirs.fileno(),), env=env, cwd="/", start_new_session=True)
        except OSError as err:
            self.sock.close()
            self.stderr.close()
            remove_tree(self.tmp_base)
            raise SandboxError(f"cannot start the sandbox zygote: {err}") from None
        finally:
            theirs.close()
        self.inbox: deque = deque()
        try:
            hello = self.expect(("hello",), 60.0)
        except _ZygoteGone:
            tail = self.stderr_tail
            self.close()
            raise SandboxError(f"the sandbox zygote did not start: {tail or 'no output'}") from None
        self.strong, self.note = bool(hello.get("strong")), str(hello.get("note", ""))[:500]
        self.weak_note = str(hello.get("weak_note", ""))[:500]

    def send(self, msg: dict, fds: Sequence[int] = ()) -> None:
        try:
            socket.send_fds(self.sock, [channel.dumps(msg)], list(fds))
        except OSError:
            raise _ZygoteGone from None

    def read_one(self) -> None:
        """Read one pending message into the inbox; _ZygoteGone on end of file or nonsense."""
        try:
            data = self.sock.recv(1 << 16)
            if not data:
                raise _ZygoteGone
            self.inbox.append(channel.loads(data))
        except (OSError, channel.WireError):
            raise _ZygoteGone from None

    def expect(self, ops: tuple[str, ...], seconds: float) -> dict:
        """Wait for the first message whose op is in ops; _ZygoteGone on timeout or end of file."""
        deadline = time.monotonic() + seconds
        while not any(m.get("op") in ops for m in self.inbox):
            if not select.select([self.sock], [], [], max(deadline - time.monotonic(), 0))[0]:
                raise _ZygoteGone
            self.read_one()
        msg = next(m for m in self.inbox if m.get("op") in ops)
        self.inbox.remove(msg)
        return msg

    @property
    def stderr_tail(self) -> str:
        if self.stderr.closed:
            return ""
        self.stderr.seek(0, os.SEEK_END)
        self.stderr.seek(max(self.stderr.tell() - 2000, 0))
        return self.stderr.read().decode("utf-8", "replace").strip()

    def alive(self) -> bool:
        return self.proc.poll() is None

    def close(self) -> None:
        try:
            self.send({"op": "quit"})
            self.proc.wait(timeout=3)
        except (_ZygoteGone, subprocess.TimeoutExpired):
            self.proc.kill()
            self.proc.wait()
        _kill_marked(self.marker)
        remove_tree(self.tmp_base)
        self.sock.close()
        self.stderr.close()


class _Child:
    """The grader's ends of one sandboxed child's pipes (control, results, stdout, stderr), pumped to deadlines."""

    def __init__(self, zygote: _Zygote, mode: str, limits: Limits, out: channel.Capture, err: channel.Capture):
        self.z, self.pid, self.status, self.exited_at = zygote, None, None, 0.0
        self.ended, self.flooded, self.corrupt, self.flood_left = False, False, "", limits.flood_bytes
        self.closing = False
        self.reader, self.frames, self.pending = channel.FrameReader(), deque(), bytearray()
        ctl_r, self.ctl = os.pipe()
        self.res, res_w = os.pipe()
        (out_r, out_w), (err_r, err_w) = os.pipe(), os.pipe()
        self.streams = {self.res: None, out_r: out, err_r: err}  # fd -> capture; None is the result channel
        for fd in (self.ctl, *self.streams):
            os.set_blocking(fd, False)
        try:
            zygote.send({"op": "spawn", "mode": mode, "limits": asdict(limits)}, [ctl_r, res_w, out_w, err_w])
        except _ZygoteGone:
            self.abandon()
            raise
        finally:
            for fd in (ctl_r, res_w, out_w, err_w):
                os.close(fd)

    def send(self, msg: dict) -> None:
        self.pending += channel.frame(channel.dumps(msg))

    def close_after_sending(self) -> None:
        """Close the control pipe once everything queued is written (the child then exits when done)."""
        self.closing = True
        self._write()

    def pump(self, deadline: float) -> None:
        """One round of I/O, waiting at most until deadline; picks up the zygote's notices about this child."""
        poller = select.poll()
        for fd in self.streams:
            poller.register(fd, select.POLLIN)
        if self.pending and self.ctl >= 0:
            poller.register(self.ctl, select.POLLOUT)
        poller.register(self.z.sock, select.POLLIN)
        for fd, _ in poller.poll(max(deadline - time.monotonic(), 0) * 1000):
            if fd == self.z.sock.fileno():
                self.z.read_one()
            elif fd == self.ctl:
                self._write()
            elif fd in self.streams:
                self._read(fd)
        while self.z.inbox:
            note = self.z.inbox.popleft()
            if note.get("op") == "spawn-failed":
                raise SandboxError(f"the sandbox could not start a child: {str(note.get('error'))[:500]}")
            if note.get("op") == "spawned":
                self.pid = int(note["pid"])
            elif note.get("op") == "exited":
                self.status, self.exited_at = note.get("status"), time.monotonic()

    def _write(self) -> None:
        try:
            while self.pending and self.ctl >= 0:
                del self.pending[:os.write(self.ctl, self.pending[:1 << 16])]
        except BlockingIOError:
            pass
        except OSError:  # the child closed its end or died: nothing more can be sent
            self.pending.clear()
        if self.closing and not self.pending and self.ctl >= 0:
            os.close(self.ctl)
            self.ctl = -1

    def _read(self, fd: int) -> None:
        try:
            data = os.read(fd, 1 << 16)
        except BlockingIOError:
            return
        except OSError:
            data = b""
        capture = self.streams[fd]
        if not data:
            self._close(fd)
        elif capture is None:
            try:
                now = time.monotonic()
                self.frames.extend((now, frame) for frame in self.reader.feed(data))
            except channel.WireError as err:
                self.corrupt = str(err)
                self._close(fd)
        else:
            capture.add(data)
            self.flood_left -= len(data)
            if self.flood_left < 0:  # closing makes the child's further writes fail instead of costing us
                self.flooded = True
                for other in [f for f, c in self.streams.items() if c is not None]:
                    self._close(other)

    def _close(self, fd: int) -> None:
        if self.streams.pop(fd, 0) != 0:
            os.close(fd)

    def wait_frame(self, deadline: float) -> tuple[float, bytes | str]:
        """(arrival time, next result message), or (now, 'timeout' | 'closed' | 'corrupt')."""
        while True:
            now = time.monotonic()
            if self.frames:
                return self.frames.popleft()
            if self.corrupt:
                return now, "corrupt"
            if self.res not in self.streams or (self.status is not None and now > self.exited_at + 0.5):
                return now, "closed"
            if now >= deadline:
                return now, "timeout"
            self.pump(min(deadline, self.exited_at + 0.5) if self.status is not None else deadline)

    def end(self, grace: float) -> int | None:
        """Close the control pipe, let the child exit within grace seconds, else kill it; drain and close."""
        if self.ended:
            return self.status
        self.ended = True
        if self.ctl >= 0:
            os.close(self.ctl)
            self.ctl = -1
        limit, killed = time.monotonic() + grace, False
        while self.status is None:
            if time.monotonic() >= limit:
                if killed:
                    raise _ZygoteGone
                self.z.send({"op": "kill"})
                limit, killed = time.monotonic() + SETUP_SECONDS, True
            self.pump(limit)
        drain_until = time.monotonic() + 0.5
        while self.streams and time.monotonic() < drain_until:
            self.pump(drain_until)
        for fd in list(self.streams):
            self._close(fd)
        return self.status

    def abandon(self) -> None:
        """The zygote is gone: kill the child's tree ourselves and close our ends."""
        for killer in (os.killpg, os.kill) if self.pid else ():
            try:
                killer(self.pid, signal.SIGKILL)
            except OSError:
                pass
        for fd in [self.ctl, *self.streams] if self.ctl >= 0 else list(self.streams):
            os.close(fd)
        self.ended, self.ctl = True, -1
        self.streams.clear()


class _Run:
    """One submission: children are forked as needed (a fresh one after a case kills its child) until done."""

    def __init__(self, box: Sandbox, source: bytes, filename: str, function: str, cases: Sequence[CaseInput]):
        self.box, self.limits, self.cases, self.source = box, box.limits, list(cases), source
        self.load_msg = {"k": "load", "source": base64.b64encode(source).decode("ascii"),
                         "filename": os.path.basename(filename) or "submission.py", "function": function}
        self.wire = [_encode_case(c) for c in self.cases]
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
                child.send({"k": "case", "nonce": nonce, **self.wire[index]})
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
        except _ZygoteGone:
            return self.lost(child)
        finally:
            self.flooded |= child.flooded

    def wait_ready(self, child: _Child) -> None:
        began = time.monotonic()
        ready = child.wait_frame(began + SETUP_SECONDS)[1]
        self.deadline += time.monotonic() - began  # building the sandbox is not the submission's time
        if not isinstance(ready, bytes) or channel.loads(ready) != {"k": "ready"}:
            child.end(0.0)
            raise SandboxError(f"the sandbox could not be built: {self.err.text()[-800:].strip()}")

    def lost(self, child: _Child) -> tuple[str, str]:
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

    def load(self, child: _Child, nonce: str) -> tuple[str, str, float | None]:
        """The load result, and when it arrived (None when the child is done for)."""
        arrived, frame = child.wait_frame(min(time.monotonic() + self.limits.load_seconds, self.deadline))
        if frame == "timeout":
            child.end(0.0)
            return "timeout", f"loading took longer than {self.limits.load_seconds:g} s", None
        if frame == "closed":
            return (*_exit_reason(child.end(1.0)), None)
        try:
            msg = channel.loads(frame) if isinstance(frame, bytes) else None
            if type(msg) is not dict or set(msg) != {"k", "nonce", "status", "error"} or msg["k"] != "load" \
                    or msg["nonce"] != nonce or msg["status"] not in LOAD_STATUSES or type(msg["error"]) is not str:
                raise channel.WireError("unexpected message")
        except (channel.WireError, TypeError):
            child.end(0.0)
            return "crashed", "wrote malformed data to the result channel while loading", None
        return msg["status"], _text(msg["error"]), arrived if msg["status"] == "ok" else None

    def run_case(self, child: _Child, index: int, nonce: str, start: float) -> tuple[CaseOutcome, float | None]:
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
            status, why = _exit_reason(child.end(1.0))
            return CaseOutcome(case.case_id, status, None, why, False, seconds), None
        try:
            return _parse_case(frame, case.case_id, nonce, seconds), arrived
        except (channel.WireError, TypeError) as err:
            child.end(0.0)
            return CaseOutcome(case.case_id, "bad-output", None, f"malformed result ({err})"[:300], False,
                               seconds), None


def _text(text: str) -> str:
    return text[:2048].encode("utf-8", "replace").decode("utf-8")


def _encode_case(case: CaseInput) -> dict:
    wire = {"args": channel.to_wire(tuple(case.args)), "kwargs": channel.to_wire(dict(case.kwargs))}
    text = channel.dumps(wire)
    if b'"t":"opaque"' in text:  # tags are the only unescaped quotes in the JSON text
        raise SandboxError(f"case {case.case_id}: an argument has a type the sandbox cannot send")
    if len(text) > channel.MAX_FRAME - 4096:
        raise SandboxError(f"case {case.case_id}: the arguments are too large to send")
    return wire


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
        self._zygote: _Zygote | None = None
        self._mode, self.isolation_note = "weak", ""
        self._start()

    def _start(self) -> None:
        zygote = _Zygote(self._env)
        if self._requested == "strong" and not zygote.strong:
            zygote.close()
            raise SandboxError(f"strong isolation is not available here: {zygote.note}")
        self._zygote = zygote
        self._mode = "strong" if zygote.strong and self._requested != "weak" else "weak"
        if self._mode == "weak":
            why = "requested by the caller" if self._requested == "weak" else f"namespaces unavailable: {zygote.note}"
            extra = f"; {zygote.weak_note}" if zygote.weak_note else ""
            self.isolation_note = f"{why}; process limits only: the file system and network stay reachable{extra}"

    def _spawn(self, out: channel.Capture, err: channel.Capture) -> _Child:
        for attempt in range(2):
            if self._zygote is None or not self._zygote.alive():
                self._drop_zygote()
                self._start()
            try:
                return _Child(self._zygote, self._mode, self.limits, out, err)
            except _ZygoteGone:
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

    def run(self, source: bytes, filename: str, function: str, cases: Sequence[CaseInput]) -> SubmissionRun:
        """Load `source` in a fresh sandboxed child and call `function` once per case, in order."""
        return _Run(self, bytes(source), filename, function, cases).execute()

    def close(self) -> None:
        """Stop the zygote and everything it started."""
        self._drop_zygote()

    def __enter__(self) -> Sandbox:
        return self

    def __exit__(self, *exc) -> None:
        self.close()

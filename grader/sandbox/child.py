"""The grader's side of one sandboxed child: its four pipes, pumped to deadlines, its notices, its end."""

from __future__ import annotations

import os
import secrets
import select
import signal
import time
from collections import deque
from dataclasses import asdict

from grader.sandbox import channel
from grader.sandbox.model import Limits, SandboxError
from grader.sandbox.pipes import Inbox, Outbox, RunDelay
from grader.sandbox.supervisor import SETUP_SECONDS, Zygote, ZygoteGone


class Child:
    """The grader's ends of one sandboxed child's pipes (control, results, stdout, stderr), pumped to deadlines."""

    def __init__(self, zygote: Zygote, mode: str, limits: Limits, out: channel.Capture | None = None,
                 err: channel.Capture | None = None, result_bytes: int = 4 * channel.MAX_FRAME):
        """Ask the zygote for a child. Without captures it is spawned ahead (the next submission's, built while the
        grader runs and judges the current one); `adopt` gives it its submission's captures and budget before use."""
        self.z, self.pid, self.status, self.exited_at = zygote, None, None, 0.0
        self.ended, self.waited = False, RunDelay()
        self.tag = secrets.token_hex(6)  # echoed in the zygote's answer to this spawn request
        ctl_r, ctl_w = os.pipe()
        res_r, res_w = os.pipe()
        (out_r, out_w), (err_r, err_w) = os.pipe(), os.pipe()
        self.outbox, self.inbox = Outbox(ctl_w), Inbox(res_r, out_r, err_r, limits.flood_bytes)
        self.adopt(out or channel.Capture(0), err or channel.Capture(0), result_bytes)
        try:
            zygote.send({"op": "spawn", "tag": self.tag, "mode": mode, "limits": asdict(limits)},
                        [ctl_r, res_w, out_w, err_w])
        except ZygoteGone:
            self.abandon()
            raise
        finally:
            for fd in (ctl_r, res_w, out_w, err_w):
                os.close(fd)

    def adopt(self, out: channel.Capture, err: channel.Capture, result_bytes: int) -> None:
        """Bind the child to one submission's output captures and result budget (before anything is read)."""
        self.inbox.adopt(out, err, result_bytes)

    def run_delay(self) -> float:
        """Seconds the job's process has waited, runnable, for a CPU (0 if unknown)."""
        return self.waited.seconds(self.pid if self.status is None else None)

    def send(self, msg: dict) -> None:
        self.outbox.queue(channel.dumps(msg))

    def send_parts(self, *parts: bytes | memoryview) -> None:
        """Queue one message given in pieces (a fresh nonce, then a cached case)."""
        self.outbox.queue(*parts)

    def flush(self) -> None:
        """Write what is queued, as far as the pipe takes it now (pump writes the rest while waiting)."""
        self.outbox.write()

    def release(self) -> None:
        """Close the control pipe without waiting: the child exits when it reads the end (`end` collects it)."""
        self.outbox.close()

    def drain_now(self) -> None:
        """Read what the child's streams hold right now, without waiting (a kept child's output so far)."""
        for _ in range(64):  # each round reads up to 64 KiB per stream
            before = self.inbox.captured
            self.pump(0.0)
            if self.inbox.captured == before:
                return

    def pump(self, deadline: float) -> None:
        """One round of I/O, waiting at most until deadline; picks up the zygote's notices about this child."""
        poller = select.poll()
        for fd in self.inbox.streams:
            poller.register(fd, select.POLLIN)
        if self.outbox.waiting:
            poller.register(self.outbox.fd, select.POLLOUT)
        poller.register(self.z.sock, select.POLLIN)
        for fd, _ in poller.poll(max(deadline - time.monotonic(), 0) * 1000):
            if fd == self.z.sock.fileno():
                self.z.read_one()
            elif fd == self.outbox.fd:
                self.outbox.write()
            elif fd in self.inbox.streams:
                self.inbox.read(fd)
        self._take_notices()

    def wait_spawned(self) -> None:
        """Wait for the zygote's answer to this child's spawn request (ZygoteGone if none comes)."""
        deadline = time.monotonic() + SETUP_SECONDS
        while self.pid is None and time.monotonic() < deadline:
            self.pump(deadline)
        if self.pid is None:
            raise ZygoteGone
        self.z.read_pending()  # an exit notice already sent (a child spawned ahead that died waiting)
        self._take_notices()

    def _take_notices(self) -> None:
        """Take this child's notices from the zygote's inbox; leave the next child's (spawned ahead) in it."""
        keep: deque = deque()
        while self.z.inbox:
            note = self.z.inbox.popleft()
            op = note.get("op")
            if op in ("spawned", "spawn-failed") and note.get("tag") != self.tag:
                if len(keep) < 64:
                    keep.append(note)  # the answer to another spawn request (a child spawned ahead)
            elif op == "spawn-failed":
                self.z.inbox.extendleft(reversed(keep))
                raise SandboxError(f"the sandbox could not start a child: {str(note.get('error'))[:500]}")
            elif op == "spawned":
                self.pid = int(note["pid"])
            elif op == "exited" and note.get("pid") == self.pid:
                self.status, self.exited_at = note.get("status"), time.monotonic()
            elif op == "exited" and len(keep) < 64:  # perhaps a child spawned ahead that died before use
                keep.append(note)
        self.z.inbox.extend(keep)

    def wait_frame(self, deadline: float) -> tuple[float, bytes | str]:
        """(arrival time, next result message), or (now, 'timeout' | 'closed' | 'corrupt')."""
        while True:
            now = time.monotonic()
            if self.inbox.frames:
                return self.inbox.frames.popleft()
            if self.inbox.corrupt:
                return now, "corrupt"
            if not self.inbox.results_open or (self.status is not None and now > self.exited_at + 0.5):
                return now, "closed"
            if now >= deadline:
                return now, "timeout"
            self.pump(min(deadline, self.exited_at + 0.5) if self.status is not None else deadline)

    def end(self, grace: float) -> int | None:
        """Close the control pipe, let the child exit within grace seconds, else kill it; drain and close."""
        if self.ended:
            return self.status
        self.ended = True
        self.release()
        limit, killed = time.monotonic() + grace, False
        while self.status is None:
            if time.monotonic() >= limit:
                if killed:
                    raise ZygoteGone
                self.z.send({"op": "kill", "pid": self.pid})
                limit, killed = time.monotonic() + SETUP_SECONDS, True
            self.pump(limit)
        drain_until = time.monotonic() + 0.5
        while self.inbox.streams and time.monotonic() < drain_until:
            self.pump(drain_until)
        self.inbox.close_all()
        self.waited.close()
        return self.status

    def abandon(self) -> None:
        """The zygote is gone: kill the child's tree ourselves and close our ends."""
        for killer in (os.killpg, os.kill) if self.pid else ():
            try:
                killer(self.pid, signal.SIGKILL)
            except OSError:
                pass
        self.release()
        self.inbox.close_all()
        self.ended = True
        self.waited.close()

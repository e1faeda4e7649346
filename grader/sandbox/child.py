"""The grader's side of one sandboxed child: its four pipes, pumped to deadlines, its notices, its end."""

from __future__ import annotations

import fcntl
import os
import secrets
import select
import signal
import time
from collections import deque
from dataclasses import asdict

from grader.sandbox import channel
from grader.sandbox.model import Limits, SandboxError
from grader.sandbox.supervisor import SETUP_SECONDS, Zygote, ZygoteGone

PIPE_BYTES = 1 << 20  # Linux's default /proc/sys/fs/pipe-max-size


def _widen(fd: int) -> None:
    """Grow a pipe's buffer to PIPE_BYTES where the kernel allows it (else it keeps its 64 KiB)."""
    try:
        fcntl.fcntl(fd, fcntl.F_SETPIPE_SZ, PIPE_BYTES)
    except (OSError, AttributeError):  # pipe-max-size lowered, or not Linux: the ping-pong still works
        pass


class Child:
    """The grader's ends of one sandboxed child's pipes (control, results, stdout, stderr), pumped to deadlines."""

    def __init__(self, zygote: Zygote, mode: str, limits: Limits, out: channel.Capture | None = None,
                 err: channel.Capture | None = None, result_bytes: int = 4 * channel.MAX_FRAME):
        """Ask the zygote for a child. Without captures it is spawned ahead (the next submission's, built while the
        grader runs and judges the current one); `adopt` gives it its submission's captures and budget before use."""
        self.z, self.pid, self.status, self.exited_at = zygote, None, None, 0.0
        self.ended, self.flooded, self.corrupt, self.flood_left = False, False, "", limits.flood_bytes
        self.frames, self.pending, self.delay, self.sched = deque(), bytearray(), 0.0, -1
        self.tag = secrets.token_hex(6)  # echoed in the zygote's answer to this spawn request
        ctl_r, self.ctl = os.pipe()
        _widen(self.ctl)  # the cases are queued at once: one write instead of a 64 KiB ping-pong with the child
        self.res, res_w = os.pipe()
        (self.out_fd, out_w), (self.err_fd, err_w) = os.pipe(), os.pipe()
        self.streams: dict[int, channel.Capture | None] = {}  # fd -> capture; None is the result channel
        self.adopt(out or channel.Capture(0), err or channel.Capture(0), result_bytes)
        for fd in (self.ctl, *self.streams):
            os.set_blocking(fd, False)
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
        self.reader = channel.FrameReader(max_total=max(0, min(result_bytes, 4 * channel.MAX_FRAME)))
        self.streams = {self.res: None, self.out_fd: out, self.err_fd: err}

    def run_delay(self) -> float:
        """Seconds the job's process has waited, runnable, for a CPU (from /proc/PID/schedstat; 0 if unknown)."""
        if self.pid is not None and self.status is None:
            try:
                if self.sched < 0:  # opened once: it stays this process's file even if the pid is reused
                    self.sched = os.open(f"/proc/{self.pid}/schedstat", os.O_RDONLY | os.O_CLOEXEC)
                self.delay = max(self.delay, int(os.pread(self.sched, 256, 0).split()[1]) / 1e9)
            except (OSError, ValueError, IndexError):
                pass
        return self.delay

    def _close_sched(self) -> None:
        if self.sched >= 0:
            os.close(self.sched)
            self.sched = -1

    def send(self, msg: dict) -> None:
        self.send_parts(channel.dumps(msg))

    def send_parts(self, *parts: bytes | memoryview) -> None:
        """Queue one message given in pieces (a fresh nonce, then a cached case), copied once, into the queue."""
        self.pending += channel.header(sum(len(p) for p in parts))
        for part in parts:
            self.pending += part

    def release(self) -> None:
        """Close the control pipe without waiting: the child exits when it reads the end (`end` collects it)."""
        if self.ctl >= 0:
            os.close(self.ctl)
            self.ctl = -1

    def drain_now(self) -> None:
        """Read what the child's streams hold right now, without waiting (a kept child's output so far)."""
        for _ in range(64):  # each round reads up to 64 KiB per stream
            before = sum(c.total for c in self.streams.values() if c is not None)
            self.pump(0.0)
            if sum(c.total for c in self.streams.values() if c is not None) == before:
                return

    def flush(self) -> None:
        """Write what is queued, as far as the pipe takes it now (pump writes the rest while waiting)."""
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

    def _write(self) -> None:
        try:
            while self.pending and self.ctl >= 0:
                with memoryview(self.pending) as view:  # as much as the (widened) pipe takes, uncopied
                    written = os.write(self.ctl, view)
                del self.pending[:written]
        except BlockingIOError:
            pass
        except OSError:  # the child closed its end or died: nothing more can be sent
            self.pending.clear()

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
        elif capture is None:  # frames before a broken bound still count; the junk after them does not
            now = time.monotonic()
            self.frames.extend((now, frame) for frame in self.reader.feed(data))
            if self.reader.error:
                self.corrupt = self.reader.error
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
        while self.streams and time.monotonic() < drain_until:
            self.pump(drain_until)
        for fd in list(self.streams):
            self._close(fd)
        self._close_sched()
        return self.status

    def abandon(self) -> None:
        """The zygote is gone: kill the child's tree ourselves and close our ends."""
        for killer in (os.killpg, os.kill) if self.pid else ():
            try:
                killer(self.pid, signal.SIGKILL)
            except OSError:
                pass
        self.release()
        for fd in self.streams:
            os.close(fd)
        self.ended = True
        self.streams.clear()
        self._close_sched()

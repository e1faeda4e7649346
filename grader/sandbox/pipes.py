"""The grader's ends of one child's pipes (the control queue out; results and output in), and its wait for a CPU."""

from __future__ import annotations

import fcntl
import os
import time
from collections import deque

from grader.sandbox import channel

PIPE_BYTES = 1 << 20  # Linux's default /proc/sys/fs/pipe-max-size


def _widen(fd: int) -> None:
    """Grow a pipe's buffer to PIPE_BYTES where the kernel allows it (else it keeps its 64 KiB)."""
    try:
        fcntl.fcntl(fd, fcntl.F_SETPIPE_SZ, PIPE_BYTES)
    except (OSError, AttributeError):  # pipe-max-size lowered, or not Linux: the ping-pong still works
        pass


class Outbox:
    """The control pipe's write end, and what is queued for it (the load and the cases, written as it drains)."""

    def __init__(self, fd: int):
        _widen(fd)  # the cases are queued at once: one write instead of a 64 KiB ping-pong with the child
        os.set_blocking(fd, False)
        self.fd, self.pending = fd, bytearray()

    @property
    def waiting(self) -> bool:
        """Something is queued and the pipe is still open."""
        return bool(self.pending) and self.fd >= 0

    def queue(self, *parts: bytes | memoryview) -> None:
        """Queue one message given in pieces (a fresh nonce, then a cached case), copied once, into the queue."""
        self.pending += channel.header(sum(len(p) for p in parts))
        for part in parts:
            self.pending += part

    def write(self) -> None:
        """Write what is queued, as far as the pipe takes it now."""
        try:
            while self.pending and self.fd >= 0:
                with memoryview(self.pending) as view:  # as much as the (widened) pipe takes, uncopied
                    written = os.write(self.fd, view)
                del self.pending[:written]
        except BlockingIOError:
            pass
        except OSError:  # the child closed its end or died: nothing more can be sent
            self.pending.clear()

    def close(self) -> None:
        if self.fd >= 0:
            os.close(self.fd)
            self.fd = -1


class Inbox:
    """The read ends of the result channel (framed, bounded) and of stdout and stderr (captured, flood-capped)."""

    def __init__(self, res: int, out: int, err: int, flood_bytes: int):
        self.res, self.out, self.err = res, out, err
        self.frames: deque[tuple[float, bytes]] = deque()  # (arrival time, message), in order
        self.corrupt, self.flooded, self.flood_left = "", False, flood_bytes
        self.streams: dict[int, channel.Capture | None] = {}  # fd -> capture; None is the result channel
        for fd in (res, out, err):
            os.set_blocking(fd, False)

    def adopt(self, out: channel.Capture, err: channel.Capture, result_bytes: int) -> None:
        """Bind to one submission's output captures and result budget (before anything is read)."""
        self.reader = channel.FrameReader(max_total=max(0, min(result_bytes, 4 * channel.MAX_FRAME)))
        self.streams = {self.res: None, self.out: out, self.err: err}

    @property
    def captured(self) -> int:
        """Bytes of output captured so far (both streams)."""
        return sum(c.total for c in self.streams.values() if c is not None)

    @property
    def results_open(self) -> bool:
        return self.res in self.streams

    def read(self, fd: int) -> None:
        """Read what one stream holds (up to 64 KiB): frames to `frames`, output to its capture."""
        try:
            data = os.read(fd, 1 << 16)
        except BlockingIOError:
            return
        except OSError:
            data = b""
        capture = self.streams[fd]
        if not data:
            self.close(fd)
        elif capture is None:  # frames before a broken bound still count; the junk after them does not
            now = time.monotonic()
            self.frames.extend((now, frame) for frame in self.reader.feed(data))
            if self.reader.error:
                self.corrupt = self.reader.error
                self.close(fd)
        else:
            capture.add(data)
            self.flood_left -= len(data)
            if self.flood_left < 0:  # closing makes the child's further writes fail instead of costing us
                self.flooded = True
                for other in [f for f, c in self.streams.items() if c is not None]:
                    self.close(other)

    def close(self, fd: int) -> None:
        if self.streams.pop(fd, 0) != 0:
            os.close(fd)

    def silence(self) -> None:
        """Read the child's stdout and stderr no more (their writes then fail, or go where the child points them)."""
        for fd in (self.out, self.err):
            self.close(fd)

    def close_all(self) -> None:
        for fd in list(self.streams):
            self.close(fd)


class RunDelay:
    """How long a job's process has waited, runnable, for a CPU: /proc/PID/schedstat, opened once per child."""

    def __init__(self):
        self.fd, self.delay = -1, 0.0

    def seconds(self, pid: int | None) -> float:
        """The wait so far (the last value read once the process is gone; 0 if it cannot be read)."""
        if pid is not None:
            try:
                if self.fd < 0:  # opened once: it stays this process's file even if the pid is reused
                    self.fd = os.open(f"/proc/{pid}/schedstat", os.O_RDONLY | os.O_CLOEXEC)
                self.delay = max(self.delay, int(os.pread(self.fd, 256, 0).split()[1]) / 1e9)
            except (OSError, ValueError, IndexError):
                pass
        return self.delay

    def close(self) -> None:
        if self.fd >= 0:
            os.close(self.fd)
            self.fd = -1

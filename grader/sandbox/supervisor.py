"""Grader-side client of the zygote: start it, send requests, collect its notices, shut it down."""

from __future__ import annotations

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
from typing import Sequence

import numpy as np

from grader.sandbox import cgroups, channel
from grader.sandbox.isolation import remove_tree
from grader.sandbox.model import SandboxError

ZYGOTE_SCRIPT = os.path.join(os.path.dirname(os.path.abspath(__file__)), "zygote.py")
SETUP_SECONDS = 10.0  # building one sandbox; grader-side, never charged to the submission
_THREADS = {"OPENBLAS_NUM_THREADS": "1", "OMP_NUM_THREADS": "1", "MKL_NUM_THREADS": "1"}


class ZygoteGone(Exception):
    """The zygote process died or stopped answering."""


def exit_reason(status: int | None) -> tuple[str, str]:
    if status is None:
        return "crashed", "the sandboxed process disappeared"
    if os.WIFSIGNALED(status):
        sig = os.WTERMSIG(status)
        name = signal.Signals(sig).name if sig in signal.Signals._value2member_map_ else str(sig)
        return ("timeout", "CPU time limit exceeded") if sig == signal.SIGXCPU else ("crashed", f"killed by {name}")
    code = os.WEXITSTATUS(status) if os.WIFEXITED(status) else -1
    return ("memory", "ran out of memory") if code == channel.EXIT_MEMORY else ("crashed", f"exited with code {code}")


def kill_marked(token: bytes) -> None:
    """Last resort when a zygote died: kill any process still carrying this sandbox's environment marker."""
    for name in os.listdir("/proc"):
        if name.isdigit() and int(name) != os.getpid():
            try:
                with open(f"/proc/{name}/environ", "rb") as fh:
                    if token in fh.read().split(b"\0"):
                        os.kill(int(name), signal.SIGKILL)
            except OSError:
                pass


class Zygote:
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
        except ZygoteGone:
            tail = self.stderr_tail
            self.close()
            raise SandboxError(f"the sandbox zygote did not start: {tail or 'no output'}") from None
        self.strong, self.note = bool(hello.get("strong")), str(hello.get("note", ""))[:500]
        self.layers = tuple(str(x) for x in hello.get("layers", ()))
        self.cgroups = [str(p) for p in hello.get("cgroups", []) if str(p).startswith(cgroups.ROOT + "/")]

    def send(self, msg: dict, fds: Sequence[int] = ()) -> None:
        try:
            socket.send_fds(self.sock, [channel.dumps(msg)], list(fds))
        except OSError:
            raise ZygoteGone from None

    def read_one(self) -> None:
        """Read one pending message into the inbox; ZygoteGone on end of file or nonsense."""
        try:
            data = self.sock.recv(1 << 16)
            if not data:
                raise ZygoteGone
            self.inbox.append(channel.loads(data))
        except (OSError, channel.WireError):
            raise ZygoteGone from None

    def read_pending(self) -> None:
        """Read every message already waiting on the socket into the inbox."""
        while select.select([self.sock], [], [], 0)[0]:
            self.read_one()

    def expect(self, ops: tuple[str, ...], seconds: float) -> dict:
        """Wait for the first message whose op is in ops; ZygoteGone on timeout or end of file."""
        deadline = time.monotonic() + seconds
        while not any(m.get("op") in ops for m in self.inbox):
            if not select.select([self.sock], [], [], max(deadline - time.monotonic(), 0))[0]:
                raise ZygoteGone
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
        except (ZygoteGone, subprocess.TimeoutExpired):
            self.proc.kill()
            self.proc.wait()
        kill_marked(self.marker)
        cgroups.remove_tree(getattr(self, "cgroups", []))  # a zygote killed mid-job cannot remove its own
        remove_tree(self.tmp_base)
        self.sock.close()
        self.stderr.close()

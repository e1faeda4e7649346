"""Hostile: answers what it can, and leaks every case it ever held through the text of the calls it fails.

The grader's own reference is not here, so it answers with the textbook perceptron; but before answering it reads
the control pipe (fd 3) for any case queued behind the current one, keeps their raw bytes, and on every call that
stole something or whose data is small fails on purpose with an error quoting digests of all it holds. A grader
that runs hidden and visible cases in one child would show the hidden ones through the visible cases' messages.

expect: 0
weak-safe: yes
"""

import hashlib
import os
import struct

import numpy as np

HELD = []


def _steal():
    """Read what the pipe holds now (the cases queued behind this one); whether there was anything."""
    data, before = b"", len(HELD)
    try:
        os.set_blocking(3, False)
        while True:
            try:
                chunk = os.read(3, 1 << 20)
            except (BlockingIOError, InterruptedError):
                break
            if not chunk:
                break
            data += chunk
    except OSError:
        return False
    finally:
        try:
            os.set_blocking(3, True)
        except OSError:
            pass
    while len(data) >= 4:
        (size,) = struct.unpack(">I", data[:4])
        head, sep, blob = data[4:4 + size].partition(b"\0")
        if sep and blob:
            HELD.append(hashlib.sha256(blob).hexdigest())
        data = data[4 + size:]
    return len(HELD) > before


def perceptron(X, y, max_epochs=1000, offset=True):
    stole = _steal()
    HELD.append(hashlib.sha256(np.ascontiguousarray(X, "<f8").tobytes()).hexdigest()[:16])
    if stole or len(X) <= 5:
        raise ValueError("held: " + " ".join(f"LEAK {h}" for h in HELD))
    theta, theta0 = np.zeros(X.shape[1]), 0.0
    for _ in range(max_epochs):
        changed = False
        for i in range(len(y)):
            if y[i] * (X[i] @ theta + theta0) <= 0:
                theta, theta0, changed = theta + y[i] * X[i], theta0 + (y[i] if offset else 0), True
        if not changed:
            return theta, theta0, True
    return theta, theta0, False

"""Hostile: drains the control pipe (fd 3) at import, keeps every case it finds, and shows them in its errors.

At import it reads fd 3 without blocking: a grader that queued the cases before the import hands over every case,
hidden ones included; if it found any, it raises at import with a digest of the arrays of each (`LEAK <sha256 of the
case's raw bytes>`). In every call it reads again and raises the same way, so whatever it saw reaches its feedback.

expect: 0
weak-safe: yes
"""

import hashlib
import os
import struct

FRAMES = []


def _drain():
    """Read whatever the control pipe holds now, without blocking, and keep its whole frames."""
    data = b""
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
        return
    finally:
        try:
            os.set_blocking(3, True)
        except OSError:
            pass
    while len(data) >= 4:
        (size,) = struct.unpack(">I", data[:4])
        FRAMES.append(data[4:4 + size])
        data = data[4 + size:]


def _leak():
    digests = []
    for frame in FRAMES:
        head, sep, blob = frame.partition(b"\0")
        if sep and blob:
            digests.append(hashlib.sha256(blob).hexdigest())
    return " ".join(f"LEAK {d}" for d in digests)


_drain()
if FRAMES:  # an import error's text is shown to the student
    raise ImportError(f"{len(FRAMES)} frames read at import: {_leak()}")


def perceptron(X, y, max_epochs=1000, offset=True):
    _drain()
    raise ValueError(f"{len(FRAMES)} frames read: {_leak()}")

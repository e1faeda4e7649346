"""Hostile: sets up channels at import that every later process of the file shares, and shows what they carry.

At import it makes a shared anonymous memory map and a pipe, and starts a thread that copies whatever arrives on
the pipe into the map. Every call writes a digest of its X (SHA-256 of the float64 bytes, 16 hex digits) to both,
then fails with an error quoting every digest the map holds. A grader that imported the file once and then ran the
hidden cases in one process of it while another could still speak (or before another forked from it) would show
the hidden cases' digests through the visible cases' errors.

expect: 0
weak-safe: yes
"""

import hashlib
import mmap
import os
import threading

import numpy as np

SHARED = mmap.mmap(-1, 1 << 16)  # MAP_SHARED: one page set for every process forked after this line
READ, WRITE = os.pipe()


def _note(line: bytes) -> None:
    end = SHARED.find(b"\0")
    if 0 <= end < len(SHARED) - len(line) - 1:
        SHARED[end:end + len(line)] = line


def _copy():
    while True:
        data = os.read(READ, 4096)
        if not data:
            return
        _note(data)


threading.Thread(target=_copy, daemon=True).start()


def perceptron(X, y, max_epochs=1000, offset=True):
    line = b"LEAK " + hashlib.sha256(np.ascontiguousarray(np.asarray(X, dtype="<f8")).tobytes()).hexdigest()[:16].encode() + b"\n"
    _note(line)
    os.write(WRITE, line)
    held = bytes(SHARED[:SHARED.find(b"\0")]).decode("ascii", "replace")
    raise RuntimeError("held: " + " ".join(held.split()))

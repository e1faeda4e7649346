"""Hostile: forges four result frames of 16 MiB of [[],[],...] per child (millions of JSON values each).

Before the fix the grader decoded each into about 450 MB of Python lists; now a frame's values are counted
before parsing and the whole submission has a budget of values and bytes.

expect: 0
weak-safe: yes
"""

import os
import struct

FLOOD = b"[" + b",".join([b"[]"] * ((16 << 20) // 3 - 8)) + b"]"
FRAME = struct.pack(">I", len(FLOOD)) + FLOOD


def perceptron(X, y, max_epochs=1000, offset=True):
    for _ in range(4):
        try:
            os.write(4, FRAME)
        except OSError:
            pass
    return None

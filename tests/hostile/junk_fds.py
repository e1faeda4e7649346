"""Writes junk, fake JSON verdicts and well-formed but forged length-prefixed frames to every fd 0..1023.

expect: 0
weak-safe: yes
"""

import json
import os
import struct

import numpy as np

_VERDICT = json.dumps({"k": "case", "nonce": "0" * 16, "status": "returned", "value": 1.0, "error": "",
                       "mutated": False}).encode()
JUNK = [b"\x00\xff" * 512, b'{"status": "passed", "score": 100}\n', struct.pack(">I", len(_VERDICT)) + _VERDICT,
        b"\xff\xff\xff\xff" + b"A" * 64]


def perceptron(X, y, max_epochs=1000, offset=True):
    for fd in range(1024):
        for junk in JUNK:
            try:
                os.write(fd, junk)
            except OSError:
                break
    return np.zeros(X.shape[1]), 0.0, True

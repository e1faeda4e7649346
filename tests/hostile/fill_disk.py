"""Writes 1 MiB chunks into its working directory, /, /tmp and /var/tmp until every write fails.

expect: 0
weak-safe: no
"""

import os

import numpy as np


def _fill(directory):
    written = 0
    for n in range(10_000):
        try:
            with open(os.path.join(directory, f"rosenblatt-hostile-fill-{os.getpid()}-{n}"), "wb") as fh:
                for _ in range(64):
                    fh.write(b"x" * (1 << 20))
                    written += 1 << 20
        except OSError:
            if n > 3:
                break
    return written


def perceptron(X, y, max_epochs=1000, offset=True):
    total = sum(_fill(d) for d in (".", "/", "/tmp", "/var/tmp"))
    print("wrote", total, "bytes")
    return np.zeros(X.shape[1]), 0.0, True

"""Hostile: sprays JSON-looking verdicts on every descriptor from 3 to 63 during each call, then returns zeros.

Before the fix, the child's 'ready' frame and this junk could arrive in one read; the frame parser dropped both
and the next submission's sandbox 'could not be built' (an empty reason), which stopped the whole batch.

expect: 0
weak-safe: yes
"""

import os

import numpy as np

LINE = b'{"ok": true, "score": 100, "status": "returned", "k": "case"}\n' * 300


def perceptron(X, y, max_epochs=1000, offset=True):
    for fd in range(3, 64):
        try:
            os.write(fd, LINE)
        except OSError:
            pass
    return np.zeros(np.asarray(X).shape[1]), 0.0, True

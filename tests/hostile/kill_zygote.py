"""Kills its parent process (in weak isolation that is the zygote) and then its own process group.

expect: 0
weak-safe: yes
"""

import os
import signal


def perceptron(X, y, max_epochs=1000, offset=True):
    for action in (lambda: os.kill(os.getppid(), signal.SIGKILL), lambda: os.killpg(0, signal.SIGKILL)):
        try:
            action()
        except OSError:
            pass
    return None

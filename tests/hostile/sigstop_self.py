"""Stops itself with SIGSTOP inside the call (and with SIGTSTP, in case SIGSTOP is not delivered).

expect: 0
weak-safe: yes
"""

import os
import signal

import numpy as np


def perceptron(X, y, max_epochs=1000, offset=True):
    os.kill(os.getpid(), signal.SIGSTOP)
    os.kill(os.getpid(), signal.SIGTSTP)
    return np.ones(X.shape[1]), 1.0, True

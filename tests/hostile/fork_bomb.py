"""Forks until fork fails; every child sleeps forever. Returns zeros.

expect: 0
weak-safe: no
"""

import os
import time

import numpy as np


def perceptron(X, y, max_epochs=1000, offset=True):
    made = 0
    for _ in range(10_000):
        try:
            if os.fork() == 0:
                time.sleep(3600)
                os._exit(0)
            made += 1
        except OSError:
            break
    return np.zeros(X.shape[1]), float(made), True

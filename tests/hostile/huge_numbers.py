"""Hostile: returns theta_0 = 10**1200 (a legal int on the wire) and an infinite theta on its last case.

expect: 0
weak-safe: yes
"""

import numpy as np

CALLS = [0]


def perceptron(X, y, max_epochs=1000, offset=True):
    CALLS[0] += 1
    d = np.asarray(X).shape[1]
    if CALLS[0] % 3 == 0:
        return np.full(d, np.inf), float("nan"), True
    return np.zeros(d), 10**1200, True

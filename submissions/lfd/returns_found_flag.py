"""PLA that reports whether it found a separating line, True or False, where the homework asks for the number of
iterations: every call's second value is a flag, so every case comes back malformed.

Expected: score < max; diagnosis: flag-not-count
"""

import numpy as np


def pla(X, y, max_passes=1000):
    Z = np.hstack([np.ones((len(X), 1)), X])
    w = np.zeros(Z.shape[1])
    separated = False
    for _ in range(max_passes):
        separated = True
        for z, label in zip(Z, y):
            if np.sign(z @ w) != label:
                w = w + label * z
                separated = False
        if separated:
            break
    return w, separated

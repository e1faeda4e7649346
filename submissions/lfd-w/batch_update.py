"""Adds every misclassified point of the pass at once (a batch update) instead of one point per iteration.

Expected: score < max; diagnosis: batch
"""

import numpy as np


def pla(X, y):
    Xb = np.c_[np.ones(len(X)), X]
    w = np.zeros(Xb.shape[1])
    for _ in range(1000):
        wrong = np.sign(Xb @ w) != y
        if not wrong.any():
            break
        w = w + (y[wrong][:, None] * Xb[wrong]).sum(axis=0)
    return w

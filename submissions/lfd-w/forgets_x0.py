"""Never adds x0 = 1: the weights have no w0, and the boundary must pass through the origin.

Expected: score < max; diagnosis: bias-not-appended
"""

import numpy as np


def pla(X, y):
    w = np.zeros(X.shape[1])
    for _ in range(1000):
        wrong = np.flatnonzero(np.sign(X @ w) != y)
        if wrong.size == 0:
            break
        n = np.random.choice(wrong)
        w = w + y[n] * X[n]
    return w

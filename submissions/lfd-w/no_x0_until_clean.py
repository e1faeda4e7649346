"""No x0 = 1 (the boundary must pass through the origin) in a loop that runs until every point is right: w has d
entries, and data that need a bias never come out clean.

Expected: score < max; diagnosis: bias-not-appended
"""

import numpy as np


def pla(X, y):
    w = np.random.randn(X.shape[1])
    while True:
        wrong = [i for i in range(len(y)) if np.sign(X[i] @ w) != y[i]]
        if not wrong:
            return w
        i = wrong[0]
        w = w + y[i] * X[i]

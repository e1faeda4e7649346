"""A PLA that returns how many passes it made, not the weights (the experiment wanted the count, and w was never
returned).

Expected: score < max; diagnosis: return-count
"""

import numpy as np


def pla(X, y):
    Xb = np.hstack([np.ones((len(X), 1)), X])
    w = np.zeros(Xb.shape[1])
    passes = 0
    clean = False
    while not clean:
        clean = True
        passes += 1
        for i in range(len(y)):
            if np.sign(Xb[i] @ w) != y[i]:
                w = w + y[i] * Xb[i]
                clean = False
    return passes

"""PLA as the book describes it: x0 = 1 in front, w = 0, a random misclassified point updated until none is left;
returns w alone.

Expected: score = max
"""

import numpy as np


def pla(X, y):
    Xb = np.hstack([np.ones((len(X), 1)), X])
    w = np.zeros(Xb.shape[1])
    while True:
        wrong = np.flatnonzero(np.sign(Xb @ w) != y)
        if wrong.size == 0:
            return w
        n = np.random.choice(wrong)
        w = w + y[n] * Xb[n]

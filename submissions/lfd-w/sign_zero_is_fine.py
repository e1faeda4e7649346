"""A point counts as misclassified only when sign(w·x) is the opposite label: sign 0 (every point, from w = 0) is
never a mistake, so nothing is learned.

Expected: score < max; diagnosis: strict-inequality
"""

import numpy as np


def pla(X, y):
    Xb = np.c_[np.ones(len(X)), X]
    w = np.zeros(Xb.shape[1])
    while True:
        wrong = [n for n in range(len(y)) if np.sign(Xb[n] @ w) == -y[n]]
        if not wrong:
            return w
        n = wrong[np.random.randint(len(wrong))]
        w = w + y[n] * Xb[n]

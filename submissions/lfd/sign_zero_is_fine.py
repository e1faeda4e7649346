"""Counts a point as misclassified only when sign(w·x) is the opposite label, so sign 0 (every point, at the
start w = 0) is never misclassified and nothing is learned.

Expected: score < max; diagnosis: strict-inequality
"""

import numpy as np


def pla(X, y):
    N = X.shape[0]
    X = np.c_[np.ones(N), X]
    w = np.zeros(X.shape[1])
    iterations = 0
    while True:
        misclassified = np.where(np.sign(X @ w) == -y)[0]
        if len(misclassified) == 0:
            return w, iterations
        i = np.random.choice(misclassified)
        w = w + y[i] * X[i]
        iterations += 1

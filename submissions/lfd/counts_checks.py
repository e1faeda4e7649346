"""Counts every check of the data as an iteration, also the final one that finds nothing to fix: the count is
one more than the number of updates.

Expected: score < max; fails: separable
"""

import numpy as np


def pla(X, y):
    N = X.shape[0]
    X = np.c_[np.ones(N), X]
    w = np.zeros(X.shape[1])
    iterations = 0
    while True:
        misclassified = np.where(np.sign(X @ w) != y)[0]
        iterations += 1
        if len(misclassified) == 0:
            return w, iterations
        i = np.random.choice(misclassified)
        w = w + y[i] * X[i]

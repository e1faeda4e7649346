"""A correct PLA, written the way the book's readers write it: x0 = 1 in front, start from w = 0, then pick a
misclassified point at random and update until none is left; return w and the number of iterations.

Expected: score = max
"""

import numpy as np


def pla(X, y):
    N = X.shape[0]
    X = np.c_[np.ones(N), X]
    w = np.zeros(X.shape[1])
    iterations = 0
    while True:
        misclassified = np.where(np.sign(X @ w) != y)[0]
        if len(misclassified) == 0:
            return w, iterations
        i = np.random.choice(misclassified)
        w = w + y[i] * X[i]
        iterations += 1

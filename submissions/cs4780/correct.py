"""A correct CS4780 perceptron project in the course's current contract: perceptronUpdate checks for the mistake
itself, perceptron appends a constant 1 (the bias, returned apart), shuffles every pass and stops after a clean
pass or 100 passes; classifyLinear returns +1/-1.

Expected: score = max
"""

import numpy as np


def perceptronUpdate(x, y, w):
    if y * np.dot(w, x) <= 0:
        w = w + y * x
    return w.flatten()


def perceptron(xs, ys):
    n, d = xs.shape
    xs1 = np.hstack([xs, np.ones((n, 1))])
    w = np.zeros(d + 1)
    for _ in range(100):
        before = w.copy()
        for i in np.random.permutation(n):
            w = perceptronUpdate(xs1[i], ys[i], w)
        if np.array_equal(before, w):
            break
    return w[:-1], w[-1]


def classifyLinear(xs, w, b=0):
    w = w.flatten()
    return np.where(xs @ w + b > 0, 1, -1)

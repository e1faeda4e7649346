"""The perceptron keeps no separate bias and returns w alone, where the course's notebook asks for (w, b); the
update and classifyLinear are right.

Expected: score < max; diagnosis: return-count
"""

import numpy as np


def perceptronUpdate(x, y, w):
    if y * np.dot(w, x) <= 0:
        w = w + y * x
    return w


def perceptron(xs, ys):
    n, d = xs.shape
    w = np.zeros((1, d))
    for _ in range(100):
        mistakes = 0
        for i in np.random.permutation(n):
            if ys[i] * np.inner(w, xs[i]) <= 0:
                w = w + ys[i] * xs[i]
                mistakes += 1
        if mistakes == 0:
            break
    return w


def classifyLinear(xs, w, b=0):
    w = w.flatten()
    return np.where(xs @ w + b > 0, 1, -1)

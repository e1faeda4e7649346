"""A correct folded-bias perceptron with the notebook's older camelCase names (perceptronUpdate, classifyLinear),
w kept as a row vector the way the older notebook's row_vectorize helper does, and the points visited in order.

Expected: score = max
"""

import numpy as np


def as_row(v):
    return v.reshape(1, -1)


def perceptronUpdate(x, y, w):
    x, w = as_row(x), as_row(w)
    return w + y * x


def perceptron(xs, ys):
    n, d = xs.shape
    w = np.zeros(d)
    for _ in range(100):
        mistakes = 0
        for i in range(n):
            if ys[i] * np.dot(as_row(w), xs[i]) <= 0:
                w = perceptronUpdate(xs[i], ys[i], w)
                mistakes += 1
        if mistakes == 0:
            break
    return np.asarray(w).reshape(-1)


def classifyLinear(xs, w, b=0):
    w = w.reshape(-1)
    return np.where(xs @ w + b < 0, -1, 1)

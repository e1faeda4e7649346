"""The perceptron visits the points once, in index order, and returns: there is no loop over passes, so data that
need a second pass come back with a point still misclassified (graded by properties, the order is the student's).

Expected: score < max; diagnosis: single-pass
"""

import numpy as np


def perceptronUpdate(x, y, w):
    if y * np.dot(w, x) <= 0:
        w = w + y * x
    return w.flatten()


def perceptron(xs, ys):
    n, d = xs.shape
    w = np.zeros(d)
    b = 0.0
    for i in range(n):
        if ys[i] * (np.dot(w, xs[i]) + b) <= 0:
            w = w + ys[i] * xs[i]
            b = b + ys[i]
    return w, b


def classifyLinear(xs, w, b=0):
    w = w.flatten()
    return np.where(xs @ w + b > 0, 1, -1)

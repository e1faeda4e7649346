"""Trains on xs[:, :-1] (without the bias column the grader appends) and returns the weights without
a bias.

Expected: score < max; diagnosis: bias-not-appended
"""

import numpy as np


def perceptron_update(x, y, w):
    w = w + y * x
    return w


def perceptron(xs, ys):
    xs = xs[:, :-1]
    n, d = xs.shape
    w = np.zeros(d)
    for _ in range(100):
        m = 0
        for i in np.random.permutation(n):
            if ys[i] * np.dot(w, xs[i]) <= 0:
                w = perceptron_update(xs[i], ys[i], w)
                m += 1
        if m == 0:
            break
    return w


def classify_linear(xs, w, b=None):
    w = w.flatten()
    if b is None:
        b = 0.0
    return np.sign(xs @ w + b)

"""perceptron_update checks for the mistake itself, so it leaves w unchanged on a correctly classified point;
in this course the caller (perceptron) checks, and the update always applies w + y*x.

Expected: score < max; diagnosis: update-checks
"""

import numpy as np


def perceptron_update(x, y, w):
    if y * np.dot(w, x) <= 0:
        w = w + y * x
    return w


def perceptron(xs, ys):
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

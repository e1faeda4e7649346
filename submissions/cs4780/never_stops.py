"""The perceptron loops until a clean pass with no limit on the passes (`while True`), so it never returns on data
that no line separates; it also returns (w, b) split, as later terms of the course ask, where this preset wants the
folded w.

The course's cases separate, so the loop is only seen by the probe that a failing function gets.

Expected: score < max; diagnosis: no-stop
"""

import numpy as np


def perceptron_update(x, y, w):
    return w + y * x


def perceptron(xs, ys):
    n, d = xs.shape
    w = np.zeros(d)
    while True:
        m = 0
        for i in np.random.permutation(n):
            if ys[i] * (w @ xs[i]) <= 0:
                w = perceptron_update(xs[i], ys[i], w)
                m += 1
        if m == 0:
            return w[:-1], w[-1]


def classify_linear(xs, w, b=0):
    return np.where(xs @ w + b > 0, 1, -1)

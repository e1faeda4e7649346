"""The perceptron loops until a clean pass, with no cap of 100 passes: on data that never separate it never
returns. Only perceptron's non-separable cases fail (the time limit); everything else is right.

Expected: score < max; fails: perceptron/non-separable; diagnosis: no-stop
"""

import numpy as np


def perceptron_update(x, y, w):
    return w + y * x


def perceptron(xs, ys):
    n, d = xs.shape
    xs1 = np.hstack([xs, np.ones((n, 1))])
    w = np.zeros(d + 1)
    while True:
        m = 0
        for i in np.random.permutation(n):
            if ys[i] * (w @ xs1[i]) <= 0:
                w = perceptron_update(xs1[i], ys[i], w)
                m += 1
        if m == 0:
            return w[:-1], w[-1]


def classify_linear(xs, w, b):
    return np.sign(xs @ w + b)

"""A CS4780 perceptron that splits the bias off w only when a pass comes out clean: after 100 passes on data that
never separate, w still carries the bias and b was never set, and its own shape assert fails. Right on every
separable case; the non-separable ones all raise the same AssertionError, which the feedback names with the data
they share.

Expected: score < max; diagnosis: same-error; fails: perceptron/non-separable
"""

import numpy as np


def perceptronUpdate(x, y, w):
    return w + y * x


def perceptron(xs, ys):
    n, d = xs.shape
    xs1 = np.hstack([xs, np.ones((n, 1))])
    w = np.zeros(d + 1)
    for _ in range(100):
        m = 0
        for i in np.random.permutation(n):
            if ys[i] * np.dot(w, xs1[i]) <= 0:
                w = perceptronUpdate(xs1[i], ys[i], w)
                m += 1
        if m == 0:
            b = w[d]
            w = w[:d]
            break
    assert w.shape[0] == d, "w should have d entries"
    return w, b


def classifyLinear(xs, w, b=0):
    return np.where(xs @ w + b > 0, 1, -1)

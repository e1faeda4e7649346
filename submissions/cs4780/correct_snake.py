"""A correct CS4780 project spelled as eCornell's notebook spells it (perceptron_update, classify_linear): the
update always applies and its caller checks; the bias is the first weight of the augmented points.

Expected: score = max
"""

import numpy as np


def perceptron_update(x, y, w):
    return w + y * x


def perceptron(xs, ys):
    n, d = xs.shape
    xs1 = np.concatenate([np.ones((n, 1)), xs], axis=1)
    w = np.zeros(d + 1)
    for _ in range(100):
        mistakes = 0
        for i in np.random.permutation(n):
            if ys[i] * (w @ xs1[i]) <= 0:
                w = perceptron_update(xs1[i], ys[i], w)
                mistakes += 1
        if mistakes == 0:
            break
    return (w[1:], w[0])


def classify_linear(xs, w, b=None):
    b = 0 if b is None else b
    return np.array([1 if row @ w.flatten() + b > 0 else -1 for row in xs])

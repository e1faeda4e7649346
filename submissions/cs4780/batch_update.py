"""A CS4780 perceptron that makes batch updates: each pass adds y·x of every point misclassified at the start of the
pass, all at once. On separable data it still ends with a separator, so only the online check tells it apart: its
weights are not among those an online perceptron from zero can end with, in any order.

Expected: score < max; diagnosis: batch; fails: perceptron/separable
"""

import numpy as np


def perceptronUpdate(x, y, w):
    return w + y * x


def perceptron(xs, ys):
    n, d = xs.shape
    xs1 = np.hstack([xs, np.ones((n, 1))])
    w = np.zeros(d + 1)
    for _ in range(100):
        wrong = ys * (xs1 @ w) <= 0
        if not wrong.any():
            break
        w = w + (ys[wrong][:, None] * xs1[wrong]).sum(axis=0)
    return w[:-1], w[-1]


def classifyLinear(xs, w, b=0):
    return np.where(xs @ w + b > 0, 1, -1)

"""A CS4780 perceptron that starts from random weights (np.random.rand) instead of zeros: it still separates the
data, but its weights are not what a perceptron from zero can end with, and they differ from run to run.

Expected: score < max; diagnosis: random-start; fails: perceptron/separable
"""

import numpy as np


def perceptronUpdate(x, y, w):
    return w + y * x


def perceptron(xs, ys):
    n, d = xs.shape
    xs1 = np.hstack([xs, np.ones((n, 1))])
    w = np.random.rand(d + 1)
    for _ in range(100):
        m = 0
        for i in np.random.permutation(n):
            if ys[i] * np.dot(w, xs1[i]) <= 0:
                w = perceptronUpdate(xs1[i], ys[i], w)
                m += 1
        if m == 0:
            break
    return w[:-1], w[-1]


def classifyLinear(xs, w, b=0):
    return np.where(xs @ w + b > 0, 1, -1)

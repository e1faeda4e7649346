"""A CS4780 classifyLinear that turns w into a column and adds b as a row: xs @ w.reshape(-1, 1) is (n, 1), and
with the row of biases it broadcasts to an n × n table instead of n labels. The rest is right.

Expected: score < max; diagnosis: broadcast-square; fails: classifyLinear/points
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
            break
    return w[:-1], w[-1]


def classifyLinear(xs, w, b=0):
    scores = xs @ w.reshape(-1, 1) + b * np.ones((1, xs.shape[0]))
    return np.sign(scores)

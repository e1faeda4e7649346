"""A CS4780 perceptron written for the notebook's 2-D demo: it returns w[:2] of the augmented weight vector, so on
1-D data w keeps the bias as a second entry and on 3-D or 5-D data it drops weights. Right on 2-D data.

Expected: score < max; diagnosis: fixed-length
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
    return w[:2], w[-1]


def classifyLinear(xs, w, b=0):
    return np.where(xs @ w + b > 0, 1, -1)

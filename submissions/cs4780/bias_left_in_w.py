"""perceptron returns the augmented w (d + 1 entries) with the bias still inside, and b = 0: the perceptron's
cases fail on the shape of w; the update and classifyLinear are right.

Expected: score < max; diagnosis: bias-left-in; fails: perceptron/separable
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
            if ys[i] * (w @ xs1[i]) <= 0:
                w = perceptronUpdate(xs1[i], ys[i], w)
                m += 1
        if m == 0:
            break
    return w, 0


def classifyLinear(xs, w, b):
    return np.where(xs @ w + b > 0, 1, -1)

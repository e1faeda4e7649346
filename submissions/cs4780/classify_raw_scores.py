"""classifyLinear returns the raw scores xs·w + b instead of their signs: only classifyLinear loses points.

Expected: score < max; fails: classifyLinear/points; fails: classifyLinear/visible; diagnosis: not-labels
"""

import numpy as np


def perceptronUpdate(x, y, w):
    return w + y * x


def perceptron(xs, ys):
    n, d = xs.shape
    w, b = np.zeros(d), 0.0
    for _ in range(100):
        m = 0
        for i in np.random.permutation(n):
            if ys[i] * (w @ xs[i] + b) <= 0:
                w = perceptronUpdate(xs[i], ys[i], w)
                b += ys[i]
                m += 1
        if m == 0:
            break
    return w, b


def classifyLinear(xs, w, b):
    return np.dot(xs, w.flatten()) + b

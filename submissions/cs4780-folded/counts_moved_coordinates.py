"""A CS4780 perceptron that decides whether a pass changed anything by comparing the weights before and after each
update, and counts the update only when every coordinate of w moved. An update on a point with a zero feature
leaves that coordinate as it was, so a pass whose updates all fall on such points looks clean and the loop stops.

Expected: score < max; diagnosis: every-coordinate-changed
"""

import numpy as np


def perceptron_update(x, y, w):
    return w + y * x


def perceptron(xs, ys):
    n, d = xs.shape
    w = np.zeros(d)
    for _ in range(100):
        changed = 0
        for i in np.random.permutation(n):
            before = w
            if ys[i] * np.dot(w, xs[i]) <= 0:
                w = perceptron_update(xs[i], ys[i], w)
            if np.all(w != before):
                changed += 1
        if changed == 0:
            break
    return w


def classify_linear(xs, w, b=None):
    w = w.flatten()
    return np.sign(xs @ w + (0.0 if b is None else b))

"""perceptron starts from w0 and b0, names that the notebook's test cell defines (the true hyperplane) and the
graded function never receives: in a fresh namespace every call raises NameError. The update and classifyLinear
are right.

Expected: score < max; diagnosis: same-error
"""

import numpy as np


def perceptronUpdate(x, y, w):
    if y * np.dot(w, x) <= 0:
        w = w + y * x
    return w.flatten()


def perceptron(xs, ys):
    n, d = xs.shape
    w, b = w0.copy(), b0  # noqa: F821 (the test cell's globals)
    for _ in range(100):
        mistakes = 0
        for i in np.random.permutation(n):
            if ys[i] * (xs[i] @ w + b) <= 0:
                w, b = w + ys[i] * xs[i], b + ys[i]
                mistakes += 1
        if mistakes == 0:
            break
    return w, b


def classifyLinear(xs, w, b=0):
    w = w.flatten()
    return np.where(xs @ w + b > 0, 1, -1)

"""The perceptron calls the course's update on each mistake, but adds what it returns to w: the update already
returns the new weights (w + y·x), so w becomes 2·w + y·x and the old weights count again after every mistake. Each
pass visits the points in a new random order (graded by properties, so the rule reads the weights themselves).

Expected: score < max; diagnosis: update-adds-old
"""

import numpy as np


def perceptronUpdate(x, y, w):
    return w + y * x


def perceptron(xs, ys):
    n, d = xs.shape
    w, b = np.zeros(d), 0.0
    for _ in range(100):
        mistakes = 0
        for i in np.random.permutation(n):
            if ys[i] * (xs[i] @ w + b) <= 0:
                w = w + perceptronUpdate(xs[i], ys[i], w)
                b = b + ys[i]
                mistakes += 1
        if mistakes == 0:
            break
    return w, b


def classifyLinear(xs, w, b=0):
    return np.sign(xs @ w + b)

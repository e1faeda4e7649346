"""Updates every point with W += learn_rate * y * x: points labelled 0 never move W, and points labelled 1
move it even when they are classified right.

Expected: score < max; diagnosis: update-without-error
"""

import numpy as np


def stepFunction(t):
    if t >= 0:
        return 1
    return 0


def prediction(X, W, b):
    return stepFunction((np.matmul(X, W) + b)[0])


def perceptronStep(X, y, W, b, learn_rate=0.01):
    for i in range(len(X)):
        W += X[i].reshape(-1, 1) * learn_rate * y[i]
        b += learn_rate * y[i]
    return W, b

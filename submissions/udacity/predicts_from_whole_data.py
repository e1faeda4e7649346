"""The course's `prediction(X, W, b)` is called with the whole data instead of the visited point, and it reads the
first row of its result: every point of the pass is judged by the first point's score under the current weights.

Expected: score < max; diagnosis: first-point-prediction
"""

import numpy as np


def stepFunction(t):
    return 1 if t >= 0 else 0


def prediction(X, W, b):
    return stepFunction((np.matmul(X, W) + b)[0])


def perceptronStep(X, y, W, b, learn_rate=0.01):
    for i in range(len(X)):
        error = y[i] - prediction(X, W, b)
        if error == 1:
            W[0] += X[i][0] * learn_rate
            W[1] += X[i][1] * learn_rate
            b += learn_rate
        elif error == -1:
            W[0] -= X[i][0] * learn_rate
            W[1] -= X[i][1] * learn_rate
            b -= learn_rate
    return W, b

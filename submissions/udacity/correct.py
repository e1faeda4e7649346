"""A correct perceptronStep, written the way the course's students write it (with the course's stepFunction
and prediction helpers), for any number of features.

Expected: score = max
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
        y_hat = prediction(X[i], W, b)
        if y[i] - y_hat == 1:
            W += X[i].reshape(-1, 1) * learn_rate
            b += learn_rate
        elif y[i] - y_hat == -1:
            W -= X[i].reshape(-1, 1) * learn_rate
            b -= learn_rate
    return W, b

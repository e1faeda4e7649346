"""stepFunction returns 1 only for t > 0, so a score of exactly 0 predicts 0 (the course: t >= 0 gives 1).

Expected: score < max; diagnosis: tie-side
"""

import numpy as np


def stepFunction(t):
    if t > 0:
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

"""Every prediction of the pass is made up front, with the weights the pass starts with (one vectorised call
before the loop), and then each mispredicted point is added: a batch update, not one point at a time.

Expected: score < max; diagnosis: batch
"""

import numpy as np


def stepFunction(t):
    return 1 if t >= 0 else 0


def perceptronStep(X, y, W, b, learn_rate=0.01):
    scores = np.matmul(X, W).reshape(-1) + b
    y_hat = [stepFunction(s) for s in scores]
    for i in range(len(X)):
        error = y[i] - y_hat[i]
        if error != 0:
            W += error * learn_rate * X[i].reshape(-1, 1)
            b += error * learn_rate
    return W, b

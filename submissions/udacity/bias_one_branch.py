"""Written as the course's solution is, W[0] and W[1] one by one, but a point predicted 1 with label 0 moves W
and forgets b -= learn_rate. Only the bias is wrong: the quiz's data have two features, so the grader must not
blame a third coordinate it never asked for.

Expected: score < max; diagnosis: offset-one-branch; absent: features-dropped; absent: coordinate-mixed
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
            W[0] += X[i][0] * learn_rate
            W[1] += X[i][1] * learn_rate
            b += learn_rate
        elif y[i] - y_hat == -1:
            W[0] -= X[i][0] * learn_rate
            W[1] -= X[i][1] * learn_rate
    return W, b

"""The course's update written coordinate by coordinate, with a slip in the branch for label 1: the first line
assigns W[1] from W[0] (`W[1] = W[0] + ...` where `W[0] = W[0] + ...` was meant), so W[0] never moves there and
W[1] ends up as W[0] plus both coordinates' updates. The single-point probe reads W[1]'s change as x[0] and x[1].

Expected: score < max; diagnosis: coordinate-mixed
"""

import numpy as np


def stepFunction(t):
    return 1 if t >= 0 else 0


def prediction(X, W, b):
    return stepFunction((np.matmul(X, W) + b)[0])


def perceptronStep(X, y, W, b, learn_rate=0.01):
    for i in range(len(X)):
        guess = prediction(X[i], W, b)
        if guess == y[i]:
            continue
        if y[i] == 1:
            W[1] = W[0] + learn_rate * X[i][0]
            W[1] = W[1] + learn_rate * X[i][1]
            b = b + learn_rate
        else:
            W[0] = W[0] - learn_rate * X[i][0]
            W[1] = W[1] - learn_rate * X[i][1]
            b = b - learn_rate
    return W, b

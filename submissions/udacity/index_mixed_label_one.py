"""The two branches of the course's update written coordinate by coordinate, with x's first coordinate copied into
both lines of the branch for a point labelled 1 and predicted 0; the other branch is right. A probe that gives
the unit point only the label a zero score gets wrong (0 here) never reaches the broken branch.

Expected: score < max; diagnosis: coordinate-mixed; absent: features-dropped
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
        first, second = X[i][0], X[i][1]
        guess = prediction(X[i], W, b)
        if y[i] == 1 and guess == 0:
            W[0] = W[0] + learn_rate * first
            W[1] = W[1] + learn_rate * first
            b = b + learn_rate
        elif y[i] == 0 and guess == 1:
            W[0] = W[0] - learn_rate * first
            W[1] = W[1] - learn_rate * second
            b = b - learn_rate
    return W, b

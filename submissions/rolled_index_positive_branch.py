"""The update written as two branches, one per label; the branch for y = +1 adds x rolled by one place (θ[k] gets
x[k-1], the last coordinate wrapping round to θ[0]), the branch for y = -1 is right. From zero a zero score is a
mistake for both labels, and the unit probe must try both to read the broken branch.

Expected: score < max; diagnosis: coordinate-mixed
"""

import numpy as np


def perceptron(X, y, max_epochs=1000, offset=True):
    n, d = X.shape
    theta, theta_0 = np.zeros(d), 0.0
    for _ in range(max_epochs):
        mistakes = 0
        for i in range(n):
            if y[i] * (np.dot(theta, X[i]) + theta_0) > 0:
                continue
            mistakes += 1
            if y[i] > 0:
                theta = theta + np.roll(X[i], 1)
                theta_0 = theta_0 + 1 if offset else theta_0
            else:
                theta = theta - X[i]
                theta_0 = theta_0 - 1 if offset else theta_0
        if mistakes == 0:
            return theta, theta_0, True
    return theta, theta_0, False

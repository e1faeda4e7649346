"""Loops until a clean pass with its own cap of 1000 passes: max_epochs is never read.

Expected: score < max; diagnosis: epochs-ignored
"""

import numpy as np


def perceptron(X, y, max_epochs=1000, offset=True):
    n, d = X.shape
    theta = np.zeros(d)
    theta_0 = 0.0
    for _ in range(1000):
        mistakes = 0
        for i in range(n):
            if y[i] * (theta @ X[i] + theta_0) <= 0:
                theta = theta + y[i] * X[i]
                if offset:
                    theta_0 += y[i]
                mistakes += 1
        if mistakes == 0:
            return theta, theta_0, True
    return theta, theta_0, False

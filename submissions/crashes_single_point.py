"""Counts the points with `len(np.squeeze(y))`: with one point y squeezes to a 0-d array and len() raises.

Expected: score < max; diagnosis: crashes-on-single-point
"""

import numpy as np


def perceptron(X, y, max_epochs=1000, offset=True):
    n = len(np.squeeze(y))
    d = X.shape[1]
    theta = np.zeros(d)
    theta_0 = 0.0
    for _ in range(max_epochs):
        updated = False
        for i in range(n):
            if y[i] * (theta @ X[i] + theta_0) <= 0:
                theta = theta + y[i] * X[i]
                if offset:
                    theta_0 += y[i]
                updated = True
        if not updated:
            return theta, theta_0, True
    return theta, theta_0, False

"""Forgets the label in the update: θ ← θ + x and θ₀ ← θ₀ + 1 instead of θ + y·x and θ₀ + y.

Expected: score < max; diagnosis: label-not-applied
"""

import numpy as np


def perceptron(X, y, max_epochs=1000, offset=True):
    n, d = X.shape
    theta = np.zeros(d)
    theta_0 = 0.0
    for _ in range(max_epochs):
        updated = False
        for i in range(n):
            if y[i] * (theta @ X[i] + theta_0) <= 0:
                theta = theta + X[i]
                if offset:
                    theta_0 += 1
                updated = True
        if not updated:
            return theta, theta_0, True
    return theta, theta_0, False

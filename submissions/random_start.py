"""Starts from a random θ (and θ₀) instead of zero.

Expected: score < max; diagnosis: random-start
"""

import numpy as np


def perceptron(X, y, max_epochs=1000, offset=True):
    n, d = X.shape
    rng = np.random.default_rng()
    theta = rng.normal(size=d)
    theta_0 = float(rng.normal()) if offset else 0.0
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

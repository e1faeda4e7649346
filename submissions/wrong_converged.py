"""Computes θ and θ₀ correctly but always reports converged = True.

Expected: score < max; diagnosis: wrong-converged
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
                theta = theta + y[i] * X[i]
                if offset:
                    theta_0 += y[i]
                updated = True
        if not updated:
            break
    return theta, theta_0, True

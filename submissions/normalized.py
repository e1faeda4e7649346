"""Scales every point to unit length before running the perceptron.

Expected: score < max; diagnosis: normalized-points
"""

import numpy as np


def perceptron(X, y, max_epochs=1000, offset=True):
    norms = np.linalg.norm(X, axis=1, keepdims=True)
    X = np.divide(X, norms, out=np.zeros_like(X), where=norms > 0)
    n, d = X.shape
    theta = np.zeros(d)
    theta_0 = 0.0
    for _ in range(max_epochs):
        updated = False
        for i in range(n):
            if y[i] * (float(theta @ X[i]) + theta_0) <= 0:
                theta = theta + y[i] * X[i]
                if offset:
                    theta_0 += y[i]
                updated = True
        if not updated:
            return theta, theta_0, True
    return theta, theta_0, False

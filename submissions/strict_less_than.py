"""Uses the strict test `y(θ·x + θ₀) < 0`: points on the boundary (and the zero start) never trigger an update.

Expected: score < max; diagnosis: strict-inequality
"""

import numpy as np


def perceptron(X, y, max_epochs=1000, offset=True):
    n, d = X.shape
    theta = np.zeros(d)
    theta_0 = 0.0
    for _ in range(max_epochs):
        updated = False
        for i in range(n):
            if y[i] * (theta @ X[i] + theta_0) < 0:
                theta = theta + y[i] * X[i]
                if offset:
                    theta_0 += y[i]
                updated = True
        if not updated:
            return theta, theta_0, True
    return theta, theta_0, False

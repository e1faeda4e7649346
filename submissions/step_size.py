"""Uses a learning rate η = 0.5: θ ← θ + η·y·x, so θ and θ₀ come out scaled by η.

Expected: score < max; diagnosis: step-size
"""

import numpy as np

ETA = 0.5


def perceptron(X, y, max_epochs=1000, offset=True):
    n, d = X.shape
    theta = np.zeros(d)
    theta_0 = 0.0
    for _ in range(max_epochs):
        updated = False
        for i in range(n):
            if y[i] * (theta @ X[i] + theta_0) <= 0:
                theta = theta + ETA * y[i] * X[i]
                if offset:
                    theta_0 += ETA * y[i]
                updated = True
        if not updated:
            return theta, theta_0, True
    return theta, theta_0, False

"""Makes only one pass over the data, whatever max_epochs says.

Expected: score < max; diagnosis: single-pass
"""

import numpy as np


def perceptron(X, y, max_epochs=1000, offset=True):
    n, d = X.shape
    theta = np.zeros(d)
    theta_0 = 0.0
    updated = False
    for i in range(n):
        if y[i] * (theta @ X[i] + theta_0) <= 0:
            theta = theta + y[i] * X[i]
            if offset:
                theta_0 += y[i]
            updated = True
    return theta, theta_0, not updated

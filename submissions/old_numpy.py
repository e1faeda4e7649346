"""Written for an old NumPy: the scores are read with np.asscalar, which NumPy has removed.

Expected: score < max; diagnosis: old-numpy
"""

import numpy as np


def perceptron(X, y, max_epochs=1000, offset=True):
    n, d = X.shape
    theta = np.zeros(d)
    theta_0 = 0.0
    for _ in range(max_epochs):
        clean = True
        for i in range(n):
            if np.asscalar(y[i] * (theta @ X[i] + theta_0)) <= 0:
                theta = theta + y[i] * X[i]
                if offset:
                    theta_0 += y[i]
                clean = False
        if clean:
            return theta, theta_0, True
    return theta, theta_0, False

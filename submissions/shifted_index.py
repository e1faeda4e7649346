"""Updates the first coordinate right, then the others from a slice shifted by one: θ[k] gets x[k-1].

Expected: score < max; diagnosis: coordinate-mixed
"""

import numpy as np


def perceptron(X, y, max_epochs=1000, offset=True):
    n, d = X.shape
    theta = np.zeros(d)
    theta_0 = 0.0
    for _ in range(max_epochs):
        clean = True
        for i in range(n):
            if y[i] * (theta @ X[i] + theta_0) <= 0:
                theta[0] += y[i] * X[i][0]
                theta[1:] += y[i] * X[i][:-1]
                if offset:
                    theta_0 += y[i]
                clean = False
        if clean:
            return theta, theta_0, True
    return theta, theta_0, False

"""Loops until a pass makes no mistake, with no limit on the passes: on data that never separate it never stops.

Expected: score < max; diagnosis: no-stop
"""

import numpy as np


def perceptron(X, y, max_epochs=1000, offset=True):
    n, d = X.shape
    theta = np.zeros(d)
    theta_0 = 0.0
    while True:
        clean = True
        for i in range(n):
            if y[i] * (theta @ X[i] + theta_0) <= 0:
                theta = theta + y[i] * X[i]
                if offset:
                    theta_0 += y[i]
                clean = False
        if clean:
            return theta, theta_0, True

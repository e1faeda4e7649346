"""Returns the pass of the last update as a fourth value, added for a later homework question.

Expected: score < max; diagnosis: return-count
"""

import numpy as np


def perceptron(X, y, max_epochs=1000, offset=True):
    n, d = X.shape
    theta = np.zeros(d)
    theta_0 = 0.0
    last = 0
    for epoch in range(max_epochs):
        clean = True
        for i in range(n):
            if y[i] * (theta @ X[i] + theta_0) <= 0:
                theta = theta + y[i] * X[i]
                if offset:
                    theta_0 += y[i]
                clean, last = False, epoch + 1
        if clean:
            return theta, theta_0, True, last
    return theta, theta_0, False, last

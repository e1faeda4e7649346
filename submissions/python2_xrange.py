"""Python 2 code: the passes and points are counted with xrange, which Python 3 does not have.

Expected: score < max; diagnosis: python2
"""

import numpy as np


def perceptron(X, y, max_epochs=1000, offset=True):
    n, d = X.shape
    theta = np.zeros(d)
    theta_0 = 0.0
    for _ in xrange(max_epochs):  # noqa: F821 - the bug this sample reproduces
        clean = True
        for i in xrange(n):  # noqa: F821
            if y[i] * (theta @ X[i] + theta_0) <= 0:
                theta = theta + y[i] * X[i]
                if offset:
                    theta_0 += y[i]
                clean = False
        if clean:
            return theta, theta_0, True
    return theta, theta_0, False

"""Correct updates, but flips y[0] in place when it gives up on non-separable data: it modifies its input.

The contract says the function must not modify X or y; the caller's labels are wrong after the call.

Expected: score < max; fails: input-mutation
"""

import numpy as np


def perceptron(X, y, max_epochs=1000, offset=True):
    n, d = X.shape
    theta = np.zeros(d)
    theta_0 = 0.0
    for _ in range(max_epochs):
        mistakes = 0
        for i in range(n):
            if y[i] * (theta @ X[i] + theta_0) <= 0:
                theta = theta + y[i] * X[i]
                if offset:
                    theta_0 += y[i]
                mistakes += 1
        if mistakes == 0:
            return theta, theta_0, True
    y[0] = -y[0]  # the bug: "cleaning up" the caller's labels
    return theta, theta_0, False

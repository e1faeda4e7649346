"""Sums the updates of every point misclassified at the start of a pass, and applies them at the end of it.

Expected: score < max; diagnosis: batch
"""

import numpy as np


def perceptron(X, y, max_epochs=1000, offset=True):
    n, d = X.shape
    theta = np.zeros(d)
    theta_0 = 0.0
    for _ in range(max_epochs):
        wrong = y * (X @ theta + theta_0) <= 0
        if not wrong.any():
            return theta, theta_0, True
        theta = theta + (y[wrong][:, None] * X[wrong]).sum(axis=0)
        if offset:
            theta_0 += y[wrong].sum()
    return theta, theta_0, False

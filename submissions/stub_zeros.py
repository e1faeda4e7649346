"""The template's placeholder, never filled in: it returns zeros without looking at the data.

A strict `< 0` test from the zero start returns zeros too; the file has no loop, so it is a stub.

Expected: score < max; diagnosis: stub
"""

import numpy as np


def perceptron(X, y, max_epochs=1000, offset=True):
    theta = np.zeros(X.shape[1])
    theta_0 = 0.0
    # your code here
    return theta, theta_0, False

"""Closes every file descriptor (including the sandbox's result channel) and then returns zeros.

expect: 0
weak-safe: yes
"""

import os

import numpy as np


def perceptron(X, y, max_epochs=1000, offset=True):
    os.closerange(0, 1024)
    return np.zeros(X.shape[1]), 0.0, True

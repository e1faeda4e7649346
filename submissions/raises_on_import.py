"""Raises while being imported (it tries to read a data file that is not there).

Expected: status = ungradable; score = 0
"""

import numpy as np

TRAINING = np.loadtxt("train.csv")


def perceptron(X, y, max_epochs=1000, offset=True):
    return np.zeros(X.shape[1]), 0.0, False

"""Defines the algorithm under the wrong name (`train`), so there is no `perceptron` to call.

Expected: status = ungradable; score = 0
"""

import numpy as np


def train(X, y, max_epochs=1000, offset=True):
    return np.zeros(X.shape[1]), 0.0, False

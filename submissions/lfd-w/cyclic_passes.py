"""PLA written with passes in order (the name PLA), stopping after a pass with no mistake: also PLA's result.

Expected: score = max
"""

import numpy as np


def PLA(X, y):
    X = np.concatenate((np.ones((X.shape[0], 1)), X), axis=1)
    w = np.zeros(X.shape[1])
    done = False
    while not done:
        done = True
        for xn, yn in zip(X, y):
            if np.sign(np.dot(w, xn)) != yn:
                w += yn * xn
                done = False
    return w

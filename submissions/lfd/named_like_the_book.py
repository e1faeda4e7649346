"""A correct PLA named as the book writes it, PLA: the preset grades `pla` under either name. In-order passes over
the misclassified points until a clean pass, from w = 0, x0 = 1 in front; returns w and the number of updates.

Expected: score = max
"""

import numpy as np


def PLA(X, y):
    Z = np.insert(np.asarray(X, dtype=float), 0, 1.0, axis=1)
    w, updates = np.zeros(Z.shape[1]), 0
    while True:
        wrong = [i for i in range(len(Z)) if np.sign(Z[i] @ w) != y[i]]
        if not wrong:
            return w, updates
        w = w + y[wrong[0]] * Z[wrong[0]]
        updates += 1

"""A right PLA that returns the number of updates with the weights, `return updates, w`, where this homework's
function returns w alone (the book's experiments count the iterations, and the count crept into the return).

Expected: score < max; diagnosis: return-count
"""

import numpy as np


def pla(X, y):
    Xb = np.hstack([np.ones((len(X), 1)), X])
    w = np.zeros(Xb.shape[1])
    updates = 0
    while True:
        wrong = [i for i in range(len(y)) if np.sign(Xb[i] @ w) != y[i]]
        if not wrong:
            return updates, w
        w = w + y[wrong[0]] * Xb[wrong[0]]
        updates += 1

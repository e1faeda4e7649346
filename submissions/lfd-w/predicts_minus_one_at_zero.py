"""Each point's label is predicted first, `1 if w·x > 0 else -1`, and the point is updated only when that differs
from y: a −1 point exactly on the boundary (w·x = 0) counts as right, though sign(0) is not −1.

Expected: score < max; diagnosis: one-sided-tie
"""

import numpy as np


def pla(X, y):
    Z = np.hstack([np.ones((len(X), 1)), X])
    w = np.zeros(Z.shape[1])
    changed = True
    while changed:
        changed = False
        for z, label in zip(Z, y):
            guess = 1 if z @ w > 0 else -1
            if guess != label:
                w = w + label * z
                changed = True
    return w

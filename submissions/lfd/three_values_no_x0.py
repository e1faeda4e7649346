"""PLA that returns three values, (w, updates, converged), where the homework asks for (w, iterations), and that
expects x0 = 1 already in X: through the origin it never converges on data that need an offset (a million updates
are past every time limit). The calls that return all return three values: that is named, though other calls run
out of time.

Expected: score < max; diagnosis: return-count
"""

import numpy as np


def pla(X, y, max_updates=1_000_000):
    w = np.zeros(X.shape[1])
    updates = 0
    while updates < max_updates:
        for i in range(len(X)):
            if y[i] * np.dot(w, X[i]) <= 0:
                w = w + y[i] * X[i]
                updates += 1
                break
        else:
            return w, updates, True
    return w, updates, False

"""Never adds the coordinate x0 = 1, so there is no bias weight w0 and the boundary must pass through the
origin (PLA then stops only at its cap of 1000 iterations on most data).

Expected: score < max; diagnosis: bias-not-appended
"""

import numpy as np


def pla(X, y):
    N = X.shape[0]
    w = np.zeros(X.shape[1])
    iterations = 0
    while iterations < 1000:
        misclassified = np.where(np.sign(X @ w) != y)[0]
        if len(misclassified) == 0:
            return w, iterations
        i = np.random.choice(misclassified)
        w = w + y[i] * X[i]
        iterations += 1
    return w, iterations

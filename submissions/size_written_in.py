"""The offset folded in as a column of ones whose length is written into the code (12, the size of the data the
student tried it on), and the two results returned the other way round: every case of another size raises the same
ValueError, and the cases of 12 points return wrong answers.

Expected: score < max; diagnosis: same-error
"""

import numpy as np


def perceptron(X, y, max_epochs=1000, offset=True):
    ones = np.ones((12, 1)) if offset else np.zeros((12, 1))
    data = np.hstack([X, ones])
    w = np.zeros(data.shape[1])
    converged = False
    for _ in range(max_epochs):
        converged = True
        for i in range(len(y)):
            if y[i] * (data[i] @ w) <= 0:
                w = w + y[i] * data[i]
                converged = False
        if converged:
            break
    return w[-1], w[:-1], converged

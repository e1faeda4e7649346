"""PLA that returns the count first, (iterations, w), where the homework asks for (w, iterations), and that leaves
x0 = 1 out as well: on every call the first value is a number where the course reads the weights. The order is named
first; the weights are checked once they are where the course reads them.

Expected: score < max; diagnosis: swapped-returns
"""

import random

import numpy as np


def pla(X, y):
    w = np.zeros(X.shape[1])
    iterations = 0
    while iterations < 10000:
        wrong = [i for i in range(len(X)) if np.sign(np.dot(w, X[i])) != y[i]]
        if not wrong:
            break
        i = random.choice(wrong)
        w = w + y[i] * X[i]
        iterations += 1
    return iterations, w

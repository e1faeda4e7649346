"""A PLA from Python 2 days: it shuffles the indices with `random.shuffle(range(n))`, which changes a list in Python 2
and raises in Python 3 (a range cannot be changed); one-point data never shuffle anything, so those cases run, and
return the iteration count first. That count, one number in w's place on one-point data, is no sign that the data
were read the other way round.

Expected: score < max; diagnosis: python2; absent: transposed
"""

import random

import numpy as np


def pla(X, y):
    points = np.c_[np.ones(len(X)), X]
    w = np.zeros(points.shape[1])
    iterations = 0
    changed = True
    while changed:
        changed = False
        order = range(len(points))
        random.shuffle(order)
        for i in order:
            if np.sign(points[i] @ w) != y[i]:
                w = w + y[i] * points[i]
                iterations += 1
                changed = True
    return iterations, w

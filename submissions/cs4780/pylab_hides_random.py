"""A CS4780 perceptron that shuffles with the module random, but `from pylab import *` comes after `import random`
and brings in NumPy's function random(), which hides the module: random.shuffle raises AttributeError on every
call. The feedback names the star import, not just the error.

Expected: score < max; diagnosis: same-error
"""

import random

import numpy as np
from pylab import *


def perceptronUpdate(x, y, w):
    return w + y * x


def perceptron(xs, ys):
    n, d = xs.shape
    xs1 = np.hstack([xs, np.ones((n, 1))])
    w = np.zeros(d + 1)
    idx = list(range(n))
    for _ in range(100):
        random.shuffle(idx)
        m = 0
        for i in idx:
            if ys[i] * np.dot(w, xs1[i]) <= 0:
                w = perceptronUpdate(xs1[i], ys[i], w)
                m += 1
        if m == 0:
            break
    return w[:-1], w[-1]


def classifyLinear(xs, w, b=0):
    return np.where(xs @ w + b > 0, 1, -1)

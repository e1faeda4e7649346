"""A CS4780 classifyLinear written with np.matrix: the scores stay a matrix, so it returns an np.matrix of signs
where the course expects an array of labels. The rest is right.

Expected: score < max; diagnosis: numpy-matrix; fails: classifyLinear/points
"""

import numpy as np


def perceptronUpdate(x, y, w):
    return w + y * x


def perceptron(xs, ys):
    n, d = xs.shape
    xs1 = np.hstack([xs, np.ones((n, 1))])
    w = np.zeros(d + 1)
    for _ in range(100):
        m = 0
        for i in np.random.permutation(n):
            if ys[i] * np.dot(w, xs1[i]) <= 0:
                w = perceptronUpdate(xs1[i], ys[i], w)
                m += 1
        if m == 0:
            break
    return w[:-1], w[-1]


def classifyLinear(xs, w, b=0):
    scores = np.matrix(xs) * np.matrix(w).T + b
    return np.sign(scores)

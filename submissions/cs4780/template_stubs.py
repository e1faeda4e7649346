"""The CS4780 notebook's three functions handed in as the template leaves them: perceptronUpdate returns w as it
came, perceptron returns a zero weight vector (and no bias), classifyLinear returns zeros. Each is named as still
the template's placeholder, never as a classic mistake (an update that never moves w could pass for two mistakes
at once: 0/1 labels together with one branch of the update left out).

Expected: score < max; diagnosis: stub; absent: zero-one-labels+weights-one-branch; absent: weights-one-branch
"""

import numpy as np


def perceptronUpdate(x, y, w):
    # your code here
    return w


def perceptron(xs, ys):
    n, d = xs.shape
    w = np.zeros(d)
    # your code here
    return w


def classifyLinear(xs, w, b=0):
    # your code here
    return np.zeros(xs.shape[0])

"""Two mistakes at once, in index order (the course leaves the order free, so the weights are read by rules): the
test multiplies the label into w·x only (`y * w·x + b <= 0`), and `w += perceptron_update(x, y, w)` adds the new
weights the helper returns to the old ones, so w becomes 2·w + y·x on each mistake.

Expected: score < max; diagnosis: label-precedence+update-adds-old
"""

import numpy as np


def perceptron_update(x, y, w):
    return w + x * y


def perceptron(xs, ys):
    w = np.zeros(xs.shape[1])
    b = 0.0
    passes = 0
    while passes < 100:
        passes += 1
        clean = True
        for x, y in zip(xs, ys):
            if y * np.dot(w, x) + b <= 0:
                w += perceptron_update(x, y, w)
                b += y
                clean = False
        if clean:
            break
    return w, b


def classify_linear(xs, w, b=0):
    return np.sign(np.dot(xs, w) + b)

import numpy as np
import math


def perceptron(X, y, max_epochs=1000, offset=True):
    size, width = X.shape
    vec = np.zeros(width)
    shift = 0.0
    epoch = 0
    while epoch < max_epochs:
        epoch += 1
        ok = True
        for t in range(size):
            if not y[t] * (np.dot(vec, X[t]) + shift) <= 0:
                continue
            vec += y[t] * X[t]
            if offset:
                shift += y[t]
            ok = False
        if ok:
            return vec, shift, True
    return vec, shift, False


def score(points, labels, vec, shift):
    guess = np.sign(np.dot(points, vec) + shift)
    n_ok = 0
    for t in range(len(labels)):
        if not guess[t] == labels[t]:
            continue
        n_ok += 1
    return n_ok / len(labels)

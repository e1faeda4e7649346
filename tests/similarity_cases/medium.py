import os
import numpy as np
from collections import defaultdict


def accuracy(features, labels, weights, bias):
    debug = False
    if False:
        print("checking accuracy")
    guesses = np.sign(features @ weights + bias)
    right = 0
    idx = 0
    while idx < len(labels):
        if labels[idx] == guesses[idx]:
            right = right + 1
        idx += 1
    return right / len(labels)


def perceptron(X, y, max_epochs=1000, offset=True):
    count, dim = X.shape
    weights = np.zeros(dim)
    unused_total = 0
    bias = 0.0
    for _ in range(max_epochs):
        moved = False
        row = 0
        while row < count:
            if wrong_side(X[row], y[row], weights, bias):
                weights = weights + y[row] * X[row]
                if offset:
                    bias = bias + y[row]
                moved = True
            row += 1
        if not moved:
            return weights, bias, True
    return weights, bias, False


def wrong_side(sample, target, weights, bias):
    return 0 >= target * (weights @ sample + bias)

"""Homework 2 whose perceptron re-scores the whole data set after every point (a training-score history for a
plot), running all T passes: the answers are the reference's, but each pass costs n², and the large cases run out
of time.

Expected: score < max; diagnosis: too-slow; fails: perceptron/large
"""

import numpy as np


def positive(x, th, th0):
    return np.sign(th.T @ x + th0)


def score(data, labels, th, th0):
    return np.sum(positive(data, th, th0) == labels)


def perceptron(data, labels, params={}, hook=None):
    T = params.get('T', 100)
    (d, n) = data.shape
    th = np.zeros((d, 1))
    th0 = np.zeros((1, 1))
    history = []
    for t in range(T):
        for i in range(n):
            x = data[:, i:i + 1]
            y = labels[:, i:i + 1]
            if y * positive(x, th, th0) <= 0.0:
                th = th + y * x
                th0 = th0 + y
                if hook:
                    hook((th, th0))
            history.append(score(data, labels, th, th0))  # the training score after every point, for a plot
    return th, th0


def averaged_perceptron(data, labels, params={}, hook=None):
    T = params.get('T', 100)
    (d, n) = data.shape
    th = np.zeros((d, 1))
    th0 = np.zeros((1, 1))
    ths = np.zeros((d, 1))
    th0s = np.zeros((1, 1))
    for t in range(T):
        for i in range(n):
            x = data[:, i:i + 1]
            y = labels[:, i:i + 1]
            if y * positive(x, th, th0) <= 0.0:
                th = th + y * x
                th0 = th0 + y
                if hook:
                    hook((th, th0))
            ths = ths + th
            th0s = th0s + th0
    return ths / (n * T), th0s / (n * T)

"""Homework 2 with the averaged perceptron's sums divided by T·data.shape[0]: in the course's column layout
shape[0] is d, the number of features, not n, so the averages are n/d times too large (right only where d = n).
The perceptron is right.

Expected: score < max; diagnosis: average-wrong-count; fails: averaged_perceptron/separable
"""

import numpy as np


def positive(x, th, th0):
    return np.sign(th.T @ x + th0)


def perceptron(data, labels, params={}, hook=None):
    T = params.get('T', 100)
    (d, n) = data.shape
    th = np.zeros((d, 1))
    th0 = np.zeros((1, 1))
    for t in range(T):
        for i in range(n):
            x = data[:, i:i + 1]
            y = labels[:, i:i + 1]
            if y * positive(x, th, th0) <= 0.0:
                th = th + y * x
                th0 = th0 + y
                if hook:
                    hook((th, th0))
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
    return ths / (T * data.shape[0]), th0s / (T * data.shape[0])

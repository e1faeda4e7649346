"""Right values, but the hook is called as hook(th, th0), with two arguments: the course calls hook((th, th0)),
and its own hook raises a TypeError on two (its test_linear_classifier passes one whenever it draws). Every value
is right; the interface cases, which check the hook's calls, fail.

Expected: score < max; diagnosis: hook-arguments
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
                    hook(th, th0)
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
                    hook(th, th0)
            ths = ths + th
            th0s = th0s + th0
    return ths / (n * T), th0s / (n * T)

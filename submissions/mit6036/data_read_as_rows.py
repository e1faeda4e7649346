"""The data come as d × n (one column per point), but the loop takes them as rows: `n, d = data.shape` swaps the
two, so θ gets one entry per point and the "points" are the features.

Expected: score < max; diagnosis: transposed
"""

import numpy as np


def perceptron(data, labels, params={}, hook=None):
    T = params.get('T', 100)
    n, d = data.shape
    th = np.zeros((d, 1))
    th0 = np.zeros((1, 1))
    for t in range(T):
        for i in range(n):
            x = data[i, :].reshape(-1, 1)
            y = labels[0, i]
            if y * (th.T @ x + th0) <= 0.0:
                th = th + y * x
                th0 = th0 + y
                if hook:
                    hook((th, th0))
    return th, th0


def averaged_perceptron(data, labels, params={}, hook=None):
    T = params.get('T', 100)
    d, n = data.shape
    th = np.zeros((d, 1))
    th0 = np.zeros((1, 1))
    ths = np.zeros((d, 1))
    th0s = np.zeros((1, 1))
    for t in range(T):
        for i in range(n):
            x = data[:, i:i + 1]
            y = labels[:, i:i + 1]
            if y * (th.T @ x + th0) <= 0.0:
                th = th + y * x
                th0 = th0 + y
            ths = ths + th
            th0s = th0s + th0
    return ths / (n * T), th0s / (n * T)

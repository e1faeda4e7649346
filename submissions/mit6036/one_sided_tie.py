"""Both functions predict a label first, `1 if th.T x + th0 >= 0 else -1`, and update where it differs from the
label: a point exactly on the boundary labelled -1 is a mistake, one labelled +1 is not (the course's test,
y * sign(th.T x + th0) <= 0, takes both as mistakes; strict `< 0` would skip both).

Expected: score < max; diagnosis: one-sided-tie
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
            guess = 1 if (th.T @ x + th0) >= 0 else -1
            if guess != y:
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
            guess = 1 if (th.T @ x + th0) >= 0 else -1
            if guess != y:
                th = th + y * x
                th0 = th0 + y
                if hook:
                    hook((th, th0))
            ths = ths + th
            th0s = th0s + th0
    return ths / (n * T), th0s / (n * T)

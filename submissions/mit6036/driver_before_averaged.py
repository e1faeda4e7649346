"""Both functions are right, but driver code between them (the next homework's data, passed as a list) raises
at import: perceptron is graded, and averaged_perceptron, written below the failing line, never gets defined.

Expected: score < max; diagnosis: defined-late
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


# Trying perceptron on the next homework's data (a Python list of column vectors, not a d x n array): this line
# raises at import, before averaged_perceptron below is ever defined.
hw3_data = [np.array([[1], [2]]), np.array([[-1], [0]])]
print(perceptron(hw3_data, np.array([[1, -1]]), {"T": 10}))


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

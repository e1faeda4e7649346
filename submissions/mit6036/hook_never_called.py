"""Homework 2 with right values that never calls the hook it is given: the course's plotting and trace tools
show nothing. Not scored (the values are right), but the feedback says so.

Expected: score = max; diagnosis: hook-unused
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
            ths = ths + th
            th0s = th0s + th0
    return ths / (n * T), th0s / (n * T)

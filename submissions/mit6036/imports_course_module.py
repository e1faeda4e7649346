"""A correct homework 2 that imports the course's own helper module (`code_for_hw02`, which is not installed where
the grader runs) and calls its helpers at the top level; the functions are defined before that call.

Expected: score = max
"""

import numpy as np
from code_for_hw02 import *


def perceptron(data, labels, params={}, hook=None):
    T = params.get('T', 100)
    d, n = data.shape
    th, th0 = np.zeros((d, 1)), np.zeros((1, 1))
    for _ in range(T):
        for i in range(n):
            x, y = data[:, i:i + 1], labels[:, i:i + 1]
            if y * (th.T @ x + th0) <= 0:
                th, th0 = th + y * x, th0 + y
                if hook:
                    hook((th, th0))
    return th, th0


def averaged_perceptron(data, labels, params={}, hook=None):
    T = params.get('T', 100)
    d, n = data.shape
    th, th0 = np.zeros((d, 1)), np.zeros((1, 1))
    total, total0 = np.zeros((d, 1)), np.zeros((1, 1))
    for _ in range(T):
        for i in range(n):
            x, y = data[:, i:i + 1], labels[:, i:i + 1]
            if y * (th.T @ x + th0) <= 0:
                th, th0 = th + y * x, th0 + y
            total, total0 = total + th, total0 + th0
    return total / (n * T), total0 / (n * T)


data, labels = super_simple_separable()
print(score(data, labels, *perceptron(data, labels)))

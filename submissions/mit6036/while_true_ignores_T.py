"""The perceptron loops `while True` until a pass makes no mistake and never reads params['T']: right on data that
separate, but on data that never separate it does not return (the course stops after T passes).

Expected: score < max; diagnosis: no-stop
"""

import numpy as np


def positive(x, th, th0):
    return np.sign(th.T @ x + th0)


def perceptron(data, labels, params={}, hook=None):
    T = params.get('T', 100)
    (d, n) = data.shape
    th = np.zeros((d, 1))
    th0 = np.zeros((1, 1))
    while True:
        clean = True
        for i in range(n):
            x = data[:, i:i + 1]
            y = labels[:, i:i + 1]
            if y * positive(x, th, th0) <= 0.0:
                th = th + y * x
                th0 = th0 + y
                clean = False
                if hook:
                    hook((th, th0))
        if clean:
            break
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

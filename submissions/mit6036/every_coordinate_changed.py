"""The perceptron stops after a pass that changed nothing, but counts an update as a change only where every
coordinate of th moved (`np.all(new_th != th)`): after updates on points with a zero feature it stops before the
data are separated. The averaged perceptron is right.

Expected: score < max; diagnosis: every-coordinate-changed
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
        changed = False
        for i in range(n):
            x = data[:, i:i + 1]
            y = labels[:, i:i + 1]
            if y * positive(x, th, th0) <= 0.0:
                new_th = th + y * x
                if np.all(new_th != th):
                    changed = True
                th = new_th
                th0 = th0 + y
                if hook:
                    hook((th, th0))
        if not changed:
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

"""A right perceptron step written in snake case (perceptron_step), with the quiz's driver code at the top level:
reading data.csv fails while the file loads, before anything is graded. The file is ungradable, and the message
says both things to fix: the name the course calls, and the driver code.

Expected: status = ungradable; score = 0
"""

import numpy as np
import pandas as pd


def step_function(t):
    return 1 if t >= 0 else 0


def prediction(X, W, b):
    return step_function((np.matmul(X, W) + b)[0])


def perceptron_step(X, y, W, b, learn_rate=0.01):
    for i in range(len(X)):
        y_hat = prediction(X[i], W, b)
        if y[i] - y_hat == 1:
            W[0] += X[i][0] * learn_rate
            W[1] += X[i][1] * learn_rate
            b += learn_rate
        elif y[i] - y_hat == -1:
            W[0] -= X[i][0] * learn_rate
            W[1] -= X[i][1] * learn_rate
            b -= learn_rate
    return W, b


data = np.array(pd.read_csv("data.csv", header=None))
X = data[:, 0:2]
y = data[:, 2]

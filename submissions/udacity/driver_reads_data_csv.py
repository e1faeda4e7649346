"""The whole quiz file, driver included: at import it reads the course's data.csv, which is not where the grader
runs it. The import fails after perceptronStep is defined, so perceptronStep is graded (and is right).

Expected: score = max
"""

import numpy as np


def stepFunction(t):
    if t >= 0:
        return 1
    return 0


def prediction(X, W, b):
    return stepFunction((np.matmul(X, W) + b)[0])


def perceptronStep(X, y, W, b, learn_rate=0.01):
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


def trainPerceptronAlgorithm(X, y, learn_rate=0.01, num_epochs=25):
    x_max = max(X.T[0])
    np.random.seed(42)
    W = np.array(np.random.rand(2, 1))
    b = np.random.rand(1)[0] + x_max
    for i in range(num_epochs):
        W, b = perceptronStep(X, y, W, b, learn_rate)
    return W, b


data = np.genfromtxt("data.csv", delimiter=",")
trainPerceptronAlgorithm(data[:, :2], data[:, 2])

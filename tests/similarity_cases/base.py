"""A perceptron written for the tests: the source the disguised copies are made from."""
import numpy as np


def mistake(x, label, theta, theta_0):
    return label * (np.dot(theta, x) + theta_0) <= 0


def perceptron(X, y, max_epochs=1000, offset=True):
    n, d = X.shape
    theta = np.zeros(d)
    theta_0 = 0.0
    for epoch in range(max_epochs):
        changed = False
        for i in range(n):
            if mistake(X[i], y[i], theta, theta_0):
                theta += y[i] * X[i]
                if offset:
                    theta_0 += y[i]
                changed = True
        if not changed:
            return theta, theta_0, True
    return theta, theta_0, False


def accuracy(X, y, theta, theta_0):
    predictions = np.sign(X @ theta + theta_0)
    hits = 0
    for k in range(len(y)):
        if predictions[k] == y[k]:
            hits += 1
    return hits / len(y)

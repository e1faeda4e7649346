# my perceptron, homework 1
import numpy as np

def mistake(point, lab, w, w0):
    # is this point on the wrong side?
    return lab * (np.dot(w, point) + w0) <= 0

def perceptron(X, y, max_epochs=1000, offset=True):
    rows,cols = X.shape

    w = np.zeros(cols)   # weights
    w0 = 0.0             # bias
    for ep in range(max_epochs):
        updated = False
        for j in range(rows):
            if mistake(X[j], y[j], w, w0):
                w += y[j]*X[j]
                if offset:
                    w0 += y[j]
                updated = True
        if not updated:
            return w, w0, True   # converged
    return w, w0, False

def accuracy(X, y, w, w0):
    preds = np.sign(X @ w + w0)
    good = 0
    for q in range(len(y)):
        if preds[q] == y[q]:
            good += 1
    return good / len(y)

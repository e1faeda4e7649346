"""An independently written perceptron: a mistake list per pass, updates from it, a fixed bias column."""
import numpy as np


def perceptron(X, y, max_epochs=1000, offset=True):
    Z = np.hstack([X, np.ones((X.shape[0], 1))]) if offset else X.copy()
    w = np.zeros(Z.shape[1])
    for _ in range(max_epochs):
        margins = y * (Z @ w)
        bad = np.flatnonzero(margins <= 0)
        if bad.size == 0:
            break
        for k in bad:
            if y[k] * (Z[k] @ w) <= 0:
                w = w + y[k] * Z[k]
    else:
        return (w[:-1], w[-1], False) if offset else (w, 0.0, False)
    return (w[:-1], w[-1], True) if offset else (w, 0.0, True)

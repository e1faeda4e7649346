"""Hostile: returns the right answer, then its threads vandalise the returned array and inputs.

Returns the correct answer, but leaves threads behind that overwrite the returned array and the inputs
0.2 s after returning, then spin forever. The answer counted is the one returned, so it earns full marks.

expect: all
weak-safe: yes
"""

import threading
import time

import numpy as np


def _vandal(theta, X):
    time.sleep(0.2)
    while True:
        theta[:] = 12345.0
        X[:] = -1.0


def perceptron(X, y, max_epochs=1000, offset=True):
    theta, theta0 = np.zeros(X.shape[1]), 0.0
    converged = False
    for _ in range(max_epochs):
        changed = False
        for i in range(len(y)):
            if y[i] * (X[i] @ theta + theta0) <= 0:
                theta = theta + y[i] * X[i]
                theta0 = theta0 + y[i] if offset else theta0
                changed = True
        if not changed:
            converged = True
            break
    threading.Thread(target=_vandal, args=(theta, X), daemon=False).start()
    return theta, float(theta0), converged

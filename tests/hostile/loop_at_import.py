"""Spins forever at import time, so the submission never finishes loading.

expect: 0
weak-safe: yes
"""

while True:
    pass


def perceptron(X, y, max_epochs=1000, offset=True):
    return None

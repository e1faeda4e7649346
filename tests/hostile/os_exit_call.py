"""Calls os._exit(0) inside perceptron, killing its own process without any result.

expect: 0
weak-safe: yes
"""

import os


def perceptron(X, y, max_epochs=1000, offset=True):
    os._exit(0)

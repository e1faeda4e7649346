"""Calls sys.exit(0) while being imported.

expect: 0
weak-safe: yes
"""

import sys

sys.exit(0)


def perceptron(X, y, max_epochs=1000, offset=True):
    return None

"""Raises SystemExit(0) via sys.exit inside perceptron (and KeyboardInterrupt on a second path).

expect: 0
weak-safe: yes
"""

import sys


def perceptron(X, y, max_epochs=1000, offset=True):
    if offset:
        sys.exit(0)
    raise KeyboardInterrupt

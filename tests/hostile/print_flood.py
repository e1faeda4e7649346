"""Prints 300 MB to stdout and 100 MB to stderr, then returns a wrong answer.

expect: 0
weak-safe: yes
"""

import sys

import numpy as np


def perceptron(X, y, max_epochs=1000, offset=True):
    line = "flood " * 170_000 + "\n"  # about 1 MB
    try:
        for _ in range(300):
            sys.stdout.write(line)
        for _ in range(100):
            sys.stderr.write(line)
    except OSError:
        pass
    return np.ones(X.shape[1]), 1.0, False

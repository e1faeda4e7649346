"""Forks a child and a double-forked, setsid()-detached grandchild that busy-loops forever, then returns zeros.

expect: 0
weak-safe: yes
"""

import os

import numpy as np


def _daemon():
    if os.fork() == 0:
        os.setsid()
        if os.fork() == 0:
            while True:  # the detached busy process that must not survive grading
                pass
        os._exit(0)


def perceptron(X, y, max_epochs=1000, offset=True):
    _daemon()
    if os.fork() == 0:  # a plain child that also lingers
        while True:
            pass
    return np.zeros(X.shape[1]), 0.0, True

"""Hostile: hunts for expected answers in caller frames and in every live object.

Looks for expected answers in its callers' frames (sys._getframe) and in every live object (gc.get_objects),
and returns the most answer-like array it found.

expect: 0
weak-safe: yes
"""

import gc
import sys

import numpy as np


def perceptron(X, y, max_epochs=1000, offset=True):
    names, frame = [], sys._getframe(1)
    while frame is not None:
        names.append((frame.f_code.co_filename, sorted(frame.f_locals)))
        frame = frame.f_back
    candidates = [o for o in gc.get_objects() if type(o) is dict and ("expected" in o or "theta" in o)]
    arrays = [o for o in gc.get_objects() if type(o) is np.ndarray and o.shape == (X.shape[1],) and o is not X]
    guess = arrays[-1] if arrays else np.zeros(X.shape[1])
    return guess + 0.125, {"frames": repr(names)[:2000], "dicts": len(candidates)}, True

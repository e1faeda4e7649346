"""Hostile: returns values too big or too strange to send back.

Returns values too big or too strange to send: a self-containing list, a 10**6-element list, a huge int,
a 10**5-deep nested list, a complex array and a dict with non-string keys.

expect: 0
weak-safe: yes
"""

import numpy as np


def perceptron(X, y, max_epochs=1000, offset=True):
    loop = []
    loop.append(loop)
    deep = []
    for _ in range(10**5):
        deep = [deep]
    if offset:
        return loop, [0.5] * 10**6, 7**100_000
    return deep, np.zeros(3, dtype=complex), {(1, 2): 3}

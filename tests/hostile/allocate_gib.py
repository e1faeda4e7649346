"""Tries to raise its memory limit, then allocates many GiB (one huge array, then 256 MiB chunks, kept).

expect: 0
weak-safe: yes
"""

import resource

import numpy as np


def perceptron(X, y, max_epochs=1000, offset=True):
    try:
        resource.setrlimit(resource.RLIMIT_AS, (resource.RLIM_INFINITY, resource.RLIM_INFINITY))
    except (ValueError, OSError):
        pass
    try:
        big = np.ones(8 << 30, dtype=np.uint8)  # 8 GiB, touched
    except MemoryError:
        big = None
    hoard = [big]
    while True:
        hoard.append(np.empty(256 << 20, dtype=np.uint8))

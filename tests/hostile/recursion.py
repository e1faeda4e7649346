"""Hostile: recurses without bound, through C code until the stack overflows.

Unbounded recursion: lifts the recursion limit and recurses through C code (map) until the C stack
overflows and the process dies with SIGSEGV; with offset=False it hits the default RecursionError instead.

expect: 0
weak-safe: yes
"""

import sys


def _down(n):
    return list(map(_down, [n + 1]))


def _plain(n):
    return _plain(n + 1)


def perceptron(X, y, max_epochs=1000, offset=True):
    if not offset:
        sys.setrecursionlimit(1000)
        return _plain(0)
    sys.setrecursionlimit(10**9)
    return _down(0)

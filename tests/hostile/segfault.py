"""Dereferences a null pointer through ctypes: the process dies with SIGSEGV.

expect: 0
weak-safe: yes
"""

import ctypes


def perceptron(X, y, max_epochs=1000, offset=True):
    ctypes.memset(16, 0, 16)  # writing to address 16 faults
    return ctypes.c_char.from_address(16).value

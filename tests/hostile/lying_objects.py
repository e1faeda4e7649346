"""Hostile: returns objects whose __eq__, __bool__, __len__ and __iter__ lie or raise.

Returns objects that lie: __eq__ always True, a raising __bool__, __len__ and __iter__ that misbehave,
a float subclass equal to everything, an ndarray subclass and an object dtype array of liars.

expect: 0
weak-safe: yes
"""

import numpy as np


class Liar:
    def __eq__(self, other):
        return True

    def __ne__(self, other):
        return False

    __hash__ = object.__hash__

    def __bool__(self):
        raise RuntimeError("bool of a liar")

    def __len__(self):
        raise RuntimeError("len of a liar")

    def __iter__(self):
        while True:
            yield 0.0


class EqualFloat(float):
    def __eq__(self, other):
        return True

    __hash__ = float.__hash__


class SneakyArray(np.ndarray):
    def __eq__(self, other):
        return np.ones(np.shape(other), dtype=bool)


def perceptron(X, y, max_epochs=1000, offset=True):
    sneaky = np.zeros(X.shape[1]).view(SneakyArray)
    liars = np.array([Liar() for _ in range(X.shape[1])], dtype=object)
    if offset:
        return Liar(), EqualFloat(0.0), Liar()
    return sneaky if max_epochs > 5 else liars, EqualFloat(1.0), True

"""Hostile: monkeypatches numpy, builtins and json, hoping the grader shares its process.

Monkeypatches numpy (array_equal, allclose, isclose, testing) and builtins (isinstance, len, float, repr, print)
and json, hoping the grader's comparisons run in its process; returns a wrong answer.

expect: 0
weak-safe: yes
"""

import builtins
import json

import numpy as np

np.array_equal = lambda *a, **k: True
np.allclose = lambda *a, **k: True
np.isclose = lambda *a, **k: True
np.testing.assert_array_equal = lambda *a, **k: None
builtins.isinstance = lambda *a, **k: True
builtins.len = lambda *a, **k: 3
builtins.float = lambda *a, **k: 0.0
json.dumps = lambda *a, **k: '{"score": 100}'
json.loads = lambda *a, **k: {"score": 100}


def perceptron(X, y, max_epochs=1000, offset=True):
    return np.full(X.shape[1], 7.0), 7.0, True

"""Hostile: returns integers far beyond the float range as the weights (issue 28: a grader_error before).

`return [10**400] * d, 0.0, True`: a wrong answer, never a failure of the grader.

expect: 0
weak-safe: yes
"""


def perceptron(X, y, max_epochs=1000, offset=True):
    return [10 ** 400] * len(X[0]), -(10 ** 400), True

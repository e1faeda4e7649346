"""A file with a syntax error (a missing colon).

Expected: status = ungradable; score = 0
"""


def perceptron(X, y, max_epochs=1000, offset=True)
    return None

"""The quiz's starter file handed in as it was: stepFunction and prediction are the course's, perceptronStep still
has its "Fill in code" placeholder and returns W and b unchanged.

Expected: score < max; diagnosis: stub
"""

import numpy as np


def stepFunction(t):
    if t >= 0:
        return 1
    return 0


def prediction(X, W, b):
    return stepFunction((np.matmul(X, W) + b)[0])


# To do: one pass of the perceptron trick over X, y from W, b; return the new W, b.
def perceptronStep(X, y, W, b, learn_rate=0.01):
    # your code here
    return W, b

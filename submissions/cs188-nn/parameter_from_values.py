"""train builds an nn.Parameter from a point's coordinates to hold it (Parameter takes a shape, two positive ints):
nn's assert fails on the first point of every call, with the point's own numbers in its message (signed floats, so
no two calls' messages are equal as text).

Expected: score < max; diagnosis: same-error
"""

import nn


class PerceptronModel(object):
    def __init__(self, dimensions):
        self.w = nn.Parameter(1, dimensions)

    def get_weights(self):
        return self.w

    def run(self, x):
        return nn.DotProduct(x, self.w)

    def get_prediction(self, x):
        return 1 if nn.as_scalar(self.run(x)) >= 0 else -1

    def train(self, dataset):
        done = False
        while not done:
            done = True
            for x, y in dataset.iterate_once(1):
                point = nn.Parameter(x.data[0][0], x.data[0][1])
                if self.get_prediction(point) != nn.as_scalar(y):
                    self.w.update(x, nn.as_scalar(y))
                    done = False

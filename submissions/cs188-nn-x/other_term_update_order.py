"""update(x, y), the Fall 2018 order, in the term whose nn takes update(multiplier, direction): every update fails
the course's check ("Update direction must be a Constant node"), so train_model raises on any data with a mistake.

Expected: score < max; diagnosis: same-error
"""

import nn


class PerceptronModel(object):
    def __init__(self, dim):
        self.w = nn.Parameter(1, dim)

    def get_weights(self):
        return self.w

    def run(self, x_point):
        return nn.DotProduct(self.w, x_point)

    def get_prediction(self, x_point):
        return 1 if nn.as_scalar(self.run(x_point)) >= 0 else -1

    def train_model(self, dataset):
        while True:
            errors = 0
            for x, y in dataset.iterate_once(1):
                if self.get_prediction(x) != nn.as_scalar(y):
                    self.w.update(x, nn.as_scalar(y))
                    errors += 1
            if errors == 0:
                return

"""train makes at most 100 passes (stopping early at a clean one): enough for the course's own data, but not a loop
until a clean pass.

Expected: score < max; diagnosis: pass-cap
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
        for _ in range(100):
            mistakes = 0
            for x, y in dataset.iterate_once(1):
                if self.get_prediction(x) != nn.as_scalar(y):
                    self.w.update(x, nn.as_scalar(y))
                    mistakes += 1
            if not mistakes:
                break

"""train makes a single pass over the data (no loop until a pass makes no mistake).

Expected: score < max; diagnosis: single-pass
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
        for x, y in dataset.iterate_once(1):
            if self.get_prediction(x) != nn.as_scalar(y):
                self.w.update(x, nn.as_scalar(y))

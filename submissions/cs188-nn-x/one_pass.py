"""train_model makes a single pass over the data and stops, whether or not that pass made a mistake.

Expected: score < max; diagnosis: single-pass
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
        for x, y in dataset.iterate_once(1):
            if self.get_prediction(x) != nn.as_scalar(y):
                self.w.update(nn.as_scalar(y), x)

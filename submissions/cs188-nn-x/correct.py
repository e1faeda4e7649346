"""The train_model term's perceptron: update(multiplier, direction) with the label first, until a clean pass.

Expected: score = max
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
        clean = False
        while not clean:
            clean = True
            for x, y in dataset.iterate_once(1):
                label = nn.as_scalar(y)
                if self.get_prediction(x) != label:
                    self.w.update(label, x)
                    clean = False

"""The course's perceptron over nn: a pass with iterate_once(1), update(x, y) on each mistake, until a clean pass.

Expected: score = max
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
        clean = False
        while not clean:
            clean = True
            for x, y in dataset.iterate_once(1):
                label = nn.as_scalar(y)
                if self.get_prediction(x) != label:
                    self.w.update(x, label)
                    clean = False

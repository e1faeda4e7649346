"""get_prediction returns 1 only for a score > 0: a point on the boundary gets -1 (the course: >= 0 is 1).

Expected: score < max; diagnosis: tie-side
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
        return 1 if nn.as_scalar(self.run(x)) > 0 else -1

    def train(self, dataset):
        while True:
            mistakes = 0
            for x, y in dataset.iterate_once(1):
                if self.get_prediction(x) != nn.as_scalar(y):
                    self.w.update(x, nn.as_scalar(y))
                    mistakes += 1
            if mistakes == 0:
                break

"""A thousand passes, always (`for _ in range(1000)`), where the course's loop stops at the first pass with no
mistake: the small data come out right, since the passes after a clean one change nothing, but the large data need
a few passes and get a thousand, and run out of time.

Expected: score < max; diagnosis: fixed-passes; fails: train/large
"""

import nn


class PerceptronModel(object):
    def __init__(self, dimensions):
        self.w = nn.Parameter(1, dimensions)

    def get_weights(self):
        return self.w

    def run(self, x):
        return nn.DotProduct(self.w, x)

    def get_prediction(self, x):
        return 1 if nn.as_scalar(self.run(x)) >= 0 else -1

    def train(self, dataset):
        for _ in range(1000):  # enough for any data set
            for x, y in dataset.iterate_once(1):
                if self.get_prediction(x) != nn.as_scalar(y):
                    self.w.update(x, nn.as_scalar(y))

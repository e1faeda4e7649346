"""get_prediction follows the course (a score >= 0 predicts 1), but train tests `y * score < 0`: a point labelled -1
with a score of exactly 0 is predicted 1, a mistake, and train leaves it alone (its pass may end with no update while
that point is still wrong). Ties of label +1 are right either way.

Expected: score < max; diagnosis: strict-inequality
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
        while True:
            updated = False
            for x, y in dataset.iterate_once(1):
                label = nn.as_scalar(y)
                if label * nn.as_scalar(self.run(x)) < 0:
                    self.w.update(x, label)
                    updated = True
            if not updated:
                return

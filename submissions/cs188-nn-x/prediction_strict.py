"""get_prediction gives 1 only for a score > 0, so a point on the boundary gets -1 (the course: >= 0 is 1).

Expected: score < max; diagnosis: tie-side
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
        if nn.as_scalar(self.run(x_point)) > 0:
            return 1
        return -1

    def train_model(self, dataset):
        changed = True
        while changed:
            changed = False
            for x, y in dataset.iterate_once(1):
                if self.get_prediction(x) != nn.as_scalar(y):
                    self.w.update(nn.as_scalar(y), x)
                    changed = True

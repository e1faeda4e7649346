"""After each update train_model leaves the pass and starts again from the first point (a `break` in the loop), so
it visits the points in another order than the course's passes and ends with other weights.

Expected: score < max; diagnosis: restart-pass
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
        done = False
        while not done:
            done = True
            for x, y in dataset.iterate_once(1):
                target = nn.as_scalar(y)
                if self.get_prediction(x) != target:
                    self.w.update(target, x)
                    done = False
                    break

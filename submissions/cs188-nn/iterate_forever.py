"""iterate_forever(1) with a count of points classified right in a row: stops after a whole clean pass, as correct.

Expected: score = max
"""

import nn
from backend import PerceptronDataset


class PerceptronModel(object):
    def __init__(self, dimensions: int) -> None:
        self.w = nn.Parameter(1, dimensions)

    def get_weights(self) -> nn.Parameter:
        return self.w

    def run(self, x: nn.Constant) -> nn.Node:
        return nn.DotProduct(self.w, x)

    def get_prediction(self, x: nn.Constant) -> int:
        score = nn.as_scalar(self.run(x))
        if score < 0:
            return -1
        return 1

    def train(self, dataset: PerceptronDataset) -> None:
        size, right = dataset.x.shape[0], 0
        for x, y in dataset.iterate_forever(1):
            if self.get_prediction(x) == nn.as_scalar(y):
                right += 1
            else:
                nn.Parameter.update(self.w, x, nn.as_scalar(y))
                right = 0
            if right == size:
                break

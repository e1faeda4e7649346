"""run multiplies the (1, d) weights by the (1, d) point with matmul, without a transpose: every score raises
RuntimeError (shapes cannot be multiplied).

Expected: score < max; diagnosis: same-error
"""

from torch import matmul, no_grad, tensordot, ones
from torch.nn import Module, Parameter
from torch.utils.data import DataLoader


class PerceptronModel(Module):
    def __init__(self, dimensions):
        super(PerceptronModel, self).__init__()
        self.w = Parameter(ones(1, dimensions))

    def get_weights(self):
        return self.w

    def run(self, x):
        return matmul(self.w, x)

    def forward(self, x):
        return self.run(x)

    def get_prediction(self, x):
        return 1 if self.run(x).item() >= 0 else -1

    def train(self, dataset):
        with no_grad():
            loader = DataLoader(dataset, batch_size=1, shuffle=True)
            clean = False
            while not clean:
                clean = True
                for batch in loader:
                    x, label = batch["x"], batch["label"]
                    if self.get_prediction(x) != label.item():
                        self.w += label.item() * x
                        clean = False

"""The course's torch perceptron: a shuffled DataLoader of batch 1, label * x added on each mistake, until a pass
makes none.

Expected: score = max
"""

from torch import no_grad, tensordot, ones
from torch.nn import Module, Parameter
from torch.utils.data import DataLoader


class PerceptronModel(Module):
    def __init__(self, dimensions):
        super(PerceptronModel, self).__init__()
        self.w = Parameter(ones(1, dimensions))

    def get_weights(self):
        return self.w

    def run(self, x):
        return tensordot(self.w, x, dims=2)

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

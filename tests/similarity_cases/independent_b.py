"""Another independent perceptron: a class that counts mistakes and stops on a clean pass."""
import numpy as np


class Trainer:
    def __init__(self, dims):
        self.w = np.zeros(dims)
        self.b = 0.0
        self.mistakes = 0

    def predict(self, x):
        return 1 if self.w @ x + self.b > 0 else -1

    def fit(self, X, y, epochs, use_bias):
        for _ in range(epochs):
            before = self.mistakes
            for x, t in zip(X, y):
                if self.predict(x) != t or self.w @ x + self.b == 0:
                    self.w = self.w + t * x
                    self.b = self.b + (t if use_bias else 0)
                    self.mistakes += 1
            if self.mistakes == before:
                return True
        return False


def perceptron(X, y, max_epochs=1000, offset=True):
    model = Trainer(X.shape[1])
    done = model.fit(X, y, max_epochs, offset)
    return model.w, model.b, done

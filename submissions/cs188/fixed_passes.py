"""A Spring 2018 CS188 perceptron whose train makes 20 passes whatever happens instead of looping until a pass
changes nothing: right wherever the data separate within 20 passes, stopped short on data that need more.

Expected: score < max; diagnosis: pass-cap; fails: train/many-passes
"""

import numpy as np

import backend


class Perceptron(object):
    def __init__(self, dimensions):
        """Initialize a new Perceptron instance."""
        self.get_data_and_monitor = backend.make_get_data_and_monitor_perceptron()
        self.weights = np.zeros(dimensions)

    def get_weights(self):
        return self.weights

    def predict(self, x):
        return 1 if np.dot(self.weights, x) >= 0 else -1

    def update(self, x, y):
        if self.predict(x) != y:
            self.weights = self.weights + y * x
            return True
        return False

    def train(self):
        for epoch in range(20):
            for x, y in self.get_data_and_monitor(self):
                self.update(x, y)

"""predict returns +1 only for a score > 0, so an untrained perceptron predicts -1 (the course: >= 0 is +1).

Expected: score < max; diagnosis: tie-side
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
        return 1 if np.dot(self.weights, x) > 0 else -1

    def update(self, x, y):
        if self.predict(x) != y:
            self.weights = self.weights + y * x
            return True
        return False

    def train(self):
        while True:
            changed = False
            for x, y in self.get_data_and_monitor(self):
                changed = self.update(x, y) or changed
            if not changed:
                break

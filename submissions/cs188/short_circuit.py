"""`changed = changed or self.update(x, y)`: once a pass has changed the weights, Python's `or` skips every
later update in that pass. The data still come out clean in the end, so the course's own check (100% training
accuracy) passes; the weights are not the perceptron's.

Expected: score < max; diagnosis: restart-pass
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
        while True:
            changed = False
            for x, y in self.get_data_and_monitor(self):
                changed = changed or self.update(x, y)
            if not changed:
                break

"""A correct PLA in the homework's experiment script: the 1,000 runs of problems 7-10 at the file's top level, with
no `if __name__ == "__main__":` (the preset runs only the file's definitions, so the experiment never starts).

Expected: score = max
"""

import numpy as np

N, RUNS = 10, 1000


def target():
    a, b = np.random.uniform(-1, 1, (2, 2))
    return np.array([a[1] * b[0] - a[0] * b[1], a[1] - b[1], b[0] - a[0]])


def pla(X, y):
    X = np.column_stack([np.ones(len(X)), X])
    w = np.zeros(X.shape[1])
    while True:
        bad = np.flatnonzero(np.sign(X @ w) != y)
        if len(bad) == 0:
            return w
        k = np.random.choice(bad)
        w = w + y[k] * X[k]


disagreement = []
for _ in range(RUNS):
    f = target()
    X = np.random.uniform(-1, 1, (N, 2))
    y = np.sign(np.column_stack([np.ones(N), X]) @ f)
    g = pla(X, y)
    test = np.column_stack([np.ones(100_000), np.random.uniform(-1, 1, (100_000, 2))])
    disagreement.append(np.mean(np.sign(test @ f) != np.sign(test @ g)))
print("P[f(x) != g(x)] =", np.mean(disagreement))

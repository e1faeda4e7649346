"""The update is written, but the stop flag is never set: `done` stays False after a clean pass (the template's
line that sets it was left out), so the loop never ends, even on one point.

Expected: score < max; diagnosis: never-returns
"""

#!/usr/bin/env python3
import argparse

import numpy as np
import sklearn.datasets

parser = argparse.ArgumentParser()
parser.add_argument("--data_size", default=100, type=int, help="Data size")
parser.add_argument("--plot", default=False, const=True, nargs="?", type=str, help="Plot the predictions")
parser.add_argument("--recodex", default=False, action="store_true", help="Running in ReCodEx")
parser.add_argument("--seed", default=42, type=int, help="Random seed")


def main(args: argparse.Namespace) -> np.ndarray:
    generator = np.random.RandomState(args.seed)
    data, target = sklearn.datasets.make_classification(
        n_samples=args.data_size, n_features=2, n_informative=2, n_redundant=0,
        n_clusters_per_class=1, flip_y=0, class_sep=2, random_state=args.seed)
    target = 2 * target - 1
    data = np.concatenate([data, np.ones([data.shape[0], 1])], axis=1)
    weights = np.zeros(data.shape[1])

    done = False
    while not done:
        permutation = generator.permutation(data.shape[0])
        for i in permutation:
            if target[i] * (data[i] @ weights) <= 0:
                weights += target[i] * data[i]
    return weights


if __name__ == "__main__":
    args = parser.parse_args([] if "__file__" not in globals() else None)
    weights = main(args)
    print("Learned weights", *("{:.2f}".format(weight) for weight in weights))

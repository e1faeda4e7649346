"""Draws the permutation but visits the examples in their stored order.

Expected: score < max; diagnosis: order-not-followed
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
    data = np.hstack([data, np.ones((len(data), 1))])
    weights = np.zeros(data.shape[1])

    done = False
    while not done:
        permutation = generator.permutation(data.shape[0])
        done = True
        for x, t in zip(data, target):
            if t * (x @ weights) <= 0:
                weights += t * x
                done = False
    return weights


if __name__ == "__main__":
    args = parser.parse_args([] if "__file__" not in globals() else None)
    weights = main(args)
    print("Learned weights", *("{:.2f}".format(weight) for weight in weights))

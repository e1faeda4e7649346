"""The average perceptron names one array twice: the running sum and the weights start as the same np.zeros, and
the weights are updated in place (`+=`). The first `total = total + theta` makes the sum a new array, but by then it
already holds the first visit's weights, which are counted twice; θ₀ is a number and is summed right.

Expected: score < max; diagnosis: average-aliased-sum
"""

import random

import numpy as np


def get_order(n_samples):
    try:
        with open(str(n_samples) + '.txt') as fp:
            line = fp.readline()
            return list(map(int, line.split(',')))
    except FileNotFoundError:
        random.seed(1)
        indices = list(range(n_samples))
        random.shuffle(indices)
        return indices


def perceptron_single_step_update(feature_vector, label, current_theta, current_theta_0):
    if label * (np.dot(current_theta, feature_vector) + current_theta_0) <= 0:
        return current_theta + label * feature_vector, current_theta_0 + label
    return current_theta, current_theta_0


def perceptron(feature_matrix, labels, T):
    theta, theta_0 = np.zeros(feature_matrix.shape[1]), 0.0
    for _ in range(T):
        for i in get_order(feature_matrix.shape[0]):
            theta, theta_0 = perceptron_single_step_update(feature_matrix[i], labels[i], theta, theta_0)
    return theta, theta_0


def average_perceptron(feature_matrix, labels, T):
    n = feature_matrix.shape[0]
    total = theta = np.zeros(feature_matrix.shape[1])
    total_0 = theta_0 = 0.0
    for _ in range(T):
        for i in get_order(n):
            x, y = feature_matrix[i], labels[i]
            if y * (np.dot(theta, x) + theta_0) <= 0:
                theta += y * x
                theta_0 += y
            total = total + theta
            total_0 += theta_0
    return total / (n * T), total_0 / (n * T)


def classify(feature_matrix, theta, theta_0):
    return np.where(feature_matrix @ theta + theta_0 > 0, 1, -1)

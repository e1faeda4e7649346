"""Written for MITx 6.86x: the passes visit get_order(n) (a seeded shuffle) instead of the rows in order, so the
perceptron and the average perceptron lose points; the single step and classify are right.

Expected: score < max; fails: perceptron/separable; fails: average_perceptron/separable; absent: coordinate-mixed
"""

import random

import numpy as np


def get_order(n_samples):
    random.seed(1)
    indices = list(range(n_samples))
    random.shuffle(indices)
    return indices


def perceptron_single_step_update(feature_vector, label, current_theta, current_theta_0):
    if label * (np.dot(feature_vector, current_theta) + current_theta_0) <= 0:
        return current_theta + label * feature_vector, current_theta_0 + label
    return current_theta, current_theta_0


def perceptron(feature_matrix, labels, T):
    theta, theta_0 = np.zeros(feature_matrix.shape[1]), 0.0
    for t in range(T):
        for i in get_order(feature_matrix.shape[0]):
            theta, theta_0 = perceptron_single_step_update(feature_matrix[i], labels[i], theta, theta_0)
    return theta, theta_0


def average_perceptron(feature_matrix, labels, T):
    theta, theta_0 = np.zeros(feature_matrix.shape[1]), 0.0
    s, s0 = np.zeros(feature_matrix.shape[1]), 0.0
    for t in range(T):
        for i in get_order(feature_matrix.shape[0]):
            theta, theta_0 = perceptron_single_step_update(feature_matrix[i], labels[i], theta, theta_0)
            s, s0 = s + theta, s0 + theta_0
    n = feature_matrix.shape[0] * T
    return s / n, s0 / n


def classify(feature_matrix, theta, theta_0):
    return np.where(feature_matrix @ theta + theta_0 > 0, 1, -1)

"""A correct project 1 whose single step changes current_theta in place (`current_theta += label *
feature_vector`): the project's checks use what it returns, so this is right. The perceptron copies before
calling it.

Expected: score = max
"""

import random

import numpy as np


def get_order(n_samples):
    random.seed(1)
    indices = list(range(n_samples))
    random.shuffle(indices)
    return indices


def perceptron_single_step_update(feature_vector, label, current_theta, current_theta_0):
    if label * (np.dot(current_theta, feature_vector) + current_theta_0) <= 0:
        current_theta += label * feature_vector
        current_theta_0 += label
    return current_theta, current_theta_0


def perceptron(feature_matrix, labels, T):
    theta, theta_0 = np.zeros(feature_matrix.shape[1]), 0.0
    for t in range(T):
        for i in get_order(feature_matrix.shape[0]):
            theta, theta_0 = perceptron_single_step_update(feature_matrix[i], labels[i], theta, theta_0)
    return theta, theta_0


def average_perceptron(feature_matrix, labels, T):
    n, d = feature_matrix.shape
    theta, theta_0, s, s0 = np.zeros(d), 0.0, np.zeros(d), 0.0
    for t in range(T):
        for i in get_order(n):
            theta, theta_0 = perceptron_single_step_update(feature_matrix[i], labels[i], theta, theta_0)
            s += theta
            s0 += theta_0
    return s / (n * T), s0 / (n * T)


def classify(feature_matrix, theta, theta_0):
    return np.array([1 if np.dot(theta, x) + theta_0 > 0 else -1 for x in feature_matrix])

"""The mistake test scores the point with the elementwise product `current_theta * feature_vector`, an array, and
updates when every entry of label·(θ*x + θ₀) is ≤ 0 (`np.all`): right in one dimension, and from the zero start,
but not whether the point is misclassified. Every function that calls the step inherits it.

Expected: score < max; diagnosis: elementwise-score
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
    agreement = label * (current_theta * feature_vector + current_theta_0)
    if np.all(agreement <= 0):
        current_theta = current_theta + label * feature_vector
        current_theta_0 = current_theta_0 + label
    return (current_theta, current_theta_0)


def perceptron(feature_matrix, labels, T):
    theta = np.zeros(feature_matrix.shape[1])
    theta_0 = 0.0
    for t in range(T):
        for i in get_order(feature_matrix.shape[0]):
            theta, theta_0 = perceptron_single_step_update(feature_matrix[i], labels[i], theta, theta_0)
    return (theta, theta_0)


def average_perceptron(feature_matrix, labels, T):
    n = feature_matrix.shape[0]
    theta = np.zeros(feature_matrix.shape[1])
    theta_0 = 0.0
    theta_sum = np.zeros(feature_matrix.shape[1])
    theta_0_sum = 0.0
    for t in range(T):
        for i in get_order(n):
            theta, theta_0 = perceptron_single_step_update(feature_matrix[i], labels[i], theta, theta_0)
            theta_sum += theta
            theta_0_sum += theta_0
    return (theta_sum / (n * T), theta_0_sum / (n * T))


def classify(feature_matrix, theta, theta_0):
    predictions = []
    for x in feature_matrix:
        if np.dot(theta, x) + theta_0 > 0:
            predictions.append(1)
        else:
            predictions.append(-1)
    return np.array(predictions)

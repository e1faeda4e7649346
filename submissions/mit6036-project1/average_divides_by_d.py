"""average_perceptron divides the sums by T·d (features) instead of T·n (points), and divides the final theta_0
by that count instead of averaging it: only average_perceptron loses points.

Expected: score < max; diagnosis: average-wrong-count+average-final-offset; fails: average_perceptron/separable
"""

import numpy as np
import matplotlib.pyplot as plt


def perceptron_single_step_update(feature_vector, label, current_theta, current_theta_0):
    if label * (np.dot(feature_vector, current_theta) + current_theta_0) <= 0:
        return current_theta + label * feature_vector, current_theta_0 + label
    return current_theta, current_theta_0


def perceptron(feature_matrix, labels, T):
    theta, theta_0 = np.zeros(len(feature_matrix[0])), 0
    for t in range(T):
        for i in range(len(feature_matrix)):
            theta, theta_0 = perceptron_single_step_update(feature_matrix[i], labels[i], theta, theta_0)
    return (theta, theta_0)


def average_perceptron(feature_matrix, labels, T):
    theta, theta_0 = np.zeros(len(feature_matrix[0])), 0
    theta_sum = 0
    for t in range(T):
        for i in range(len(feature_matrix)):
            theta, theta_0 = perceptron_single_step_update(feature_matrix[i], labels[i], theta, theta_0)
            theta_sum = theta_sum + theta
    return (theta_sum / (T * len(feature_matrix[0])), theta_0 / (T * len(feature_matrix[0])))


def classify(feature_matrix, theta, theta_0):
    return np.array([1 if np.dot(theta, x) + theta_0 > 0 else -1 for x in feature_matrix])

"""A correct project file that imports every library Rosenblatt itself depends on (sympy probes gmpy2 and
python-flint at import, optionally) and common ones the grading environment may lack (pandas, scipy, sklearn,
matplotlib): stand-ins serve only the imports the file writes, never a library's optional ones.

Expected: score = max
"""
import jinja2
import jsonschema
import latex2mathml.converter
import nbformat
import sympy
import yaml
import pandas as pd
import scipy.optimize
import sklearn.svm


from string import punctuation, digits

import numpy as np
import matplotlib.pyplot as plt
import utils


def perceptron_single_step_update(feature_vector, label, current_theta, current_theta_0):
    if label * (np.dot(feature_vector, current_theta) + current_theta_0) <= 0:
        current_theta += label * feature_vector
        current_theta_0 += label
    return (current_theta, current_theta_0)


def perceptron(feature_matrix, labels, T):
    theta, theta_0 = np.zeros(feature_matrix.shape[1]), 0.0
    for t in xrange(T):
        for i in xrange(feature_matrix.shape[0]):
            theta, theta_0 = perceptron_single_step_update(feature_matrix[i], labels[i], theta, theta_0)
    return (theta, theta_0)


def average_perceptron(feature_matrix, labels, T):
    n, d = feature_matrix.shape
    theta, theta_0 = np.zeros(d), 0.0
    theta_sum, theta_0_sum = np.zeros(d), 0.0
    for t in range(T):
        for i in range(n):
            theta, theta_0 = perceptron_single_step_update(feature_matrix[i], labels[i], theta, theta_0)
            theta_sum += theta
            theta_0_sum += theta_0
    return (theta_sum / np.float(n * T), theta_0_sum / (n * T))


def classify(feature_matrix, theta, theta_0):
    return np.array([1 if np.dot(theta, x) + theta_0 > 0 else -1 for x in feature_matrix])


def plot_toy_results(feature_matrix, labels, theta, theta_0):
    plt.scatter(feature_matrix[:, 0], feature_matrix[:, 1], c=labels)
    plt.show()

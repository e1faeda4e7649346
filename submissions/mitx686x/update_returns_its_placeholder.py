"""The single-step update starts from a placeholder, a 0-d array, and replaces it only inside a test that is never
true (a sum of squares below zero): every call returns the placeholder, whatever the point and the weights. No
classic mistake of the update's test returns a value of the wrong shape, so the finding says what was seen. The
file has only this function (a student's first part).

Expected: score < max; diagnosis: same-value
"""

import numpy as np


def perceptron_single_step_update(feature_vector, label, current_theta, current_theta_0):
    result = np.array(0.0)
    agreement = np.square(label * (feature_vector * current_theta + current_theta_0))
    if agreement.sum() < 0:
        result = current_theta + label * feature_vector
        current_theta_0 = current_theta_0 + label
    return result, current_theta_0


"""The single step scores the point with the elementwise product (`current_theta * feature_vector`, an array) and
updates only when its norm is 0, that is when every θᵢxᵢ + θ₀ is 0; otherwise it returns the placeholder it set
first, a 0-d array. The placeholder hides the test on every graded call (the finding says what came back), and the
elementwise probes read the test on calls that do update: it updates on a point that is no mistake but whose
θᵢxᵢ + θ₀ are all 0. The file has only this function (a student's first part).

Expected: score < max; diagnosis: same-value; named: elementwise-score
"""

import numpy as np


def perceptron_single_step_update(feature_vector, label, current_theta, current_theta_0):
    new_theta = np.array(current_theta.ndim)
    new_theta_0 = 0.0
    if np.linalg.norm(label * (current_theta * feature_vector + current_theta_0)) == 0:
        new_theta = current_theta + label * feature_vector
        new_theta_0 = current_theta_0 + label
    return new_theta, new_theta_0

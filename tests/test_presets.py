"""Each bundled preset reproduces the values its course publishes for its own data (sources cited per test)."""

from __future__ import annotations

from fractions import Fraction
from pathlib import Path

import numpy as np
import pytest

from exercises.cli.main import main
from grader.assignments import preset_names, tolerance
from grader.assignments.assignment import bundled, load
from grader.judging.calling import Answer
from grader.cases.case import Case, Expected
from grader.assignments.orders import get_order
from grader.judging.properties import classifies, count_ok
from grader.assignments.reference import augment, run
from grader.tasks import classify, perceptron, update

F = Fraction
PRESETS = tuple(n for n in preset_names() if n not in ("default", "column"))  # the real courses' presets


def pts(rows):
    return tuple(tuple(F(str(v)) for v in row) for row in rows)


def test_every_preset_loads_with_a_handout_and_list_shows_them(capsys):
    names = {a.name for a in bundled()}
    assert set(PRESETS) <= names
    for name in PRESETS:
        a = load(name)
        text = Path(a.handout).read_text()
        assert len(text) > 800 and "graded" in text.lower(), name
    assert main(["list"]) == 0
    out = capsys.readouterr().out
    for name in PRESETS:
        assert name in out and load(name).title in out


# MITx 6.86x project 1, test.py (public copy: github.com/annetta-zheng/sentiment_analysis, test.py at commit
# 6fa9095d): check_get_order, check_perceptron_single_update, check_perceptron, check_average_perceptron,
# check_classify.
MITX_TRAINING = [  # feature_matrix, labels, T, perceptron result, average_perceptron result
    ([[1, 2]], [1], 1, ([1, 2], 1), ([1, 2], 1)),
    ([[1, 2], [-1, 0]], [1, 1], 1, ([0, 2], 2), ([-0.5, 1], 1.5)),
    ([[1, 2]], [1], 2, ([1, 2], 1), ([1, 2], 1)),
    ([[1, 2], [-1, 0]], [1, 1], 2, ([0, 2], 2), ([-0.25, 1.5], 1.75)),
]


def test_mitx686x_get_order():
    assert list(get_order(1)) == [0] and list(get_order(2)) == [1, 0]


@pytest.mark.parametrize("X, y, T, plain, averaged", MITX_TRAINING)
def test_mitx686x_perceptron_and_average_perceptron(X, y, T, plain, averaged):
    a = load("mitx686x")
    p, avg = a.spec("perceptron"), a.spec("average_perceptron")
    e = perceptron.expected(p, pts(X), y, True, T, None, None)
    assert (e.theta, e.theta0) == (pts([plain[0]])[0], F(plain[1]))
    e = perceptron.expected(avg, pts(X), y, True, T, None, None, average=True)
    assert (e.theta, e.theta0) == (pts([averaged[0]])[0], F(str(averaged[1])))


def test_mitx686x_single_step_update_and_classify():
    a = load("mitx686x")
    step, cls = a.spec("perceptron_single_step_update"), a.spec("classify")
    for theta0, want, want0 in ((F("-1.5"), (0, 3), F("-0.5")), (F(-1), (0, 3), F(0))):  # the second is on the boundary
        e = update.expected(step, pts([[1, 2]]), [1], ((F(-1), F(1)), theta0), None)
        assert (e.theta, e.theta0) == (pts([want])[0], want0)
    assert classify.expected(cls, pts([[1, 1]] * 3), ((F(1), F(1)), F(0))).predictions == (1, 1, 1)
    assert classify.expected(cls, pts([[-1, 1]]), ((F(1), F(1)), F(0))).predictions == (-1,)  # boundary: -1


# MIT 6.036 homework 2, code_for_hw02.py (public copy found by the search tool): expected_perceptron and
# expected_averaged for super_simple_separable_through_origin() and xor(), params {"T": 100}.
MIT6036 = [
    ([[2, 3, 9, 12], [5, 1, 6, 5]], [1, -1, 1, -1], ([-9.0, 18.0], 2.0), ([-9.0525, 17.5825], 1.9425)),
    ([[1, 2, 1, 2], [1, 2, 2, 1]], [1, 1, -1, -1], ([0.0, -3.0], 0.0), ([1.47, -1.7275], 0.985)),
]


@pytest.mark.parametrize("data, labels, plain, averaged", MIT6036)
def test_mit6036_perceptron_and_averaged_perceptron(data, labels, plain, averaged):
    a = load("mit6036")
    X = pts(np.array(data).T.tolist())
    e = perceptron.expected(a.spec("perceptron"), X, labels, True, 100, None, None)
    assert [float(v) for v in e.theta] == plain[0] and float(e.theta0) == plain[1]
    e = perceptron.expected(a.spec("averaged_perceptron"), X, labels, True, 100, None, None, average=True)
    # the course compares floats with ==: the correctly rounded exact mean is the published float
    assert [float(v) for v in e.theta] == averaged[0] and float(e.theta0) == averaged[1]


# CS188 Spring 2018 machine learning project, autograder.py check_perceptron (public copy found by the search
# tool): weights start at zero, an untrained perceptron predicts 1, and four updates with y = -1 give
# [0, 1], [1, 1], [1, 1], [-0.8, -1.6] and return True, True, False, True.
def test_cs188_published_update_sequence_and_untrained_prediction():
    a = load("cs188")
    xs = pts([[0, -1], [-1, 0], [1, -2], [1.8, 2.6]])
    e = update.expected(a.spec("update"), xs, [-1, -1, -1, -1], None, None)
    assert e.changed == (True, True, False, True)
    assert [s[0] for s in e.states] == [pts([w])[0] for w in ([0, 1], [1, 1], [1, 1], [-0.8, -1.6])]
    zero = classify.expected(a.spec("predict"), pts([[3, -7], [-2, 0.5]]), None)
    assert zero.predictions == (1, 1)


# CS4780 perceptron project, test_perceptron_update1 (public copies of the course notebook found by the search
# tool): x = [0, 1], y = -1, w = [1, 1] gives [1, 0]; perceptron_test2's 20 points must all be classified.
CS4780_POINTS = [[-0.70072, -1.15826], [-2.23769, -1.42917], [-1.28357, -3.52909], [-3.27927, -1.47949],
                 [-1.98508, -0.65195], [-1.40251, -1.27096], [-3.35145, -0.50274], [-1.37491, -3.74950],
                 [-3.44509, -2.82399], [-0.99489, -1.90591], [0.63155, 1.83584], [2.41051, 1.13768],
                 [-0.19401, 0.62158], [2.08617, 4.41117], [2.20720, 1.24066], [0.32384, 3.39487],
                 [1.44111, 1.48273], [0.59591, 0.87830], [2.96363, 3.00412], [1.70080, 1.80916]]


def test_cs4780_update_perceptron_and_classify_on_the_course_data():
    """The current notebook: perceptronUpdate([0, 1], -1, [1, 1]) = [1, 0]; from w = 0 the update gives ±x
    (test_perceptron_update2/3); perceptron_test2's 20 points all classified by (w, b); test_linear2's
    hyperplane w0 = (0.5, -0.3), b0 = -0.1 classifies its own labels (points off the boundary)."""
    a = load("cs4780")
    up = a.spec("perceptronUpdate")
    assert up.names == ("perceptronUpdate", "perceptron_update")
    assert update.expected(up, pts([[0, 1]]), [-1], ((F(1), F(1)), F(0)), None).theta == (F(1), F(0))
    x = pts([[0.25, 0.5, 0.75]])[0]
    for label in (1, -1):
        e = update.expected(up, (x,), [label], ((F(0),) * 3, F(0)), None)
        assert e.theta == tuple(label * v for v in x)
    f = a.spec("perceptron")
    X = tuple(tuple(F(float(v)) for v in row) for row in CS4780_POINTS)
    y = tuple([1] * 10 + [-1] * 10)
    for seed in range(20):  # any visiting order converges within 100 passes; (w, b) separates strictly
        order = np.random.default_rng(seed).permutation(20)
        r = run(tuple(X[i] for i in order), tuple(y[i] for i in order), f.convention, offset=True)
        assert r.converged and r.epochs <= 100
        case = Case("c", "separable", (), True, "", X, y, True, 100, Expected(r.theta, r.theta0, True, 0), None, 1.0)
        assert classifies(f, case, Answer(theta=r.theta, theta0=r.theta0))
    c = a.spec("classifyLinear")
    pts2 = pts(np.random.default_rng(0).integers(-8, 9, size=(50, 2)) / 16)
    w0, b0 = (F(1, 2), F(-3, 10)), F(-1, 10)
    labels = [1 if sum(p * q for p, q in zip(w0, row)) + b0 > 0 else -1 for row in pts2]
    assert list(classify.expected(c, pts2, (w0, b0)).predictions) == labels


def test_cs4780_folded_update_and_perceptron_on_the_course_data():
    a = load("cs4780-folded")
    e = update.expected(a.spec("perceptron_update"), pts([[0, 1]]), [-1], ((F(1), F(1)), F(0)), None)
    assert e.theta == (F(1), F(0))
    f = a.spec("perceptron")
    X = tuple(tuple(F(float(v)) for v in row) for row in CS4780_POINTS)  # the floats the student receives
    y = tuple([1] * 10 + [-1] * 10)
    Xs = augment(X, "last")
    for seed in range(20):  # any visiting order converges within the course's 100 passes and separates
        order = np.random.default_rng(seed).permutation(20)
        r = run(tuple(Xs[i] for i in order), tuple(y[i] for i in order), f.convention, offset=False)
        assert r.converged and r.epochs <= 100
        case = Case("c", "separable", (), True, "", X, y, True, 100, Expected(r.theta, F(0), True, 0), None, 1.0)
        assert classifies(f, case, Answer(theta=r.theta))


# Udacity's perceptron quiz: data.csv (tests/data/udacity_perceptron.csv, from a public copy of the lesson found by
# the search tool), W = rand(2, 1) and b = rand() + max(x) after np.random.seed(42), 25 calls of perceptronStep
# with learn_rate 0.01. Udacity publishes the data and its solution, not numbers: this reproduces the solution's
# float run within the bound derived from the exact run (learn_rate = 1/100 exactly), at every step.
def _udacity_float_step(X, y, W, b, rate):
    for i in range(len(X)):
        y_hat = 1 if (X[i] @ W + b)[0] >= 0 else 0
        if y[i] - y_hat == 1:
            W[0] += X[i][0] * rate
            W[1] += X[i][1] * rate
            b += rate
        elif y[i] - y_hat == -1:
            W[0] -= X[i][0] * rate
            W[1] -= X[i][1] * rate
            b -= rate
    return W, b


def test_udacity_solution_run_on_the_course_data_within_the_derived_bound():
    f = load("udacity").primary
    raw = np.loadtxt(Path(__file__).parent / "data" / "udacity_perceptron.csv", delimiter=",")
    X, y01 = raw[:, :2], raw[:, 2].astype(int)
    rng = np.random.RandomState(42)  # a private generator: the same numbers as np.random.seed(42)
    W, b = np.array(rng.rand(2, 1)), rng.rand(1)[0] + max(X.T[0])
    Xf = tuple(tuple(F(float(v)) for v in row) for row in X)
    y = tuple(1 if v else -1 for v in y01)
    theta, theta0 = tuple(F(float(v)) for v in W.reshape(-1)), F(float(b))
    for _ in range(25):
        bounds = tolerance.derived(Xf, y, f.convention, offset=True, passes=1, step=F(1, 100), theta=theta,
                                   theta0=theta0, exact_data=False)
        assert bounds is not None, "rounding could change a decision on the course's data"
        r = run(Xf, y, f.convention, offset=True, step=F(1, 100), theta=theta, theta0=theta0)
        W, b = _udacity_float_step(X, y01, W, b, 0.01)
        got = tuple(F(float(v)) for v in W.reshape(-1)) + (F(float(b)),)
        assert tolerance.within(got, r.theta + (r.theta0,), bounds)
        theta, theta0 = got[:2], got[2]  # the next call starts where the course's floats are


# Learning From Data, homework 1, problems 7-10 (answers 7 [b] 15, 8 [c] 0.1, 9 [b] 100, 10 [b] 0.01; the
# course's answer key, discussed at book.caltech.edu/bookforum): PLA from w = 0 on N random points of [-1, 1]²
# labelled by a random line, a random misclassified point per iteration. Every run's (w, iterations) must pass the
# lfd preset's property checks, and the averages must be closest to the published answers.
def _pla_experiment(N: int, runs: int, seed: int):
    f = load("lfd").primary
    rng = np.random.default_rng(seed)
    iterations, disagreement = [], []
    for _ in range(runs):
        p, q = rng.uniform(-1, 1, (2, 2))
        target = np.array([p[0] * q[1] - q[0] * p[1], p[1] - q[1], q[0] - p[0]])  # the line through p and q
        X = rng.uniform(-1, 1, (N, 2))
        Xa = np.c_[np.ones(N), X]
        y = np.sign(Xa @ target).astype(int)
        w, k = np.zeros(3), 0
        while (bad := np.flatnonzero(np.sign(Xa @ w) != y)).size:
            i = rng.choice(bad)
            w, k = w + y[i] * Xa[i], k + 1
        Xe = tuple(tuple(F(float(v)) for v in row) for row in X)
        star = tuple(F(float(v)) for v in target)
        from rosenblatt.core import Separator
        case = Case("c", "separable", (), True, "", Xe, tuple(int(v) for v in y), True, None,
                    Expected((F(0),) * 3, F(0), True, 0), Separator(star[1:], star[0]), 1.0)
        answer = Answer(theta=tuple(F(float(v)) for v in w), mistakes=k)
        assert classifies(f, case, answer) and count_ok(f, case, answer)
        test = np.c_[np.ones(2000), rng.uniform(-1, 1, (2000, 2))]
        iterations.append(k)
        disagreement.append(np.mean(np.sign(test @ w) != np.sign(test @ target)))
    return np.mean(iterations), np.mean(disagreement)


def _closest(value, choices):
    return min(choices, key=lambda c: abs(c - value))


def test_lfd_homework1_problems_7_and_8():
    its, p = _pla_experiment(10, 1000, seed=7)
    assert _closest(its, [1, 15, 300, 5000, 10000]) == 15
    assert _closest(p, [0.001, 0.01, 0.1, 0.5, 0.8]) == 0.1


@pytest.mark.slow
def test_lfd_homework1_problems_9_and_10():
    its, p = _pla_experiment(100, 300, seed=9)
    assert _closest(its, [50, 100, 500, 1000, 5000]) == 100
    assert _closest(p, [0.001, 0.01, 0.1, 0.5, 0.8]) == 0.01


# MIT 6.036 project 1 (2016-2017): the project's docstrings are those of MITx 6.86x's project1.py, and the course's
# checks that do not depend on the visiting order carry over (test.py's check_perceptron_single_update and the
# one-point check_perceptron / check_average_perceptron); with two points, the order is the rows' own.
def test_mit6036_project1_published_checks_and_rows_in_order():
    a = load("mit6036-project1")
    step, p, avg = a.spec("perceptron_single_step_update"), a.spec("perceptron"), a.spec("average_perceptron")
    for theta0, want, want0 in ((F("-1.5"), (0, 3), F("-0.5")), (F(-1), (0, 3), F(0))):
        e = update.expected(step, pts([[1, 2]]), [1], ((F(-1), F(1)), theta0), None)
        assert (e.theta, e.theta0) == (pts([want])[0], want0)
    for T in (1, 2):
        e = perceptron.expected(p, pts([[1, 2]]), [1], True, T, None, None)
        assert (e.theta, e.theta0) == (pts([[1, 2]])[0], F(1))
        e = perceptron.expected(avg, pts([[1, 2]]), [1], True, T, None, None, average=True)
        assert (e.theta, e.theta0) == (pts([[1, 2]])[0], F(1))
    # rows in order: visit (1, 2) then (-1, 0), both mistakes; the average is over the two visits
    e = perceptron.expected(avg, pts([[1, 2], [-1, 0]]), [1, 1], True, 1, None, None, average=True)
    assert (e.theta, e.theta0) == (pts([[0.5, 2]])[0], F(3, 2))  # 6.86x's get_order gives (-0.5, 1), 1.5

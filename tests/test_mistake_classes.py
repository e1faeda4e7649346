"""Two classes of real mistakes as exact mutants, each checked against the numpy code that makes it: an average whose
running sum is the weights' own array (updated in place), and a mistake test on the elementwise product θ*x."""

from __future__ import annotations

from fractions import Fraction

import numpy as np

from grader.assignments import Convention, Knobs, run
from grader.assignments.assignment import load
from grader import tasks
from grader.diagnosis import build_probes

F = Fraction


def _data(seed: int, n: int = 6, d: int = 3):
    rng = np.random.default_rng(seed)
    X = rng.integers(-3, 4, size=(n, d))
    y = rng.choice([-1, 1], size=n)
    return X, y, tuple(tuple(F(int(v)) for v in row) for row in X), tuple(int(v) for v in y)


def _aliased_average(X, y, T):
    """The aliasing as students write it: one array for the sum and the weights, the weights updated in place."""
    total = theta = np.zeros(X.shape[1])
    total_0 = theta_0 = 0.0
    for _ in range(T):
        for x, label in zip(X, y):
            if label * (np.dot(theta, x) + theta_0) <= 0:
                theta += label * x
                theta_0 += label
            total = total + theta
            total_0 += theta_0
    return total / (len(X) * T), total_0 / (len(X) * T)


def test_the_aliased_average_mutant_is_what_the_aliasing_code_returns():
    conv = Convention()
    for seed in range(20):
        X, y, Xf, yf = _data(seed)
        r = run(Xf, yf, conv, offset=True, max_epochs=2, average=True, knobs=Knobs(average="aliased"))
        right = run(Xf, yf, conv, offset=True, max_epochs=2, average=True, record=True)
        theta, theta0 = _aliased_average(X, y, 2)
        assert [float(v) for v in r.averaged[0]] == list(theta) and float(r.averaged[1]) == theta0
        first = right.states[0][0]  # θ after the first visit: counted twice, θ₀ summed right
        assert r.averaged[0] == tuple(a + b / 12 for a, b in zip(right.averaged[0], first))
        assert r.averaged[1] == right.averaged[1]


TESTS = {"zero": lambda v: np.linalg.norm(v) <= 0, "all": lambda v: np.all(v <= 0), "any": lambda v: np.any(v <= 0)}


def _elementwise(X, y, T, test):
    theta, theta_0 = np.zeros(X.shape[1]), 0.0
    for _ in range(T):
        for x, label in zip(X, y):
            if test(label * (theta * x + theta_0)):
                theta, theta_0 = theta + label * x, theta_0 + label
    return theta, theta_0


def test_each_elementwise_mutant_is_what_its_numpy_test_does():
    conv = Convention()
    differs = set()
    for seed in range(20):
        X, y, Xf, yf = _data(seed)
        right = run(Xf, yf, conv, offset=True, max_epochs=3)
        for name, test in TESTS.items():
            r = run(Xf, yf, conv, offset=True, max_epochs=3, knobs=Knobs(elementwise=name))
            theta, theta0 = _elementwise(X, y, 3, test)
            assert [float(v) for v in r.theta] == list(theta) and float(r.theta0) == theta0, (seed, name)
            if (r.theta, r.theta0) != (right.theta, right.theta0):
                differs.add(name)
    assert differs == set(TESTS)


def test_the_elementwise_probes_tell_the_test_apart():
    """6.86x's single step gets both probes; the reference leaves the weights unchanged on both, the elementwise
    readings update on the first only, an update without a test on both, a `<= 1` margin on neither."""
    a = load("mitx686x")
    probes = {p.kind: p.case for p in build_probes(a, tasks.visible(a))}
    first, plain = probes["elementwise"], probes["elementwise-plain"]
    f = a.spec(first.function)
    for case in (first, plain):
        assert (case.expected.theta, case.expected.theta0) == case.start
    for name in TESTS:
        moved = [tasks.mutant(f, c, Knobs(elementwise=name)).theta != c.start[0] for c in (first, plain)]
        assert moved == [True, False], name
    assert [tasks.mutant(f, c, Knobs(always=True)).theta != c.start[0] for c in (first, plain)] == [True, True]
    assert [tasks.mutant(f, c, Knobs(tolerance=F(1))).theta != c.start[0] for c in (first, plain)] == [False, False]
    for name in ("mit6036-project1", "udacity", "cs4780"):  # no single step that updates on mistakes only
        b = load(name)
        assert not [p for p in build_probes(b, tasks.visible(b)) if p.kind.startswith("elementwise")], name

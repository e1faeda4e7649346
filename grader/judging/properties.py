"""Checks where the course leaves the result open or floats cannot be exact: separators under the tie rule, counts
within the perceptron's bounds, predictions consistent with the weights, numbers within the derived tolerance."""

from __future__ import annotations

import functools
from fractions import Fraction

from rosenblatt.core import Separator, scaled_to_integers, verify_separator
from grader.assignments import within_bounds, FunctionSpec, classify
from grader.judging import online
from grader.judging.calling import Answer
from grader.cases import Case, passes


def space(f: FunctionSpec, case: Case, answer: Answer):
    """Points, weights and certificate in the space the perceptron runs in: (x, 1) with an offset or a folded bias."""
    conv = f.convention
    cert = case.certificate
    pts = passes.space(f, case.X, case.offset)
    if conv.folded:
        w = tuple(answer.theta)
        star = None
        if isinstance(cert, Separator):
            star = (cert.theta0,) + tuple(cert.theta) if conv.bias == "first" else tuple(cert.theta) + (cert.theta0,)
        return pts, w, star, (0 if conv.bias == "first" else len(w) - 1)
    theta0 = answer.theta0 if answer.theta0 is not None else Fraction(0)
    if not case.offset:
        star = tuple(cert.theta) if isinstance(cert, Separator) else None
        return pts, tuple(answer.theta), star, None
    star = tuple(cert.theta) + (cert.theta0,) if isinstance(cert, Separator) else None
    return pts, tuple(answer.theta) + (theta0,), star, len(pts[0]) - 1


def classifies(f: FunctionSpec, case: Case, answer: Answer) -> bool:
    """Every training point gets its label: strictly for a `<= 0` course, by the tie rule otherwise."""
    conv = f.convention
    if conv.tie == "mistake" and not conv.folded:
        theta0 = answer.theta0 if answer.theta0 is not None else Fraction(0)
        return verify_separator(case.X, case.y, Separator(answer.theta, theta0), case.offset)
    pts, w, _, _ = space(f, case, answer)
    if conv.tie == "mistake":
        return verify_separator(pts, case.y, Separator(w, Fraction(0)), False)
    xs, th, _, _ = scaled_to_integers(pts, w)  # the same signs as the exact scores, in integers
    return all(not conv.mistake(sum(a * b for a, b in zip(th, x)), yi) for x, yi in zip(xs, case.y))


def count_ok(f: FunctionSpec, case: Case, answer: Answer) -> bool:
    """A mistake count k the perceptron (from zero, step η, any order) can produce with these weights w: by the
    convergence proof w·w* ≥ k·η·γ* and ‖w‖² ≤ k·η²·R², k ≤ (R‖w*‖/γ*)², and the bias moved by ±η k times."""
    k, eta = answer.mistakes, f.convention.steps[0]
    pts, w, star, bias = space(f, case, answer)
    if star is None or f.convention.start != "zero":
        return True
    margin, r2 = _geometry(pts, case.y, star)
    if margin <= 0 or k * margin * margin > r2 * sum(v * v for v in star):
        return False
    if sum(a * b for a, b in zip(w, star)) < k * eta * margin or sum(v * v for v in w) > k * eta * eta * r2:
        return False
    if bias is not None:
        b = w[bias] / eta
        return b.denominator == 1 and abs(b) <= k and (k - b) % 2 == 0
    return True


def batch_answer(f: FunctionSpec, case: Case, answer: Answer) -> bool:
    """The weights are (η times) what a batch perceptron from zero returns on these data."""
    pts, w, _, _ = space(f, case, answer)
    got = online.batch(f.convention, pts, tuple(case.y), f.convention.steps[0])
    return got is not None and any(got) and online.proportional(w, got)


def online_ok(f: FunctionSpec, case: Case, answer: Answer) -> bool:
    """Weights an online perceptron from zero can end with, in some visiting order (small data only; other data,
    another start or a count of passes fixed by the course: not checked)."""
    if f.convention.start != "zero" or f.convention.limit is not None and not case.expected.converged:
        return True
    pts, w, _, _ = space(f, case, answer)
    ends = online.reachable(f.convention, pts, tuple(case.y))
    return ends is None or online.is_reachable(ends, pts, w)


@functools.lru_cache(maxsize=256)
def _geometry(pts, y, star) -> tuple[Fraction, Fraction]:
    """The separator's smallest margin min y(w*·x) and the largest ‖x‖² (computed once per case)."""
    margin = min(yi * sum(a * b for a, b in zip(star, x)) for x, yi in zip(pts, y))
    return margin, max(sum(v * v for v in x) for x in pts)


def training(f: FunctionSpec, case: Case, answer: Answer) -> tuple[str, ...]:
    """Free order or start: on separable data the weights must classify every point (and converged be True, the
    count be possible); on data never cleared, converged must be False."""
    wrong = []
    theta0 = answer.theta0 if answer.theta0 is not None else Fraction(0)
    if not case.offset and theta0 != 0:
        wrong.append("theta0")
    if case.separable:
        if not classifies(f, case, answer):
            wrong.append("theta")
        if answer.converged is False:
            wrong.append("converged")
        if answer.mistakes is not None and not count_ok(f, case, answer):
            wrong.append("mistakes")
        if not wrong and not online_ok(f, case, answer):
            wrong.append("online")
    elif not case.expected.converged and answer.converged is True:
        wrong.append("converged")
    return tuple(dict.fromkeys(wrong))


def within_tolerance(f: FunctionSpec, case: Case, answer: Answer) -> tuple[str, ...]:
    """η that floats cannot hold: θ and θ₀ within the derived bound, the rest exactly."""
    e, bounds = case.expected, case.expected.tolerance
    wrong = []
    for field in f.returns:
        if field == "theta":
            ok = within_bounds(answer.theta, e.theta, bounds[:-1])
        elif field == "theta0":
            ok = within_bounds((answer.theta0,), (e.theta0,), bounds[-1:])
        else:
            ok = getattr(answer, field) == getattr(e, field)
        if not ok:
            wrong.append(field)
    return tuple(wrong)


def predictions(f: FunctionSpec, case: Case, answer: Answer) -> tuple[str, ...]:
    """The labels must be the course's for the given weights (a method: for the weights the model reports)."""
    want = case.expected.predictions
    if f.method and answer.theta is not None and answer.theta != case.expected.theta:
        want = classify(case.X, answer.theta, Fraction(0), f.convention)
    return () if answer.predictions == want else ("predictions",)


def sequence(case: Case, answer: Answer) -> tuple[str, ...]:
    """A method's update sequence: what each call returned, and the weights after each."""
    e = case.expected
    wrong = []
    if answer.changed != e.changed:
        wrong.append("changed")
    if answer.states != tuple(s[0] for s in e.states):
        wrong.append("theta")
    return tuple(wrong)

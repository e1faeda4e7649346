"""Training data that tell one mistake apart under a course's convention: a near tie (a point at margin 2⁻¹⁰, which a
tolerance in the mistake test counts as a mistake), a zero feature (an update that leaves a coordinate of θ where
it was, which a loop that counts a change only where every coordinate moves takes for a clean pass), and a tie
from a start the course's module draws."""

from __future__ import annotations

from fractions import Fraction

from rosenblatt.core import Separator, decide, verify_separator
from grader.assignments import FunctionSpec, Knobs, augment, run, visiting_order
from grader.cases.draw import MAX_TRIES, grid_2d
from grader.cases.mutants import NEAR_MARGIN, TOLERANCE

EPOCHS = 100  # the passes a near-tie or zero-feature case allows (it converges in a few)


def exact_course(f: FunctionSpec) -> bool:
    """A course whose training result these data can be built for: graded exactly, from zero, with η = 1."""
    c = f.convention
    return (not c.by_property and c.start == "zero" and not f.passes("step") and c.steps == (Fraction(1),)
            and not c.zero_one and c.update != "always")


def _result(f: FunctionSpec, X, y, offset: bool, epochs: int, knobs: Knobs = Knobs()):
    c = f.convention
    Xs = augment(X, c.bias) if c.folded else X
    limit = None if c.epochs == "none" else epochs
    r = run(Xs, y, c, offset=offset and not c.folded, max_epochs=limit, knobs=knobs, average=f.averages)
    return (r.averaged if f.averages else (r.theta, r.theta0)), r.converged


def _shows(f: FunctionSpec, X, y, offset: bool, knobs: Knobs, epochs: int) -> bool:
    """The reference converges on the data, and the mistake `knobs` returns other weights (or averages)."""
    right = _result(f, X, y, offset, epochs)
    return right[1] and _result(f, X, y, offset, epochs, knobs)[0] != right[0]


def near_tie(rng, f: FunctionSpec, offset: bool, epochs: int = EPOCHS) -> dict | None:
    """Two points: the first visited (label y₁, a mistake at θ = 0) sets θ = y₁x̃₁; the second, x̃₂ with
    x̃₁·x̃₂ = y₁y₂·2⁻¹⁰, then lies at margin 2⁻¹⁰ (exact in binary floating point) and every later pass is clean.
    `<= 0` and `<= 1e-9` leave it alone; `<= 0.01` updates on it. None where the course is not `exact_course` or
    its tie is not a mistake (a label comparison has no tolerance)."""
    c = f.convention
    if not exact_course(f) or c.tie != "mistake":
        return None
    bias = 1 if (offset or c.folded) else 0
    for _ in range(MAX_TRIES):
        y1, y2 = (int(v) for v in rng.choice([-1, 1], size=2))
        a, v = (Fraction(int(t), 2) for t in rng.integers(-6, 7, size=2))
        p1 = (Fraction(1), a)
        p2 = (y1 * y2 * NEAR_MARGIN - bias - a * v, v)
        first, second = visiting_order(c.order, 2)
        X, y = [None, None], [0, 0]
        X[first], X[second], y[first], y[second] = p1, p2, y1, y2
        X, y = tuple(X), tuple(y)
        sep = Separator(tuple(y1 * t for t in p1), Fraction(y1 * bias) if offset else Fraction(0))
        if verify_separator(X, y, sep, offset) and _shows(f, X, y, offset, Knobs(tolerance=TOLERANCE), epochs):
            return dict(X=X, y=y, offset=offset, max_epochs=epochs, cert=sep)
    return None


def zero_feature(rng, f: FunctionSpec, offset: bool) -> dict | None:
    """Separable points in 2-D, each with a zero coordinate, on which the course's loop (which stops after a pass
    without updates) and one that counts a pass as changed only where an update moved every coordinate of θ
    return different weights. None where the course does not stop early or is not `exact_course`."""
    c = f.convention
    if not exact_course(f) or c.limit == 1:
        return None
    for _ in range(MAX_TRIES):
        drawn = grid_2d(rng, int(rng.integers(3, 6)), offset, zero=True)
        if drawn is None:
            continue
        X, y, sep = drawn
        if verify_separator(X, y, sep, offset) and _shows(f, X, y, offset, Knobs(all_change=True), EPOCHS):
            return dict(X=X, y=y, offset=offset, max_epochs=EPOCHS, cert=sep)
    return None


def course_tie(rng, f: FunctionSpec, start, label: int) -> dict | None:
    """For a course whose module draws the start (CS188's nn), where data from zero never meet a tie: the first point
    visited, a mistake at that start, moves θ's features to (1, t) (the bias moves by y₁); the second lies exactly on
    the boundary θ·x̃ = 0, with `label`. Cases of both labels tell strict `< 0` (no update on a tie) apart from a
    one-sided tie (a score of 0 predicts -1). None where the course's bias is not folded, or its order is not fixed."""
    c = f.convention
    if c.start != "course" or not c.folded or c.by_property or c.steps != (Fraction(1),) or start is None:
        return None
    theta = start[0]
    k = 0 if c.bias == "first" else len(theta) - 1  # where the bias sits in θ
    features, bias = theta[:k] + theta[k + 1:], theta[k]
    first, second = visiting_order(c.order, 2)
    for _ in range(MAX_TRIES):
        y1 = int(rng.choice([-1, 1]))
        target = (Fraction(1),) + tuple(Fraction(int(t), 2) for t in rng.integers(-2, 3, size=len(features) - 1))
        x1 = tuple(y1 * (t - w) for t, w in zip(target, features))
        if not c.mistake(sum(a * b for a, b in zip(features, x1)) + bias, y1):
            continue
        rest = tuple(Fraction(int(t), 2) for t in rng.integers(-4, 5, size=len(features) - 1))
        x2 = (-(bias + y1) - sum(a * b for a, b in zip(target[1:], rest)),) + rest
        X, y = [None, None], [0, 0]
        X[first], X[second], y[first], y[second] = x1, x2, y1, label
        X, y = tuple(X), tuple(y)
        dec = decide(X, y, True)
        if dec.separable and _tie_shows(c, augment(X, c.bias), y, theta, label):
            return dict(X=X, y=y, offset=True, max_epochs=EPOCHS, cert=dec.certificate)
    return None


def _tie_shows(c, Xs, y, theta, label: int) -> bool:
    """The course converges from its start, and taking the tie the other way (no update where the course makes one,
    `< 0`; an update where it makes none, `<= 0`) ends elsewhere."""
    right = run(Xs, y, c, offset=False, max_epochs=EPOCHS, theta=theta)
    other = Knobs(tie="strict") if c.mistake(0, label) else Knobs(tie="mistake")
    return right.converged and run(Xs, y, c, offset=False, max_epochs=EPOCHS, theta=theta, knobs=other).theta \
        != right.theta

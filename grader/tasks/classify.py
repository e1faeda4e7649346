"""The classify task: predictions of given weights on points, with the course's label for a score of exactly 0."""

from __future__ import annotations

from fractions import Fraction

import numpy as np

from grader.assignments import Assignment, FunctionSpec, Knobs, classify, course_start
from grader.cases import FLIP, Case, Expected
from grader.tasks import base
from grader.tasks.update import _point, _weights

SIZES = {"points": (6, 3), "tie": (6, 2), "single-point": (1, 3), "one-dimensional": (5, 1),
         "input-mutation": (4, 2), "interface": (4, 2)}


def expected(f: FunctionSpec, X, start, tie: str | None = None) -> Expected:
    theta, theta0 = start if start is not None else ((Fraction(0),) * len(X[0]), Fraction(0))
    return Expected(tuple(theta), theta0, False, 0, predictions=classify(X, theta, theta0, f.convention, tie))


def _case(a: Assignment, f: FunctionSpec, family: str, visible: bool, cid: str, rng, zero: bool = False) -> Case:
    conv = f.convention
    n, d = SIZES[family]
    theta, theta0 = _weights(rng, f, d) if not zero else ((Fraction(0),) * d, Fraction(0))
    ties = family == "tie" and conv.tie != "avoid"
    if conv.start in ("course", "ones") and f.method:  # the model's weights are its start (the course module's
        # draw, or ones): its one point lies on their boundary, as on zero weights
        (theta, theta0), zero = course_start(cid, d) if conv.start == "course" else ((Fraction(1),) * d, Fraction(0)), False
        ties = ties or family == "single-point"
    X = []
    for k in range(n):
        kind = "tie" if zero or (ties and k % 3 == 1) or (ties and n == 1) else ("mistake" if k % 2 else "correct")
        X.append(_point(rng, f, theta, theta0, kind, d, 2)[0])
    start = (theta, theta0)
    exp = expected(f, X, start)
    check = {"input-mutation": "mutation", "interface": "interface"}.get(family, "result")
    title = f"{n} point{'s' if n != 1 else ''} in {d}-D" + (", weights zero" if zero else ", given weights"
                                                             if conv.start not in ("course", "ones")
                                                             else ", the model's start")
    return base.build(a, f, cid, family, visible, X, [1] * n, conv.bias == "separate", None, None, exp,
                      seconds=a.case_seconds, check=check, start=None if (zero and f.method) else start,
                      title=title)


def hidden(a: Assignment, f: FunctionSpec, seed: str) -> list[Case]:
    out: list[Case] = []
    for family, _ in f.hidden:
        rng = base.hidden_rng(a, f, seed, family)
        count = 2 if family in ("points", "tie") else 1
        out += [_case(a, f, family, False, base.case_id(a, f, family, k + 1), rng) for k in range(count)]
    return out


def visible(a: Assignment, f: FunctionSpec) -> list[Case]:
    rng = base.visible_rng(a, f)
    out = [_case(a, f, "points", True, base.case_id(a, f, "visible", 1), rng)]
    if f.convention.tie != "avoid":
        out.append(_case(a, f, "tie", True, base.case_id(a, f, "visible", 2), rng))
    if f.method and f.convention.tie != "avoid":
        out.append(_case(a, f, "single-point", True, base.case_id(a, f, "visible", len(out) + 1), rng, zero=True))
    return out


# ------------------------------------------------------------ the shape's plug-in: mistakes, calls, shrinking
def offers(f: FunctionSpec) -> tuple[tuple[str, Knobs], ...]:
    """The label a score of exactly 0 gets: the other side, or 0 itself."""
    return (("tie-side", Knobs(tie=FLIP.get(f.convention.tie, "positive"))), ("predicts-zero", Knobs(tie="zero")))


def mutant(f: FunctionSpec, case: Case, knobs: Knobs) -> Expected | None:
    return expected(f, case.X, case.start, knobs.tie)


def call_slots(f: FunctionSpec, Xa, ya, columns: bool) -> dict:
    """A function gets the points and the weights, which every shape's call carries already."""
    return {}


def _setup_update(a: Assignment, theta) -> tuple[str, tuple] | None:
    """The one update call that takes a fresh model from zero to `theta` (to test predictions there)."""
    upd = next((g for g in a.functions if g.single_step), None)
    if upd is None or not any(theta):
        return None
    label = -1 if upd.convention.mistake(0, -1) else 1
    x = np.array([float(-v if label < 0 else v) for v in theta], dtype=np.float64)
    return upd.name, (x, upd.convention.label(label))


def class_steps(a: Assignment, f: FunctionSpec, case: Case, Xa, ya, first: int) -> tuple[list, list[dict]]:
    """A method: move a fresh model to the case's weights by one update, read them, then label each point."""
    args, steps = [], []
    setup = _setup_update(a, case.start[0]) if case.start else None
    if setup is not None:
        args.append(setup[1])
        steps.append({"m": setup[0], "a": first, "wrap": {"0": "point"}})
    steps.append({"m": a.klass.weights, "a": 2, "keep": True})
    for x in Xa:
        args.append((x,))
        steps.append({"m": f.name, "a": first + len(args) - 1, "keep": True, "wrap": {"0": "point"}})
    return args, steps


def smaller(a: Assignment, case: Case, cid: str, X, y, cert, seconds: float) -> Case | None:
    """Not shrunk: each point is labelled on its own."""
    return None

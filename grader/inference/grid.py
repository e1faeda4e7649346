"""The conventions a reference may follow (the grid), each run exactly on a probe's data by the grader's own
reference, and whether what the reference returned is that run's result."""

from __future__ import annotations

import itertools
from dataclasses import dataclass, replace
from fractions import Fraction

from grader.assignments import Convention, augment, classify, run
from grader.inference import reading
from grader.inference.probes import Probe

MAX_CAP = 1000  # the largest pass cap a preset states; larger caps (and none) are `beyond`
BEYOND = 0
SIMULATED_PASSES = 600  # passes simulated for a function without a pass-count argument
STEPS = (Fraction(1), Fraction(1, 2), Fraction(1, 10), Fraction(1, 100), Fraction(1, 1000))


@dataclass(frozen=True)
class Candidate:
    """One convention a training, single-step or classify function may follow, and how it is called."""

    layout: str = "rows"  # rows | columns
    labels: tuple[int, int] = (-1, 1)
    theta_shape: str = "flat"
    bias: str = "separate"  # separate | first | last | none
    offset: bool = True  # a separate θ₀ is updated
    tie: str = "mistake"
    order: str = "fixed"
    averaged: bool = False
    always: bool = False  # a single step that updates whatever the score (the caller checks)
    step: Fraction | None = None  # None: the grader passes η
    caps: frozenset = frozenset()
    appended: str = "student"  # a folded bias: who appends the constant 1 (the grader: the data come with it)  # pass counts still possible (BEYOND: more than MAX_CAP, or until a clean pass)

    @property
    def variant(self) -> tuple:
        return self.layout, self.labels, self.theta_shape

    def convention(self) -> Convention:
        return Convention(labels=self.labels, tie=self.tie, order=self.order, bias=self.bias,
                          update="always" if self.always else "on-mistake", epochs="none")


def _ties(labels: tuple[int, int]) -> tuple[str, ...]:
    return ("positive", "negative") if labels == (0, 1) else ("mistake", "positive", "negative")


def _biases(has_theta0: bool, start_given: bool) -> tuple[tuple[str, bool], ...]:
    if has_theta0:
        return (("separate", True), ("separate", False))
    return (("none", False),) if start_given else (("separate", True), ("separate", False), ("none", False),
                                                   ("first", False), ("last", False))


def training_grid(columns_too: bool, shapes: tuple[str, ...], has_theta0: bool, start_given: bool, steps_given: bool,
                  epochs_given: bool, averaging: bool) -> list[Candidate]:
    caps = frozenset() if epochs_given else frozenset(range(MAX_CAP + 1))
    out = []
    for layout, labels, shape in itertools.product(("rows", "columns") if columns_too else ("rows",),
                                                   ((-1, 1), (0, 1)), shapes):
        for (bias, offset), tie, order, averaged, step in itertools.product(
                _biases(has_theta0, start_given), _ties(labels), ("fixed", "get_order"),
                (False, True) if averaging else (False,), (None,) if steps_given else STEPS):
            out.append(Candidate(layout, labels, shape, bias, offset, tie, order, averaged, step=step, caps=caps))
    return out


def _fields(r, c: Candidate, averaged) -> dict:
    theta, theta0 = averaged if averaged is not None else (r[0], r[1])
    out = {"theta": theta}
    if c.bias == "separate":
        out["theta0"] = theta0
    if averaged is None:
        out.update(converged=r[2], mistakes=r[3])
    return out


def _per_pass(X, y, c: Candidate, step: Fraction, start) -> list[tuple]:
    """(θ, θ₀, converged, mistakes) after each pass, until the first clean pass or SIMULATED_PASSES."""
    conv = c.convention()
    full = run(X, y, conv, offset=c.offset, max_epochs=SIMULATED_PASSES, step=step, states=True, **start)
    n, out, mistakes, clean = len(X), [], 0, False
    for k in range(full.epochs):
        visits = full.states[k * n:(k + 1) * n]
        hits = sum(1 for v in visits if v[2])
        mistakes += hits
        clean = clean or hits == 0
        out.append((visits[-1][0], visits[-1][1], clean, mistakes))
    return out


def _named(value, c: Candidate, expected: dict) -> tuple[str, ...] | None:
    """The returned parts' names; a separate offset must be among them (else the candidate is bias none)."""
    names = reading.name_parts(value, expected)
    return names if names and (c.bias != "separate" or "theta0" in names) else None


def training_match(c: Candidate, p: Probe, value, step: Fraction | None, epochs: int | None, start: dict
                   ) -> tuple[Candidate | None, tuple[str, ...]]:
    """The candidate narrowed by this probe (its possible caps), and the returned parts' names; None if it fails."""
    X = augment(p.X, c.bias)
    eta = c.step if c.step is not None else step
    if epochs is not None:
        r = run(X, p.y, c.convention(), offset=c.offset, max_epochs=epochs, step=eta, average=c.averaged, **start)
        names = _named(value, c, _fields((r.theta, r.theta0, r.converged, r.mistakes), c, r.averaged))
        return (c, names) if names else (None, ())
    if c.averaged:
        return None, ()
    states, caps, names = _per_pass(X, p.y, c, eta, start), set(), ()
    for k, state in enumerate(states, 1):
        got = _named(value, c, _fields(state, c, None))
        if got:
            names = got
            caps |= {k} if not state[2] or k < len(states) else set(range(k, MAX_CAP + 1)) | {BEYOND}
    kept = c.caps & caps
    return (replace(c, caps=frozenset(kept)), names) if kept else (None, ())


def step_match(c: Candidate, x, y: int, theta, theta0, value, step: Fraction | None) -> tuple[str, ...] | None:
    """The returned parts' names when a single-step call's result is this candidate's update of (θ, θ₀) on (x, y)."""
    eta = c.step if c.step is not None else step
    r = run((x,), (y,), c.convention(), offset=c.offset, max_epochs=1, step=eta, theta=theta, theta0=theta0)
    return _named(value, c, {"theta": r.theta, **({"theta0": r.theta0} if c.bias == "separate" else {})})


def classify_match(c: Candidate, X, theta, theta0, value) -> bool:
    want = classify(X, theta, theta0 if c.bias == "separate" else Fraction(0), c.convention(), c.tie)
    got = reading.predictions(value, len(X))
    return got is not None and got == want

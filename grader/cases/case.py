"""Visible and hidden test cases from a numpy Generator: dyadic coordinates, each verified by the exact core."""

from __future__ import annotations

import hashlib
from dataclasses import dataclass
from fractions import Fraction

import numpy as np

from rosenblatt.core import Separator, perceptron_trace
from grader.assignments import Assignment
from grader.cases.draw import Points, as_points, dyadic, draw_large, draw_nonseparable, _offset_only, draw_separable, _tie

VISIBLE_SEED = "rosenblatt-visible-v1"


@dataclass(frozen=True)
class Expected:
    """The exact reference result of a case (the fields a task does not produce keep their defaults)."""

    theta: tuple[Fraction, ...]
    theta0: Fraction
    converged: bool
    mistakes: int
    predictions: tuple[int, ...] = ()  # classify: the labels, in the course's labels
    changed: tuple[bool, ...] = ()  # update: whether each step changed the weights
    states: tuple[tuple[tuple[Fraction, ...], Fraction], ...] = ()  # update sequences: (θ, θ₀) after each step
    updates: tuple = ()  # the reference's updates (reference.Update), kept when the student's hook is recorded
    tolerance: tuple[Fraction, ...] | None = None  # per coordinate of (θ..., θ₀) when η is not dyadic


@dataclass(frozen=True)
class Case:
    """One test: the data, the settings, the exact expected result and the proof of (non-)separability."""

    case_id: str
    family: str
    tags: tuple[str, ...]
    visible: bool
    title: str
    X: Points
    y: tuple[int, ...]
    offset: bool
    max_epochs: int
    expected: Expected
    certificate: object  # Separator, Infeasibility, or None (not needed: e.g. the zero vector)
    seconds: float
    check: str = "result"  # result | mutation | interface
    twin: str = ""  # case_id of an identical earlier case (to catch non-deterministic code)
    function: str = ""  # the graded function's name ("" in a single-function assignment)
    step: Fraction | None = None  # η when the course's convention has one other than 1
    start: tuple | None = None  # (θ, θ₀) the call starts from: a given start, or the current weights

    @property
    def separable(self) -> bool:
        return isinstance(self.certificate, Separator)


def seed_rng(seed: str, stream: str) -> np.random.Generator:
    """A Generator for one named stream of one seed (stable across Python runs; never hash())."""
    digest = hashlib.sha256(f"{seed}\x00{stream}".encode()).digest()
    return np.random.default_rng(int.from_bytes(digest[:16], "big"))


def reference(X: Points, y: tuple[int, ...], offset: bool, max_epochs: int) -> Expected:
    """The exact result of the assignment's algorithm."""
    t = perceptron_trace(X, y, offset=offset, max_epochs=max_epochs, record=False)
    return Expected(t.theta, t.theta0, t.converged, t.mistakes)


def auto_tags(family: str, X: Points, offset: bool, cert, check: str) -> tuple[str, ...]:
    tags = {family}
    if check == "result" and cert is not None:
        tags.add("separable" if isinstance(cert, Separator) else "non-separable")
    if not offset:
        tags.add("origin")
    if len(X[0]) == 1:
        tags.add("one-dimensional")
    if len(X) == 1:
        tags.add("single-point")
    if family != "large" and any(v.denominator > 2 for row in X for v in row):
        tags.add("fractional")
    return tuple(sorted(tags))


def _describe(X: Points, offset: bool, max_epochs: int) -> str:
    n, d = len(X), len(X[0])
    return (f"{n} point{'s' if n > 1 else ''} in {d}-D, offset {'on' if offset else 'off'}, "
            f"max_epochs {max_epochs}")


def make_case(case_id: str, family: str, visible: bool, X: Points, y, offset: bool, max_epochs: int, cert,
              seconds: float, check: str = "result", twin: str = "") -> Case:
    """Build a Case with its exact reference result and automatic tags."""
    return Case(case_id=case_id, family=family, tags=auto_tags(family, X, offset, cert, check), visible=visible,
                title=_describe(X, offset, max_epochs), X=X, y=tuple(y), offset=offset, max_epochs=max_epochs,
                expected=reference(X, tuple(y), offset, max_epochs), certificate=cert, seconds=seconds,
                check=check, twin=twin)


def _pick(rng, offsets: tuple[bool, ...], k: int) -> bool:
    return offsets[k % len(offsets)] if len(offsets) > 1 else offsets[0]


def _recipes_separable(rng, offsets):
    out = []
    for k, (n, d) in enumerate(((5, 2), (12, 2), (20, 3), (40, 5))):
        off = _pick(rng, offsets, k)
        X, y, sep = draw_separable(rng, n, d, off)
        out.append(dict(X=X, y=y, offset=off, max_epochs=1000, cert=sep))
    out.append(dict(out[1], twin=1))
    return out


def _recipes_offset_only(rng, offsets):
    if True not in offsets:
        return []
    X, y, sep, infeasible = _offset_only(rng, int(rng.integers(1, 3)))
    out = [dict(X=X, y=y, offset=True, max_epochs=1000, cert=sep)]
    if False in offsets:
        out.append(dict(X=X, y=y, offset=False, max_epochs=int(rng.integers(3, 7)), cert=infeasible))
    return out


def _recipes_nonseparable(rng, offsets):
    out = []
    for k, (kind, d) in enumerate((("xor", 2), ("overlap", 2), ("duplicate", 2), ("overlap", 3))):
        off = _pick(rng, offsets, k + 1)
        X, y, cert = draw_nonseparable(rng, kind, d, off)
        out.append(dict(X=X, y=y, offset=off, max_epochs=int(rng.integers(1, 6)), cert=cert))
    return out


def _recipes_single(rng, offsets):
    d = int(rng.integers(2, 4))
    x = as_points(dyadic(rng, (1, d), 3, 2) + 0.0)
    while not any(x[0]):
        x = as_points(dyadic(rng, (1, d), 3, 2))
    zero = ((Fraction(0),) * d,)
    lab = (int(rng.choice([-1, 1])),)
    out = [dict(X=x, y=lab, offset=_pick(rng, offsets, 0), max_epochs=1000,
                cert=Separator(tuple(lab[0] * v for v in x[0]), Fraction(0)))]
    if False in offsets:
        out.append(dict(X=zero, y=lab, offset=False, max_epochs=int(rng.integers(2, 6)), cert=None))
    if True in offsets:
        out.append(dict(X=zero, y=lab, offset=True, max_epochs=1000, cert=Separator((Fraction(0),) * d,
                                                                                    Fraction(lab[0]))))
    return out


def _recipes_tie(rng, offsets):
    out = []
    for k in range(2):
        off = _pick(rng, offsets, k)
        X, y, cert, epochs = _tie(rng, off)
        out.append(dict(X=X, y=y, offset=off, max_epochs=epochs, cert=cert))
    return out


def _recipes_onedim(rng, offsets):
    out = []
    for k, n in enumerate((1, 4, 7)):
        off = _pick(rng, offsets, k)
        X, y, sep = draw_separable(rng, n, 1, off)
        out.append(dict(X=X, y=y, offset=off, max_epochs=1000, cert=sep))
    return out


def _recipes_fractional(rng, offsets):
    out = []
    for k, d in enumerate((2, 3)):
        off = _pick(rng, offsets, k)
        X, y, sep = draw_separable(rng, 10, d, off, denom=16, margin=0.25, radius=2)
        out.append(dict(X=X, y=y, offset=off, max_epochs=1000, cert=sep))
    return out


def _recipes_large(rng, offsets, n: int):
    off = _pick(rng, offsets, 0)
    X, y, sep = draw_large(rng, n, off)
    return [dict(X=X, y=y, offset=off, max_epochs=5, cert=sep, large=True)]


def _recipes_mutation(rng, offsets):
    X, y, sep = draw_separable(rng, 8, 2, offsets[0])
    return [dict(X=X, y=y, offset=offsets[0], max_epochs=1000, cert=sep, check="mutation")]


def _recipes_interface(rng, offsets):
    X, y, sep = draw_separable(rng, 6, 3, offsets[-1])
    return [dict(X=X, y=y, offset=offsets[-1], max_epochs=1000, cert=sep, check="interface")]


def _recipes_many_passes(rng, offsets):
    """Two points next to each other far out on a line (m and m + 1, labels opposite): from zero the perceptron
    needs about m² passes (2.2·m² where a score of 0 is a mistake), over 150 here, so a loop that makes a fixed number
    of passes (100) stops before the data come out clean. Through the origin the line is lifted by a constant second
    coordinate."""
    out = []
    for k, m in enumerate((int(rng.integers(13, 15)), int(rng.integers(15, 17)))):
        off, sign = _pick(rng, offsets, k), int(rng.choice([-1, 1]))
        lift = () if off else (Fraction(1),)
        X = [(Fraction(m + 1),) + lift, (Fraction(m),) + lift]
        y = [sign, -sign]
        half = Fraction(2 * m + 1, 2)
        cert = Separator((Fraction(sign),), -sign * half) if off \
            else Separator((Fraction(sign), -sign * half), Fraction(0))
        if rng.integers(2):
            X, y = X[::-1], y[::-1]
        out.append(dict(X=tuple(X), y=tuple(y), offset=off, max_epochs=1000, cert=cert))
    return out


RECIPES = {
    "separable": _recipes_separable, "offset-only": _recipes_offset_only, "non-separable": _recipes_nonseparable,
    "single-point": _recipes_single, "tie": _recipes_tie, "one-dimensional": _recipes_onedim,
    "fractional": _recipes_fractional, "input-mutation": _recipes_mutation,
    "interface": _recipes_interface, "many-passes": _recipes_many_passes,
}


def family_recipes(family: str, rng, offsets, a: Assignment) -> list[dict]:
    """A family's recipes (RECIPES; the large family sized by the preset's `large_points`)."""
    if family == "large":
        return _recipes_large(rng, offsets, a.large_points)
    return RECIPES[family](rng, offsets)


def _build(family: str, recipes: list[dict], a: Assignment, visible: bool, start: int) -> list[Case]:
    out = []
    prefix = "visible" if visible else family
    for k, r in enumerate(recipes):
        cid = f"{prefix}-{start + k + 1}"
        twin = f"{prefix}-{start + r['twin'] + 1}" if "twin" in r else ""
        seconds = a.large_seconds if r.get("large") else a.case_seconds
        out.append(make_case(cid, family, visible, r["X"], r["y"], r["offset"], r["max_epochs"], r["cert"],
                             seconds, r.get("check", "result"), twin))
    return out


def hidden_cases(a: Assignment, seed: str) -> tuple[Case, ...]:
    """The hidden suite of an assignment for one seed: the families it weights, each from its own stream."""
    cases: list[Case] = []
    for family, _ in a.hidden:
        rng = seed_rng(seed, f"hidden/{family}")
        cases += _build(family, family_recipes(family, rng, a.offsets(), a), a, False, 0)
    return tuple(cases)


def visible_recipes(rng, offs: tuple[bool, ...]) -> list[dict]:
    """The five small public cases' data, drawn in a fixed order from `rng`."""
    X, y, sep = draw_separable(rng, 5, 2, offs[0])
    X1, y1, c1 = draw_nonseparable(rng, "xor", 2, offs[-1])
    x, lab = as_points(dyadic(rng, (1, 2), 3, 2) + 0.5), (1,)
    Xt, yt, ct, et = _tie(rng, offs[0])
    Xd, yd, sd = draw_separable(rng, 3, 1, offs[-1])
    return [dict(family="separable", X=X, y=y, offset=offs[0], max_epochs=100, cert=sep),
            dict(family="single-point", X=x, y=lab, offset=offs[-1], max_epochs=100,
                 cert=Separator(x[0], Fraction(0))),
            dict(family="non-separable", X=X1, y=y1, offset=offs[-1], max_epochs=2, cert=c1),
            dict(family="tie", X=Xt, y=yt, offset=offs[0], max_epochs=et, cert=ct),
            dict(family="one-dimensional", X=Xd, y=yd, offset=offs[-1], max_epochs=100, cert=sd)]


def visible_cases(a: Assignment) -> tuple[Case, ...]:
    """A few small public cases (a fixed seed: every student sees the same ones)."""
    rng = seed_rng(VISIBLE_SEED, a.data + "/" + "".join(map(str, a.offsets())))
    recipes = visible_recipes(rng, a.offsets())
    return tuple(c for k, r in enumerate(recipes) for c in _build(r["family"], [r], a, True, k))

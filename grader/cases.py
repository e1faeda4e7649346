"""Visible and hidden test cases, drawn from a numpy Generator with dyadic coordinates and verified by the exact core."""

from __future__ import annotations

import hashlib
from dataclasses import dataclass, replace
from fractions import Fraction

import numpy as np

from exercises.core import Separator, decide, perceptron_trace, verify_infeasibility, verify_separator
from exercises.errors import InternalError
from grader.assignment import Assignment

Points = tuple[tuple[Fraction, ...], ...]
VISIBLE_SEED = "rosenblatt-visible-v1"
MAX_TRIES = 200


@dataclass(frozen=True)
class Expected:
    """The exact reference result of a case."""

    theta: tuple[Fraction, ...]
    theta0: Fraction
    converged: bool
    mistakes: int


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


def _dyadic(rng: np.random.Generator, shape, radius: int, denom: int) -> np.ndarray:
    return rng.integers(-radius * denom, radius * denom + 1, size=shape) / denom


def _as_points(A: np.ndarray) -> Points:
    return tuple(tuple(Fraction(float(v)) for v in row) for row in A)


def _separable(rng, n: int, d: int, offset: bool, denom: int = 2, margin: float = 0.5, radius: int = 4):
    """Draw w* (and b*) first, then points at functional margin >= margin; return X, y, certificate."""
    for _ in range(MAX_TRIES):
        w = rng.integers(-3, 4, size=d)
        if not w.any():
            continue
        b = int(rng.integers(-3, 4)) if offset else 0
        cand = _dyadic(rng, (8 * n + 8, d), radius, denom)
        s = cand @ w + b
        keep = np.abs(s) >= margin
        pts, lab = cand[keep][:n], np.where(s[keep][:n] > 0, 1, -1)
        if len(pts) == n and (n < 3 or len(set(lab.tolist())) == 2):
            X, y = _as_points(pts), tuple(int(v) for v in lab)
            sep = Separator(tuple(Fraction(int(v)) for v in w), Fraction(b))
            if verify_separator(X, y, sep, offset):
                return X, y, sep
    raise InternalError("could not draw a separable case; the generator's margins are inconsistent")


def _nonseparable(rng, kind: str, d: int, offset: bool):
    """XOR, overlapping classes, or the same point with both labels; verified infeasible by the exact core."""
    for _ in range(MAX_TRIES):
        if kind == "xor":
            a = int(rng.integers(1, 5)) / 2
            base = np.array([[a, a], [-a, -a], [a, -a], [-a, a]])
            X, y = base[rng.permutation(4)], None
            y = np.where(X[:, 0] * X[:, 1] > 0, 1, -1)
        elif kind == "duplicate":
            X = _dyadic(rng, (4, d), 3, 2)
            X = np.vstack([X, X[rng.integers(0, 4)]])
            y = rng.choice([-1, 1], size=5)
            y[-1] = -y[np.where((X[:-1] == X[-1]).all(axis=1))[0][0]]
        else:
            y = rng.choice([-1, 1], size=10)
            X = _dyadic(rng, (10, d), 2, 2) + 0.5 * y[:, None]
        Xp, yp = _as_points(X), tuple(int(v) for v in y)
        dec = decide(Xp, yp, offset)
        if not dec.separable and verify_infeasibility(Xp, yp, dec.certificate, offset):
            return Xp, yp, dec.certificate
    raise InternalError(f"could not draw a non-separable {kind} case")


def _offset_only(rng, d: int):
    """Points separable with an offset but not through the origin (all on one side of the origin in x₁)."""
    for _ in range(MAX_TRIES):
        n = int(rng.integers(4, 8))
        X = _dyadic(rng, (n, d), 2, 2)
        X[:, 0] = rng.integers(2, 13, size=n) / 2
        cut = 3.25
        y = np.where(X[:, 0] > cut, 1, -1)
        if len(set(y.tolist())) < 2:
            continue
        Xp, yp = _as_points(X), tuple(int(v) for v in y)
        sep = Separator((Fraction(4),) + (Fraction(0),) * (d - 1), Fraction(-13))
        origin = decide(Xp, yp, False)
        if verify_separator(Xp, yp, sep, True) and not origin.separable:
            return Xp, yp, sep, origin.certificate
    raise InternalError("could not draw an offset-only case")


def _has_tie(X: Points, y, offset: bool, max_epochs: int) -> bool:
    """Whether the trace meets a point exactly on a boundary that is not the zero start."""
    t = perceptron_trace(X, y, offset=offset, max_epochs=max_epochs)
    prev = [(tuple([Fraction(0)] * len(X[0])), Fraction(0))] + [(v.theta, v.theta0) for v in t.visits]
    return any(v.value == 0 and (any(p[0]) or p[1]) for v, p in zip(t.visits, prev))


def _tie(rng, offset: bool):
    """Small integer data whose exact trace puts a point exactly on the boundary (θ ≠ 0) at least once."""
    for _ in range(MAX_TRIES):
        n = int(rng.integers(3, 6))
        X = rng.integers(-2, 3, size=(n, 2)).astype(float)
        y = rng.choice([-1, 1], size=n)
        Xp, yp = _as_points(X), tuple(int(v) for v in y)
        dec = decide(Xp, yp, offset)
        epochs = 100 if dec.separable else 3
        if _has_tie(Xp, yp, offset, epochs):
            return Xp, yp, dec.certificate, epochs
    raise InternalError("could not draw a tie case")


def _large(rng, n: int, offset: bool):
    """Two tight clusters far from the boundary: a margin that makes the perceptron converge in a few passes."""
    for _ in range(MAX_TRIES):
        c = rng.integers(3, 6, size=2).astype(float)
        y = rng.choice([-1, 1], size=n)
        X = y[:, None] * c[None, :] + rng.integers(-4, 5, size=(n, 2)) / 4
        Xp, yp = _as_points(X), tuple(int(v) for v in y)
        w = tuple(Fraction(int(v)) for v in c)
        sep = Separator(w, Fraction(0))
        if verify_separator(Xp, yp, sep, offset) and reference(Xp, yp, offset, 4).converged:
            return Xp, yp, sep
    raise InternalError("could not draw a large case")


def _auto_tags(family: str, X: Points, offset: bool, cert, check: str) -> tuple[str, ...]:
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
    return Case(case_id=case_id, family=family, tags=_auto_tags(family, X, offset, cert, check), visible=visible,
                title=_describe(X, offset, max_epochs), X=X, y=tuple(y), offset=offset, max_epochs=max_epochs,
                expected=reference(X, tuple(y), offset, max_epochs), certificate=cert, seconds=seconds,
                check=check, twin=twin)


def _pick(rng, offsets: tuple[bool, ...], k: int) -> bool:
    return offsets[k % len(offsets)] if len(offsets) > 1 else offsets[0]


def _recipes_separable(rng, offsets):
    out = []
    for k, (n, d) in enumerate(((5, 2), (12, 2), (20, 3), (40, 5))):
        off = _pick(rng, offsets, k)
        X, y, sep = _separable(rng, n, d, off)
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
        X, y, cert = _nonseparable(rng, kind, d, off)
        out.append(dict(X=X, y=y, offset=off, max_epochs=int(rng.integers(1, 6)), cert=cert))
    return out


def _recipes_single(rng, offsets):
    d = int(rng.integers(2, 4))
    x = _as_points(_dyadic(rng, (1, d), 3, 2) + 0.0)
    while not any(x[0]):
        x = _as_points(_dyadic(rng, (1, d), 3, 2))
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
        X, y, sep = _separable(rng, n, 1, off)
        out.append(dict(X=X, y=y, offset=off, max_epochs=1000, cert=sep))
    return out


def _recipes_fractional(rng, offsets):
    out = []
    for k, d in enumerate((2, 3)):
        off = _pick(rng, offsets, k)
        X, y, sep = _separable(rng, 10, d, off, denom=16, margin=0.25, radius=2)
        out.append(dict(X=X, y=y, offset=off, max_epochs=1000, cert=sep))
    return out


def _recipes_large(rng, offsets):
    off = _pick(rng, offsets, 0)
    X, y, sep = _large(rng, 20_000, off)
    return [dict(X=X, y=y, offset=off, max_epochs=5, cert=sep, large=True)]


def _recipes_mutation(rng, offsets):
    X, y, sep = _separable(rng, 8, 2, offsets[0])
    return [dict(X=X, y=y, offset=offsets[0], max_epochs=1000, cert=sep, check="mutation")]


def _recipes_interface(rng, offsets):
    X, y, sep = _separable(rng, 6, 3, offsets[-1])
    return [dict(X=X, y=y, offset=offsets[-1], max_epochs=1000, cert=sep, check="interface")]


RECIPES = {
    "separable": _recipes_separable, "offset-only": _recipes_offset_only, "non-separable": _recipes_nonseparable,
    "single-point": _recipes_single, "tie": _recipes_tie, "one-dimensional": _recipes_onedim,
    "fractional": _recipes_fractional, "large": _recipes_large, "input-mutation": _recipes_mutation,
    "interface": _recipes_interface,
}


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
        cases += _build(family, RECIPES[family](rng, a.offsets()), a, False, 0)
    return tuple(cases)


def visible_cases(a: Assignment) -> tuple[Case, ...]:
    """A few small public cases (a fixed seed: every student sees the same ones)."""
    rng = seed_rng(VISIBLE_SEED, a.data + "/" + "".join(map(str, a.offsets())))
    offs = a.offsets()
    X, y, sep = _separable(rng, 5, 2, offs[0])
    X1, y1, c1 = _nonseparable(rng, "xor", 2, offs[-1])
    x, lab = _as_points(_dyadic(rng, (1, 2), 3, 2) + 0.5), (1,)
    Xt, yt, ct, et = _tie(rng, offs[0])
    Xd, yd, sd = _separable(rng, 3, 1, offs[-1])
    recipes = [dict(family="separable", X=X, y=y, offset=offs[0], max_epochs=100, cert=sep),
               dict(family="single-point", X=x, y=lab, offset=offs[-1], max_epochs=100,
                    cert=Separator(x[0], Fraction(0))),
               dict(family="non-separable", X=X1, y=y1, offset=offs[-1], max_epochs=2, cert=c1),
               dict(family="tie", X=Xt, y=yt, offset=offs[0], max_epochs=et, cert=ct),
               dict(family="one-dimensional", X=Xd, y=yd, offset=offs[-1], max_epochs=100, cert=sd)]
    return tuple(c for k, r in enumerate(recipes) for c in _build(r["family"], [r], a, True, k))

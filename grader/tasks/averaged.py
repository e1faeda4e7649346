"""The averaged perceptron task: the mean of (θ, θ₀) over all n·T visits, on data with n·T a power of two.

With n·T a power of two every average of dyadic numbers is dyadic, so a student's floats stay exact.
"""

from __future__ import annotations

from fractions import Fraction

from rosenblatt.core import Separator, decide, verify_infeasibility
from grader.assignments import Assignment, FunctionSpec, Knobs, augment, run, visiting_order
from grader.cases import telling
from grader.cases import Case, DrawFailed, Expected, MAX_TRIES, as_points, dyadic, draw_large, draw_nonseparable, draw_separable
from grader.tasks import base, perceptron


def _overlap(rng, n: int, d: int, offset: bool):
    """Overlapping classes (not separable, verified by a Gordan certificate)."""
    for _ in range(MAX_TRIES):
        y = rng.choice([-1, 1], size=n)
        X = dyadic(rng, (n, d), 2, 2) + 0.5 * y[:, None]
        Xp, yp = as_points(X), tuple(int(v) for v in y)
        dec = decide(Xp, yp, offset)
        if not dec.separable and verify_infeasibility(Xp, yp, dec.certificate, offset):
            return Xp, yp, dec.certificate
    raise DrawFailed("could not draw overlapping classes")


def _tie(rng, f: FunctionSpec, offset: bool, passes: int, label: int):
    """Four small integer points whose run meets a point of `label` exactly on a boundary θ ≠ 0, after a first visit
    of that label (so that strict `< 0` and a one-sided tie differ)."""
    conv = f.convention
    for _ in range(MAX_TRIES):
        X = as_points(rng.integers(-2, 3, size=(4, 2)).astype(float))
        y = tuple(int(v) for v in rng.choice([-1, 1], size=4))
        Xs = augment(X, conv.bias) if conv.folded else X
        r = run(Xs, y, conv, offset=offset and not conv.folded, max_epochs=passes, record=True, average=True)
        before = [(tuple([Fraction(0)] * len(Xs[0])), Fraction(0))] + [(s[0], s[1]) for s in r.states]
        order = visiting_order(conv.order, len(X))
        labels = [y[order[k % len(X)]] for k in range(len(r.states))]
        if labels[0] == label and any(s[3] == 0 and (any(p[0]) or p[1]) and lab == label
                                      for s, p, lab in zip(r.states, before, labels)):
            dec = decide(X, y, offset)
            return X, y, dec.certificate
    raise DrawFailed("could not draw a tie case")


LARGE = 1 << 13  # the averaged large case's points (fewer where the preset's large_points is smaller)


def _recipes(family: str, rng, offs, f: FunctionSpec, large: int = LARGE) -> list[dict]:
    pick = lambda k: offs[k % len(offs)]  # noqa: E731
    if family == "separable":
        out = [dict(zip(("X", "y", "cert"), draw_separable(rng, n, d, pick(k))), offset=pick(k), max_epochs=t)
               for k, (n, d, t) in enumerate(((4, 2, 2), (8, 2, 4), (16, 3, 2), (32, 5, 1)))]
        return out + [dict(out[1], twin=1)]
    if family == "non-separable":
        xor = [dict(zip(("X", "y", "cert"), draw_nonseparable(rng, "xor", 2, pick(k))), offset=pick(k), max_epochs=t)
               for k, t in enumerate((1, 4))]
        return xor + [dict(zip(("X", "y", "cert"), _overlap(rng, 8, d, pick(k))), offset=pick(k), max_epochs=t)
                      for k, (d, t) in enumerate(((2, 2), (3, 1)))]
    if family == "single-point":
        d = int(rng.integers(2, 4))
        x = as_points(dyadic(rng, (1, d), 3, 2))
        lab = (int(rng.choice([-1, 1])),)
        cert = Separator(tuple(lab[0] * v for v in x[0]), Fraction(0)) if any(x[0]) else None
        return [dict(X=x, y=lab, offset=pick(0), max_epochs=t, cert=cert) for t in (1, 4)]
    if family == "tie":  # both labels (the first from the seed), and a near tie over 2 points and 4 passes
        first = int(rng.choice([-1, 1]))
        out = [dict(zip(("X", "y", "cert"), _tie(rng, f, pick(k), t, first * (-1) ** k)), offset=pick(k),
                    max_epochs=t) for k, t in enumerate((2, 4))]
        near = telling.near_tie(rng, f, pick(1), epochs=4)
        return out + ([near] if near else [])
    if family in ("one-dimensional", "fractional"):
        shapes = ((1, 1, 4), (4, 1, 2), (8, 1, 1)) if family == "one-dimensional" else ((8, 2, 2), (8, 3, 1))
        kw = {} if family == "one-dimensional" else dict(denom=16, margin=0.25, radius=2)
        return [dict(zip(("X", "y", "cert"), draw_separable(rng, n, d, pick(k), **kw)), offset=pick(k), max_epochs=t)
                for k, (n, d, t) in enumerate(shapes)]
    if family == "large":
        X, y, sep = draw_large(rng, large, pick(0))
        return [dict(X=X, y=y, offset=pick(0), max_epochs=2, cert=sep, large=True)]
    X, y, sep = draw_separable(rng, 8, 2, pick(0))
    return [dict(X=X, y=y, offset=pick(0), max_epochs=2, cert=sep, check=family.replace("input-", ""))]


def _cases(a: Assignment, f: FunctionSpec, family: str, recipes: list[dict], visible: bool, first: int) -> list[Case]:
    out = []
    for k, r in enumerate(recipes):
        prefix = "visible" if visible else family
        cid = base.case_id(a, f, prefix, first + k + 1)
        step = base.step_for(f, k, True)
        exp = perceptron.expected(f, r["X"], r["y"], r["offset"], r["max_epochs"], step, None, average=True)
        twin = base.case_id(a, f, prefix, first + r["twin"] + 1) if "twin" in r else ""
        out.append(base.build(a, f, cid, r.get("family", family), visible, r["X"], r["y"],
                              r["offset"] or f.convention.folded, r["max_epochs"], r["cert"], exp,
                              seconds=a.large_seconds if r.get("large") else a.case_seconds,
                              check=r.get("check", "result"), twin=twin, step=step))
    return out


def hidden(a: Assignment, f: FunctionSpec, seed: str) -> list[Case]:
    out: list[Case] = []
    for family, _ in f.hidden:
        recipes = _recipes(family, base.hidden_rng(a, f, seed, family), f.offsets(), f, min(LARGE, a.large_points))
        out += _cases(a, f, family, recipes, False, 0)
    return out


def visible(a: Assignment, f: FunctionSpec) -> list[Case]:
    rng, out = base.visible_rng(a, f), []
    for family in ("separable", "non-separable", "single-point", "tie"):
        recipes = [dict(_recipes(family, rng, f.offsets(), f)[0], family=family)]
        out += _cases(a, f, family, recipes, True, len(out))
    return out


# ------------------------------------------------------------ the shape's plug-in: mistakes, calls, shrinking
def offers(f: FunctionSpec) -> tuple[tuple[str, Knobs], ...]:
    """A training loop's mistakes, and the average's own."""
    return perceptron.offers(f) + (
        ("average-over-updates", Knobs(average="updates")), ("average-final-offset", Knobs(average="final-offset")),
        ("average-per-pass", Knobs(average="per-pass")), ("average-stops-early", Knobs(average="early")))


def mutant(f: FunctionSpec, case: Case, knobs: Knobs) -> Expected | None:
    return perceptron.expected(f, case.X, case.y, case.offset, case.max_epochs, case.step, case.start, average=True,
                               knobs=knobs)


call_slots = perceptron.call_slots
class_steps = perceptron.class_steps


def smaller(a: Assignment, case: Case, cid: str, X, y, cert, seconds: float) -> Case | None:
    """Not shrunk: the average's data are drawn with n·T a power of two, which a smaller case would break."""
    return None

"""The perceptron shape under any convention: the classic families, each case with its convention's exact result,
its mistakes, how a method of a class is called, and smaller cases for shrinking."""

from __future__ import annotations

import math
from fractions import Fraction

from rosenblatt.core import Separator, scaled_to_integers, verify_separator
from grader.cases import (
    family_recipes, hidden_cases, passes, telling, visible_cases, visible_recipes, Case, DrawFailed, Expected,
    MAX_TRIES, as_points, dyadic, draw_nonseparable, draw_tie, make_case, shared_mistakes, training_mistakes
)
from grader.assignments import (
    derived_tolerance, Assignment, Convention, FunctionSpec, visiting_order, Knobs, augment, course_start, run
)
from grader.tasks import base

PROPERTY_LIMIT = 100  # free order without a fixed limit: data on which any order converges within this many passes
MAX_TOLERANCE_POINTS = 1000  # the derived float bound is computed visit by visit, in Fractions


def plain(a: Assignment, f: FunctionSpec) -> bool:
    """The seeds' algorithm exactly as before this convention model existed (the default and column files)."""
    c = f.convention
    return (not a.qualified and f.final_weights and not f.method and not f.passes("hook")
            and c == Convention(offset=c.offset, order=c.order, theta_shape=c.theta_shape)
            and c.order in ("fixed", "free"))


def expected(f: FunctionSpec, X, y, offset: bool, max_epochs, step, start, average: bool = False,
             knobs: Knobs = Knobs(), record: bool = False) -> Expected | None:
    """The convention's exact result; None when η is not dyadic and floats could decide differently."""
    conv = f.convention
    Xs = augment(X, conv.bias) if conv.folded else X
    off = offset and not conv.folded
    theta, theta0 = start if start is not None else (None, Fraction(0))
    r = run(Xs, y, conv, offset=off, max_epochs=max_epochs, step=step, theta=theta, theta0=theta0,
            record=bool(record), average=average, knobs=knobs, states=False)
    tol = None
    if step is not None and step.denominator & (step.denominator - 1) and knobs == Knobs():
        if len(X) > MAX_TOLERANCE_POINTS:
            return None
        tol = derived_tolerance(Xs, y, conv, offset=off, passes=r.epochs, step=step,
                                theta=theta if theta is not None else (Fraction(0),) * len(Xs[0]),
                                theta0=theta0)
        if tol is None:
            return None
    th, th0 = r.averaged if average else (r.theta, r.theta0)
    return Expected(th, th0, r.converged, r.mistakes, updates=r.updates, tolerance=tol)


def mistake_bound(X, y, sep: Separator, offset: bool) -> Fraction:
    """(R/γ)² for the separator in the space the perceptron runs in (augmented when there is an offset)."""
    # In integers (a 20,000-point case made this a third of a suite's making in Fractions): with the points, the
    # constant 1 and w all times one common denominator s, margin, R² and ‖w‖² are each s² times their exact values,
    # so R²‖w‖²/margin² is the same number.
    xs, w, w0, s = scaled_to_integers(X, sep.theta, sep.theta0 if offset else Fraction(0))
    one = s if offset else 0
    margin = min(yi * (sum(a * b for a, b in zip(w, x)) + w0 * one) for x, yi in zip(xs, y))
    if margin <= 0:
        return Fraction(10 ** 9)
    r2 = max(sum(v * v for v in x) for x in xs) + one * one
    return Fraction(r2 * (sum(v * v for v in w) + w0 * w0), margin * margin)


def bounded_separable(rng, n: int, d: int, offset: bool, limit: int, denom: int = 2, radius: int = 4):
    """Separable data on which the perceptron makes at most limit - 1 mistakes in any order (so it converges
    within `limit` passes however the points are visited): a margin of R·‖w*‖/√(limit - 1) or more."""
    for _ in range(MAX_TRIES):
        w = rng.integers(-3, 4, size=d)
        if not w.any():
            continue
        b = int(rng.integers(-3, 4)) if offset else 0
        cand = dyadic(rng, (12 * n + 12, d), radius, denom)
        need = math.sqrt((d * radius * radius + offset) * (int(w @ w) + b * b) / (limit - 1))
        s = cand @ w + b
        keep = abs(s) >= need
        pts, lab = cand[keep][:n], [1 if v > 0 else -1 for v in s[keep][:n]]
        if len(pts) < n or (n >= 3 and len(set(lab)) < 2):
            continue
        X, sep = as_points(pts), Separator(tuple(Fraction(int(v)) for v in w), Fraction(b))
        if verify_separator(X, lab, sep, offset) and mistake_bound(X, lab, sep, offset) <= limit - 1:
            return X, tuple(lab), sep
    raise DrawFailed("could not draw separable data with a margin for any visiting order")


def _property_recipes(family: str, rng, offsets, limit: int, a: Assignment) -> list[dict]:
    """Free order or start: data on which every order converges within `limit` passes."""
    sizes = {"separable": [(5, 2), (12, 2), (20, 3), (40, 5)], "one-dimensional": [(1, 1), (4, 1), (7, 1)],
             "fractional": [(10, 2), (10, 3)]}
    if family in sizes:
        out = []
        for k, (n, d) in enumerate(sizes[family]):
            off = offsets[k % len(offsets)]
            denom = 16 if family == "fractional" else 2
            X, y, sep = bounded_separable(rng, n, d, off, limit, denom=denom, radius=2 if denom == 16 else 4)
            out.append(dict(X=X, y=y, offset=off, max_epochs=1000, cert=sep))
        if family == "separable":
            out.append(dict(out[1], twin=1))
        return out
    return family_recipes(family, rng, offsets, a)


def _fits(f: FunctionSpec, r: dict) -> bool:
    """Whether a drawn case suits the convention (terminating data only when the function loops until clean)."""
    conv = f.convention
    separable = isinstance(r["cert"], Separator)
    if conv.epochs == "none" and not separable:
        return False
    if conv.by_property and not separable and "converged" not in f.returns and r.get("check") != "interface":
        return False  # nothing to check by properties on data that never come out clean
    if conv.by_property and separable and r.get("check", "result") == "result":
        limit = conv.limit or PROPERTY_LIMIT
        return mistake_bound(r["X"], r["y"], r["cert"], r["offset"] or conv.folded) <= limit - 1
    return True


def _featured(f: FunctionSpec, r: dict) -> dict | None:
    """A course whose data always have the same number of features (Udacity's 2): a drawn case with another
    number is left out, except a check of the interface or the inputs, whose points are cut to that number."""
    want = f.convention.features
    if want == "any" or len(r["X"][0]) == want:
        return r
    if r.get("check", "result") != "result" and len(r["X"][0]) > want:
        return dict(r, X=tuple(row[:want] for row in r["X"]), cert=None)
    return None


def _capped(f: FunctionSpec, r: dict) -> dict:
    """By properties with a fixed limit of passes (CS4780's 100): data that never separate test the limit itself:
    a correct function returns, within its passes and the time limit, values of the right kinds and shapes."""
    conv = f.convention
    if conv.by_property and conv.limit and not isinstance(r["cert"], Separator) and "converged" not in f.returns:
        return dict(r, check="interface")
    return r


def adapt(a: Assignment, f: FunctionSpec, family: str, recipes: list[dict], visible: bool, start_rng,
          first: int = 0) -> list[Case]:
    """Turn drawn data into cases of this function: epochs, η, start and the convention's exact result."""
    conv, out, ids, made = f.convention, [], {}, {}
    prefix = "visible" if visible else family
    ties = family == "tie" and conv.start == "course"  # the start is the module's: the data are built to meet a tie
    ties_first = int(start_rng.choice([-1, 1])) if ties else 1
    for k, r in enumerate(recipes):
        cid = base.case_id(a, f, prefix, first + len(out) + 1)
        if ties:
            r = telling.course_tie(start_rng, f, _start(conv, start_rng, len(r["X"][0]), cid),
                                   (-1) ** k * ties_first) or r
        r = _capped(f, _featured(f, r))
        if r is None or not _fits(f, r):
            continue
        max_epochs = conv.limit if conv.limit else (None if conv.epochs == "none" else r["max_epochs"])
        large = bool(r.get("large"))
        if "twin" in r and r["twin"] in made:  # the same call again: same start and step
            start, step, exp = made[r["twin"]]
        else:
            start = _start(conv, start_rng, len(r["X"][0]), cid)
            if family == "tie" and start is not None and conv.start == "given":
                start = _tie_start(conv, start, r["X"])
            step, exp = None, None
            for dyadic_only in (False, True):
                step = base.step_for(f, first + k, dyadic_only or large)
                exp = expected(f, r["X"], r["y"], r["offset"], max_epochs, step, start)
                if exp is not None:
                    break
            if exp is None:
                continue
        ids[k], made[k] = cid, (start, step, exp)
        out.append(base.build(a, f, cid, r.get("family", family), visible, r["X"], r["y"],
                              r["offset"] or conv.folded, max_epochs, r["cert"], exp,
                              seconds=a.large_seconds if large else a.case_seconds, check=r.get("check", "result"),
                              twin=ids.get(r["twin"], "") if "twin" in r else "", step=step, start=start))
    return out


def _tie_start(conv: Convention, start, X):
    """A given start that puts the first point visited exactly on the boundary (the bias absorbs its score)."""
    theta, theta0 = start
    first = augment(X, conv.bias)[visiting_order(conv.order, len(X))[0]] if conv.folded else \
        X[visiting_order(conv.order, len(X))[0]]
    score = sum(a * b for a, b in zip(theta, first)) + theta0
    if conv.bias == "separate":
        return theta, theta0 - score
    if conv.folded:
        k = 0 if conv.bias == "first" else len(theta) - 1
        return tuple(v - score if i == k else v for i, v in enumerate(theta)), theta0
    return start


def _start(conv: Convention, rng, d: int, cid: str):
    width = d + 1 if conv.folded else d
    if conv.start == "course":  # the course's module draws it from the case's seed (the same numbers here)
        return course_start(cid, width)
    if conv.start != "given":
        return None
    theta, theta0 = base.start_vector(rng, width)
    return theta, (Fraction(0) if conv.bias != "separate" else theta0)


def hidden(a: Assignment, f: FunctionSpec, seed: str) -> list[Case]:
    if plain(a, f):
        return list(hidden_cases(a, seed))
    out: list[Case] = []
    conv = f.convention
    for family, _ in f.hidden:
        rng = base.hidden_rng(a, f, seed, family)
        if conv.by_property:
            recipes = _property_recipes(family, rng, conv.offsets(), conv.limit or PROPERTY_LIMIT, a)
            if family == "separable":  # one pass is never enough on these, with and without a zero coordinate
                recipes += passes.draw(rng, f, conv.offsets()[-1], lambda r: _fits(f, r))
        else:
            recipes = _exact_recipes(a, f, family, rng)
        out += adapt(a, f, family, recipes, False, base.hidden_rng(a, f, seed, family + "/start"))
    return out


def _exact_recipes(a: Assignment, f: FunctionSpec, family: str, rng) -> list[dict]:
    """A family's data where results are graded exactly: the ties carry both labels (the first case's first tie is
    labelled from the seed, the second case's the other way), and a near tie joins them; a zero feature joins the
    separable data (each where the convention lets it show, see grader.cases.telling)."""
    offsets = f.convention.offsets()
    if family == "tie":
        first, out = int(rng.choice([-1, 1])), []
        for k in range(2):
            X, y, cert, epochs = draw_tie(rng, offsets[k % len(offsets)], first * (-1) ** k)
            out.append(dict(X=X, y=y, offset=offsets[k % len(offsets)], max_epochs=epochs, cert=cert))
        near = telling.near_tie(rng, f, offsets[-1])
        return out + ([near] if near else [])
    out = family_recipes(family, rng, offsets, a)
    if family == "separable":
        zero = telling.zero_feature(rng, f, offsets[-1])
        out += [zero] if zero else []
    return out


def visible(a: Assignment, f: FunctionSpec) -> list[Case]:
    if plain(a, f):
        return list(visible_cases(a))
    rng, conv = base.visible_rng(a, f), f.convention
    offs = conv.offsets()
    if conv.by_property:
        limit = conv.limit or PROPERTY_LIMIT
        X, y, sep = bounded_separable(rng, 5, 2, offs[0], limit)
        Xd, yd, sd = bounded_separable(rng, 3, 1, offs[-1], limit)
        X1, y1, c1 = draw_nonseparable(rng, "xor", 2, offs[-1])
        recipes = [dict(family="separable", X=X, y=y, offset=offs[0], max_epochs=100, cert=sep),
                   dict(family="non-separable", X=X1, y=y1, offset=offs[-1], max_epochs=2, cert=c1),
                   dict(family="one-dimensional", X=Xd, y=yd, offset=offs[-1], max_epochs=100, cert=sd)]
    else:
        recipes = visible_recipes(rng, offs)
    out: list[Case] = []
    start_rng = base.visible_rng(a, f)
    for r in recipes:
        out += adapt(a, f, r["family"], [r], True, start_rng, first=len(out))
    return out



# ------------------------------------------------------------ the shape's plug-in: mistakes, calls, shrinking
def offers(f: FunctionSpec) -> tuple[tuple[str, Knobs], ...]:
    """The classic mistakes of a training loop, as switches on its exact reference."""
    return tuple(shared_mistakes(f) + training_mistakes(f))


def mutant(f: FunctionSpec, case: Case, knobs: Knobs) -> Expected | None:
    """The exact result of the reference with one mistake switched on."""
    return expected(f, case.X, case.y, case.offset, case.max_epochs, case.step, case.start, knobs=knobs)


def call_slots(f: FunctionSpec, Xa, ya, columns: bool) -> dict:
    """Slots a call carries besides the data, epochs, step and start every shape shares: none."""
    return {}


def class_steps(a: Assignment, f: FunctionSpec, case: Case, Xa, ya, first: int) -> tuple[list, list[dict]]:
    """A method call: train on the course module's data (or on a dataset argument), then read the weights."""
    weights = {"m": a.klass.weights, "a": 2, "keep": True}
    if f.passes("dataset"):
        return [((Xa, ya),)], [{"m": f.name, "a": first, "wrap": {"0": "dataset"}}, weights]
    return [], [{"m": f.name, "a": 2}, weights]


def smaller(a: Assignment, case: Case, cid: str, X, y, cert, seconds: float) -> Case | None:
    """A smaller version of a case (for shrinking), with its convention's exact result."""
    f = a.spec(case.function) if case.function else a.primary
    if f.method:
        return None
    if plain(a, f):
        return make_case(cid, case.family, True, X, y, case.offset, case.max_epochs, cert, seconds)
    exp = expected(f, X, y, case.offset, case.max_epochs, case.step, case.start)
    if exp is None:
        return None
    return Case(case_id=cid, family=case.family, tags=case.tags, visible=True, title=case.title, X=tuple(X),
                y=tuple(y), offset=case.offset, max_epochs=case.max_epochs, expected=exp, certificate=cert,
                seconds=seconds, function=case.function, step=case.step, start=case.start)

"""Kind `separability`: through the origin or only with an offset? Two verdicts, each with a checkable proof."""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from typing import TYPE_CHECKING

from rosenblatt.core import Decision, Infeasibility, Separator, separability, verify_infeasibility, verify_separator
from exercises.kinds.figures import Line, scene
from exercises.kinds.examples import outside, proofless
from exercises.kinds.base import Part, Reject, solved_once
from exercises.kinds.grid import Grid, NumberFormat, parse_grid, require_points
from exercises.kinds.params import Params
from exercises.kinds.sampling import dot, draw_direction, labelled_points
from rosenblatt.shared import fraction_str, to_fraction, vector_str

if TYPE_CHECKING:
    import numpy as np  # generation only: the caller passes the Generator

NAME = "separability"
TITLE = "Separable through the origin, or only with an offset?"
OPTIONS = ("dim", "n_points", "grid", "category", "min_margin")
CATEGORIES = ("origin", "offset_only", "none")


@dataclass(frozen=True)
class SeparabilityParams:
    dim: int
    n_points: int
    grid: Grid
    categories: tuple[str, ...]
    min_margin: Fraction


@dataclass(frozen=True)
class SeparabilityData:
    X: tuple[tuple[Fraction, ...], ...]
    y: tuple[int, ...]
    style: str


def parse_params(p: Params) -> SeparabilityParams:
    raw = p.raw.get("category", "mixed")
    if isinstance(raw, list) and raw and all(c in CATEGORIES for c in raw):
        categories = tuple(dict.fromkeys(raw))
    else:
        category = p.choice("category", "mixed", CATEGORIES + ("mixed",))
        categories = CATEGORIES if category == "mixed" else (category,)
    params = SeparabilityParams(
        dim=p.integer("dim", 2, 1, 5), n_points=p.integer("n_points", 5, 3, 12), grid=parse_grid(p),
        categories=categories,
        min_margin=p.number("min_margin", 0, 0, 1000),
    )
    require_points(p, params.grid, params.dim, params.n_points)
    return params


def generate(params: SeparabilityParams, rng: np.random.Generator) -> SeparabilityData:
    """Build data of the drawn category by construction, then confirm the category with the exact core."""
    category = params.categories[int(rng.integers(0, len(params.categories)))]
    build = {"origin": _origin, "offset_only": _offset_only, "none": _none}[category]
    X, y = build(params, rng)
    order = rng.permutation(len(X))
    data = SeparabilityData(tuple(X[int(i)] for i in order), tuple(y[int(i)] for i in order), params.grid.style)
    origin, offset = solve(data)
    if (origin.separable, offset.separable) != {"origin": (True, True), "offset_only": (False, True),
                                                "none": (False, False)}[category]:
        raise Reject(f"params.category ({category})")
    return data


def _origin(params: SeparabilityParams, rng: np.random.Generator):
    w = draw_direction(rng, params.dim)
    return labelled_points(rng, params.grid, params.dim, params.n_points, w, Fraction(0), params.min_margin)


def _ray_pair(params: SeparabilityParams, rng: np.random.Generator):
    """Points p and k·p (k = 2 or 3) on one ray from the origin, and an offset line that passes between them."""
    g = params.grid
    for _ in range(200):
        p, k = g.draw(rng, params.dim), int(rng.integers(2, 4))
        q = tuple(k * v for v in p)
        theta = draw_direction(rng, params.dim)
        t = dot(theta, p)
        if not any(p) or t == 0 or not all(g.contains(v) for v in q):
            continue
        theta0 = -t * (1 + k) / 2  # halfway between the two points along the ray
        if abs(t) * (k - 1) / 2 >= params.min_margin:
            sign = 1 if t < 0 else -1  # label of p: the side of p under (θ, θ₀)
            return theta, theta0, [p, q], [sign, -sign]
    raise Reject("params.grid (no ray from the origin holds two grid points; widen the grid)")


def _offset_only(params: SeparabilityParams, rng: np.random.Generator):
    """Opposite labels on one ray make the origin case infeasible; the offset line separates everything."""
    theta, theta0, X, y = _ray_pair(params, rng)
    rest, labels = labelled_points(rng, params.grid, params.dim, params.n_points - 2, theta, theta0,
                                   params.min_margin, avoid=X)
    return X + rest, y + labels


def _none(params: SeparabilityParams, rng: np.random.Generator):
    """A point of one label at the midpoint of two points of the other label: the hulls meet, no line exists."""
    g, sign = params.grid, int(rng.choice([-1, 1]))
    for _ in range(200):
        a, m = g.draw(rng, params.dim), g.draw(rng, params.dim)
        b = tuple(2 * mv - av for av, mv in zip(a, m))
        if a != m and all(g.contains(v) for v in b) and all(any(v) for v in (a, b, m)):
            break
    else:
        raise Reject("params.grid (no three collinear grid points; widen the grid)")
    X, y, seen = [a, b, m], [sign, sign, -sign], {a, b, m}
    for _ in range(60 * params.n_points):
        if len(X) == params.n_points:
            return X, y
        x = g.draw(rng, params.dim)
        if x not in seen and any(x):
            seen.add(x)
            X.append(x)
            y.append(int(rng.choice([-1, 1])))
    raise Reject("params.n_points (not enough distinct grid points)")


@solved_once  # generate solves the attempt it keeps; build_sheets asks again
def solve(data: SeparabilityData) -> tuple[Decision, Decision]:
    return separability(data.X, data.y)


def data_json(data: SeparabilityData) -> dict:
    return {"X": [vector_str(x) for x in data.X], "y": list(data.y)}


def answer_json(data: SeparabilityData, solution) -> dict:
    origin, offset = solution
    return {"origin": origin.to_json(), "offset": offset.to_json()}


def parts(data: SeparabilityData, solution) -> tuple[Part, ...]:
    out = []
    for name, decision in zip(("origin", "offset"), solution):
        where = "through the origin" if name == "origin" else "with an offset"
        out.append(Part(f"{name}.separable", f"separable {where}?", "verdict", decision.separable, "yes"))
        theta, theta0, weights = proofless(data.X, data.y, name == "offset")  # a hint proves nothing
        example = f"{name}.theta: {theta}" + (f" with {name}.theta0: {theta0}" if name == "offset" else "") + \
            f", or {name}.weights: {weights}"
        out.append(Part(f"{name}.certificate", f"proof {where} (a separator, or weights λ)", "certificate",
                        None, example))
    return outside(tuple(out))


def _exact_vector(values, n: int, what: str) -> tuple[Fraction, ...]:
    if not isinstance(values, tuple) or len(values) != n:
        raise ValueError(f"{what} must be a list of {n} numbers")
    out = []
    for v in values:
        if isinstance(v, Fraction):
            out.append(v)
        elif isinstance(v, tuple) or not getattr(v, "is_Rational", False):
            raise ValueError(f"{what} must hold rational numbers (no square roots)")
        else:
            out.append(Fraction(int(v.p), int(v.q)))
    return tuple(out)


def check_certificate(data: dict, part_id: str, given: dict) -> tuple[str, str, dict]:
    """Verify a student's proof exactly: a separator (θ, and θ₀ with an offset) or Gordan weights λ ≥ 0.

    Returns (status, reason code, facts) for the check template.
    """
    name = part_id.split(".")[0]
    offset = name == "offset"
    facts = {"name": name, "offset": offset}
    X = [tuple(to_fraction(v) for v in x) for x in data["X"]]
    y = list(data["y"])
    try:
        if f"{name}.weights" in given:
            lam = _exact_vector(given[f"{name}.weights"], len(X), "weights")
            ok = verify_infeasibility(X, y, Infeasibility(lam), offset)
            return ("correct", "weights_ok", facts) if ok else ("incorrect", "weights_bad", facts)
        if f"{name}.theta" in given:
            theta = _exact_vector(given[f"{name}.theta"], len(X[0]), "theta")
            raw0 = given.get(f"{name}.theta0")
            theta0 = _exact_vector((raw0,), 1, "theta0")[0] if offset and raw0 is not None else Fraction(0)
            ok = verify_separator(X, y, Separator(theta, theta0), offset)
            return ("correct", "separator_ok", facts) if ok else ("incorrect", "separator_bad", facts)
    except ValueError as exc:
        return "invalid", "unreadable", {"error": str(exc)}
    return "missing", "certificate_missing", facts


def _check_rows(data: SeparabilityData, decision: Decision, nf: NumberFormat) -> list[dict]:
    cert = decision.certificate
    if isinstance(cert, Separator):
        return [{"i": i, "value": nf.k(yi * (dot(cert.theta, x) + cert.theta0))}
                for i, (x, yi) in enumerate(zip(data.X, data.y), 1)]
    rows = []
    for i, (lam, x, yi) in enumerate(zip(cert.weights, data.X, data.y), 1):
        if lam:
            rows.append({"i": i, "weight": fraction_str(lam), "y": f"{yi:+d}",
                         "term": nf.kv(tuple(lam * yi * v for v in x)), "label_term": fraction_str(lam * yi)})
    return rows


def view(data: SeparabilityData, solution) -> dict:
    nf = NumberFormat(data.style)
    decisions = []
    for name, decision in zip(("origin", "offset"), solution):
        cert = decision.certificate
        entry = {"name": name, "separable": decision.separable, "rows": _check_rows(data, decision, nf)}
        if isinstance(cert, Separator):
            entry.update(theta=nf.kv(cert.theta), theta0=fraction_str(cert.theta0))
        else:
            entry.update(weights="(" + ", ".join(fraction_str(v) for v in cert.weights) + ")",
                         zero=nf.kv((Fraction(0),) * len(data.X[0])))
        decisions.append(entry)
    return {"points": [{"i": i, "x": nf.qv(x), "y": f"{yi:+d}"} for i, (x, yi) in enumerate(zip(data.X, data.y), 1)],
            "n": len(data.X), "dim": len(data.X[0]), "decisions": decisions}


def figure(data: SeparabilityData, solution, key: bool):
    lines = []
    if key:
        for name, decision in zip(("origin", "offset"), solution):
            if decision.separable:
                cert = decision.certificate
                lines.append(Line(cert.theta, cert.theta0, name, "origin" if name == "origin" else "offset"))
    return scene(data.X, data.y, lines)

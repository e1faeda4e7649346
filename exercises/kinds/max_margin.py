"""Kind `max_margin`: the tightest bound R²/γ_max² from the maximum-margin separator, against w* and the actual run."""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction

import numpy as np

from rosenblatt.core import MarginBound, MaxMargin, margin_bound, max_margin
from exercises.kinds.figures import Line, scene
from exercises.kinds.examples import outside
from exercises.kinds.base import Part, Reject, solved_once
from exercises.kinds.grid import Grid, NumberFormat, parse_grid, require_points
from exercises.kinds.params import Params
from exercises.kinds.sampling import dot, draw_direction, labelled_points
from rosenblatt.shared import exact_str, fraction_str, vector_str

NAME = "max_margin"
TITLE = "The tightest mistake bound: the maximum margin"
OPTIONS = ("dim", "n_points", "grid", "offset", "min_margin", "w_star_max", "max_bound", "max_support",
           "max_denominator")


@dataclass(frozen=True)
class MaxMarginParams:
    dim: int
    n_points: int
    grid: Grid
    offset: bool
    min_margin: Fraction
    w_star_max: int
    max_bound: int
    max_support: int
    max_denominator: int


@dataclass(frozen=True)
class MaxMarginData:
    X: tuple[tuple[Fraction, ...], ...]
    y: tuple[int, ...]
    offset: bool
    w_star: tuple[Fraction, ...]  # (θ*, θ₀*) in the augmented form when offset
    style: str


@dataclass(frozen=True)
class MaxMarginSolution:
    best: MaxMargin
    star: MarginBound  # w*'s margin and bound, on the augmented points when offset


def parse_params(p: Params) -> MaxMarginParams:
    params = MaxMarginParams(
        dim=p.integer("dim", 2, 1, 5), n_points=p.integer("n_points", 4, 2, 12), grid=parse_grid(p),
        offset=p.flag("offset", False), min_margin=p.number("min_margin", 1, 0, 1000),
        w_star_max=p.integer("w_star_max", 3, 1, 20), max_bound=p.integer("max_bound", 200, 1, 10**6),
        max_support=p.integer("max_support", 3, 1, 12), max_denominator=p.integer("max_denominator", 12, 1, 10**6),
    )
    require_points(p, params.grid, params.dim, params.n_points)
    if params.dim == 1 and not params.offset:
        raise p.fail("dim", "must be at least 2 through the origin (in one dimension every separator points the "
                            "same way, so w* would already have the largest margin), got 1")
    return params


def augmented(data: MaxMarginData) -> tuple[tuple[Fraction, ...], ...]:
    """The points as the theorem sees them: x̃ = (x, 1) with an offset, x through the origin."""
    return tuple(x + (Fraction(1),) for x in data.X) if data.offset else data.X


def generate(params: MaxMarginParams, rng: np.random.Generator) -> MaxMarginData:
    """Draw w* (and θ₀* with an offset), label grid points by it with a margin, then check the exact optimum."""
    theta = draw_direction(rng, params.dim, params.w_star_max)
    theta0 = params.grid.draw(rng, 1)[0] if params.offset else Fraction(0)
    X, y = labelled_points(rng, params.grid, params.dim, params.n_points, theta, theta0, params.min_margin)
    w_star = theta + ((theta0,) if params.offset else ())
    data = MaxMarginData(tuple(X), tuple(y), params.offset, w_star, params.grid.style)
    sol = solve(data)
    if sol.star.bound > params.max_bound:
        raise Reject(f"params.max_bound (the bound of w* must be at most {params.max_bound})")
    if len(sol.best.support) > params.max_support:
        raise Reject(f"params.max_support (at most {params.max_support} points on the margin)")
    if any(Fraction(v).denominator > params.max_denominator for v in sol.best.w + sol.best.multipliers):
        raise Reject(f"params.max_denominator (w_max and its weights with denominators up to {params.max_denominator})")
    if sol.star.bound == sol.best.best_bound:
        raise Reject("w* differs from the maximum-margin direction (else the comparison is trivial)")
    return data


@solved_once  # generate solves the attempt it keeps; build_sheets asks again
def solve(data: MaxMarginData) -> MaxMarginSolution:
    return MaxMarginSolution(max_margin(data.X, data.y, data.offset), margin_bound(augmented(data), data.y,
                                                                                     data.w_star))


def data_json(data: MaxMarginData) -> dict:
    return {"X": [vector_str(x) for x in data.X], "y": list(data.y), "offset": data.offset,
            "w_star": vector_str(data.w_star)}


def answer_json(data: MaxMarginData, sol: MaxMarginSolution) -> dict:
    best = sol.best.to_json()
    return {"w_star_bound": exact_str(sol.star.bound), "w_max": best["w_max"], "support": best["support"],
            "gamma_max": best["gamma_max"], "best_bound": best["best_bound"], "R": best["R"],
            "multipliers": vector_str(sol.best.multipliers), "mistakes": sol.best.mistakes}


def parts(data: MaxMarginData, sol: MaxMarginSolution) -> tuple[Part, ...]:
    dim = len(data.w_star)
    return outside((
        Part("star_bound", "the bound (R/γ)² of the given w*", "exact", sol.star.bound, "25"),
        Part("w_max", "the maximum-margin separator, scaled so that min y w·x = 1", "exact", sol.best.w,
             "[" + ", ".join(["1/2"] * dim) + "]"),
        Part("support", "the points on its margin (their numbers)", "set", sol.best.support, "[1, 3]"),
        Part("gamma_max", "the largest margin γₘₐₓ", "exact", sol.best.gamma_max, "sqrt(2)/2"),
        Part("best_bound", "the best bound R²/γₘₐₓ²", "exact", sol.best.best_bound, "10"),
        Part("mistakes", "the mistakes the perceptron makes from zero", "exact", sol.best.mistakes, "3"),
    ))


def view(data: MaxMarginData, sol: MaxMarginSolution) -> dict:
    nf, best, star = NumberFormat(data.style), sol.best, sol.star
    aug = augmented(data)
    support = set(best.support)
    rows = [{"i": i, "x": nf.qv(xa), "y": f"{yi:+d}", "star": nf.k(yi * dot(data.w_star, xa)),
             "best": fraction_str(yi * dot(best.w, xa)), "norm_sq": nf.k(dot(xa, xa)), "on_margin": i in support,
             "alpha": fraction_str(best.multipliers[i - 1])}
            for i, (xa, yi) in enumerate(zip(aug, data.y), 1)]
    return {
        "points": rows, "n": len(data.X), "dim": len(data.X[0]), "offset": data.offset,
        "w_star": nf.kv(data.w_star), "star_w_sq": fraction_str(star.w_norm_sq),
        "star_m_min": fraction_str(star.min_functional_margin), "star_gamma": exact_str(star.gamma),
        "star_bound": exact_str(star.bound), "r_sq": fraction_str(best.R_sq), "R": exact_str(best.R),
        "w_max": "(" + ", ".join(fraction_str(v) for v in best.w) + ")", "w_sq": fraction_str(best.norm_sq),
        "gamma_max": exact_str(best.gamma_max), "best_bound": fraction_str(best.best_bound),
        "support": ", ".join(str(i) for i in best.support), "n_support": len(best.support),
        "alphas": [r for r in rows if best.multipliers[r["i"] - 1]], "mistakes": best.mistakes,
        "within": best.converged and best.mistakes <= best.best_bound,
    }


def figure(data: MaxMarginData, sol: MaxMarginSolution, key: bool):
    def line(w, role: str, label: str, shift: Fraction = Fraction(0)) -> Line:
        theta, theta0 = (w[:-1], w[-1]) if data.offset else (w, Fraction(0))
        return Line(tuple(theta), theta0 + shift, role, label)

    lines = [line(data.w_star, "separator", "$w^*$")]
    if not key:
        return scene(data.X, data.y, lines)
    w = sol.best.w
    lines += [line(w, "margin", "", Fraction(-1)), line(w, "margin", "", Fraction(1)), line(w, "maxmargin", "$w_{\\max}$")]
    return scene(data.X, data.y, lines, bands=[line(w, "maxmargin", "")])

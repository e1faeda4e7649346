"""Kind `mistake_bound`: margin γ, radius R and the bound (R/γ)² for a separator w*, against the actual run."""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction

import numpy as np

from rosenblatt.core import MarginBound, margin_bound
from exercises.kinds.figures import Line, scene
from exercises.kinds.examples import outside
from exercises.kinds.base import Part, Reject, solved_once
from exercises.kinds.grid import Grid, NumberFormat, parse_grid, require_points
from exercises.kinds.params import Params
from exercises.kinds.sampling import dot, draw_direction, labelled_points
from rosenblatt.shared import exact_str, fraction_str, vector_str

NAME = "mistake_bound"
TITLE = "The perceptron convergence bound (R/γ)²"
OPTIONS = ("dim", "n_points", "grid", "min_margin", "max_bound", "w_star_max")


@dataclass(frozen=True)
class MistakeBoundParams:
    dim: int
    n_points: int
    grid: Grid
    min_margin: Fraction
    max_bound: int
    w_star_max: int


@dataclass(frozen=True)
class MistakeBoundData:
    X: tuple[tuple[Fraction, ...], ...]
    y: tuple[int, ...]
    w_star: tuple[Fraction, ...]
    style: str


def parse_params(p: Params) -> MistakeBoundParams:
    params = MistakeBoundParams(
        dim=p.integer("dim", 2, 1, 5), n_points=p.integer("n_points", 4, 2, 12), grid=parse_grid(p),
        min_margin=p.number("min_margin", 1, 0, 1000), max_bound=p.integer("max_bound", 200, 1, 10**6),
        w_star_max=p.integer("w_star_max", 3, 1, 20),
    )
    require_points(p, params.grid, params.dim, params.n_points)
    return params


def generate(params: MistakeBoundParams, rng: np.random.Generator) -> MistakeBoundData:
    """Draw w* first, then points on the grid with functional margin ≥ min_margin, labelled by w*."""
    w = draw_direction(rng, params.dim, params.w_star_max)
    X, y = labelled_points(rng, params.grid, params.dim, params.n_points, w, Fraction(0), params.min_margin)
    data = MistakeBoundData(tuple(X), tuple(y), w, params.grid.style)
    if solve(data).bound > params.max_bound:
        raise Reject(f"params.max_bound (the bound (R/γ)² must be at most {params.max_bound})")
    return data


@solved_once  # generate solves the attempt it keeps; build_sheets asks again
def solve(data: MistakeBoundData) -> MarginBound:
    return margin_bound(data.X, data.y, data.w_star)


def data_json(data: MistakeBoundData) -> dict:
    return {"X": [vector_str(x) for x in data.X], "y": list(data.y), "w_star": vector_str(data.w_star)}


def answer_json(data: MistakeBoundData, mb: MarginBound) -> dict:
    return mb.to_json()


def parts(data: MistakeBoundData, mb: MarginBound) -> tuple[Part, ...]:
    return outside((
        Part("gamma", "the margin γ of w*", "exact", mb.gamma, "sqrt(2)/2"),
        Part("R", "the radius R", "exact", mb.R, "sqrt(5)"),
        Part("bound", "the bound (R/γ)²", "exact", mb.bound, "10"),
        Part("mistakes", "the mistakes the perceptron makes (from θ = 0, through the origin)", "exact",
             mb.mistakes, "3"),
    ))


def view(data: MistakeBoundData, mb: MarginBound) -> dict:
    nf = NumberFormat(data.style)
    rows = [{"i": i, "x": nf.qv(x), "y": f"{yi:+d}", "margin": nf.k(yi * dot(data.w_star, x)),
             "norm_sq": nf.k(dot(x, x))} for i, (x, yi) in enumerate(zip(data.X, data.y), 1)]
    return {
        "points": rows, "n": len(data.X), "dim": len(data.X[0]), "w_star": nf.kv(data.w_star),
        "m_min": fraction_str(mb.min_functional_margin), "w_sq": fraction_str(mb.w_norm_sq),
        "r_sq": fraction_str(mb.R_sq), "m_min_p": _paren(mb.min_functional_margin), "w_sq_p": _paren(mb.w_norm_sq),
        "r_sq_p": _paren(mb.R_sq), "gamma": exact_str(mb.gamma), "R": exact_str(mb.R),
        "bound": exact_str(mb.bound), "mistakes": mb.mistakes, "converged": mb.converged,
        "within": mb.within_bound,
    }


def _paren(v: Fraction) -> str:
    """A rational as a factor in running text: 3, or (1/2)."""
    return fraction_str(v) if Fraction(v).denominator == 1 else f"({fraction_str(v)})"


def figure(data: MistakeBoundData, mb: MarginBound, key: bool):
    return scene(data.X, data.y, [Line(data.w_star, Fraction(0), "separator", "$w^*$")])

"""Kind `single_point`: the seeds' quiz: how often can the perceptron misclassify one point, from 0 and from θ₀?"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction

import numpy as np

from exercises.kinds.figures import scene
from exercises.kinds.examples import outside
from exercises.kinds.base import Part, Reject
from exercises.kinds.grid import Grid, NumberFormat, parse_grid
from exercises.kinds.params import Params
from exercises.kinds.sampling import dot
from rosenblatt.shared import fraction_str, vector_str

NAME = "single_point"
TITLE = "One point: how many mistakes?"
OPTIONS = ("dim", "grid", "start_grid", "min_mistakes", "max_mistakes")


@dataclass(frozen=True)
class SinglePointParams:
    dim: int
    grid: Grid
    start_grid: Grid
    min_mistakes: int
    max_mistakes: int


@dataclass(frozen=True)
class SinglePointData:
    x: tuple[Fraction, ...]
    y: int
    theta_init: tuple[Fraction, ...]
    style: str


@dataclass(frozen=True)
class SinglePointSolution:
    from_zero: int
    from_start: int
    start_value: Fraction  # y θ_init·x
    norm_sq: Fraction  # ‖x‖²


def parse_params(p: Params) -> SinglePointParams:
    params = SinglePointParams(
        dim=p.integer("dim", 2, 1, 5), grid=parse_grid(p), start_grid=parse_grid(p, "start_grid", -9, 9),
        min_mistakes=p.integer("min_mistakes", 2, 0, 50), max_mistakes=p.integer("max_mistakes", 6, 0, 50),
    )
    p.ordered("min_mistakes", "max_mistakes", params.min_mistakes, params.max_mistakes)
    return params


def mistakes_from(theta, x, y) -> int:
    """Each update adds ‖x‖² to y θ·x; mistakes continue while y θ·x ≤ 0, so k = ⌊−yθ·x / ‖x‖²⌋ + 1 (or 0)."""
    value, norm_sq = y * dot(theta, x), dot(x, x)
    return 0 if value > 0 else int((-value) // norm_sq) + 1


def generate(params: SinglePointParams, rng: np.random.Generator) -> SinglePointData:
    x = params.grid.draw(rng, params.dim)
    if not any(x):
        raise Reject("params.grid (the point must not be zero)")
    y = int(rng.choice([-1, 1]))
    theta = params.start_grid.draw(rng, params.dim)
    k = mistakes_from(theta, x, y)
    if not params.min_mistakes <= k <= params.max_mistakes:
        key = "params.min_mistakes" if k < params.min_mistakes else "params.max_mistakes"
        raise Reject(f"{key} (between {params.min_mistakes} and {params.max_mistakes} mistakes from the start)")
    return SinglePointData(x, y, theta, params.grid.style)


def solve(data: SinglePointData) -> SinglePointSolution:
    return SinglePointSolution(mistakes_from((Fraction(0),) * len(data.x), data.x, data.y),
                               mistakes_from(data.theta_init, data.x, data.y),
                               data.y * dot(data.theta_init, data.x), dot(data.x, data.x))


def data_json(data: SinglePointData) -> dict:
    return {"X": [vector_str(data.x)], "y": [data.y], "theta_init": vector_str(data.theta_init)}


def answer_json(data: SinglePointData, sol: SinglePointSolution) -> dict:
    return {"from_zero": sol.from_zero, "from_start": sol.from_start}


def parts(data: SinglePointData, sol: SinglePointSolution) -> tuple[Part, ...]:
    return outside((Part("from_zero", "mistakes starting from θ = 0", "exact", sol.from_zero, "1"),
                           Part("from_start", "mistakes starting from the given θ", "exact", sol.from_start, "4")))


def view(data: SinglePointData, sol: SinglePointSolution) -> dict:
    nf = NumberFormat(data.style)
    steps = [{"k": k, "value": nf.k(sol.start_value + k * sol.norm_sq)} for k in range(sol.from_start + 1)]
    return {"x": nf.qv(data.x), "y": f"{data.y:+d}", "theta_init": nf.qv(data.theta_init),
            "start_value": nf.k(sol.start_value), "norm_sq": nf.k(sol.norm_sq), "from_zero": sol.from_zero,
            "from_start": sol.from_start, "steps": steps, "final": nf.kv(tuple(
                t + sol.from_start * data.y * v for t, v in zip(data.theta_init, data.x))),
            "quotient": fraction_str(-sol.start_value / sol.norm_sq)}


def figure(data: SinglePointData, sol: SinglePointSolution, key: bool):
    return scene([data.x], [data.y])

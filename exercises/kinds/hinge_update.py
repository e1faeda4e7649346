"""Kind `hinge_update`: one SGD step on max(0, −y θ·x) is the perceptron update (step size η = 1)."""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction

import numpy as np

from exercises.kinds.figures import Line, scene
from exercises.kinds.examples import outside
from exercises.kinds.base import Part, Reject
from exercises.kinds.grid import Grid, NumberFormat, parse_grid
from exercises.kinds.params import Params
from exercises.kinds.sampling import dot, draw_direction
from rosenblatt.shared import fraction_str, vector_str

NAME = "hinge_update"
TITLE = "Perceptron loss: one SGD step"
OPTIONS = ("dim", "grid", "case", "eta")
CASES = ("mistake", "correct", "tie")


@dataclass(frozen=True)
class HingeParams:
    dim: int
    grid: Grid
    cases: tuple[str, ...]
    etas: tuple[Fraction, ...]


@dataclass(frozen=True)
class HingeData:
    x: tuple[Fraction, ...]
    y: int
    theta: tuple[Fraction, ...]
    eta: Fraction
    style: str


@dataclass(frozen=True)
class HingeSolution:
    value: Fraction  # y θ·x
    loss: Fraction
    gradient: tuple[Fraction, ...]
    theta: tuple[Fraction, ...]  # after the SGD step
    perceptron: tuple[Fraction, ...]  # after the perceptron rule


def parse_params(p: Params) -> HingeParams:
    case = p.choice("case", "mixed", CASES + ("mixed",))
    etas = p.numbers("eta", [1])
    if any(e <= 0 for e in etas):
        raise p.fail("eta", "every step size must be positive")
    return HingeParams(dim=p.integer("dim", 2, 1, 5), grid=parse_grid(p),
                       cases=CASES if case == "mixed" else (case,), etas=etas)


def generate(params: HingeParams, rng: np.random.Generator) -> HingeData:
    case = params.cases[int(rng.integers(0, len(params.cases)))]
    x = params.grid.draw(rng, params.dim)
    if not any(x):
        raise Reject("params.grid (the point must not be zero)")
    y = int(rng.choice([-1, 1]))
    if case == "tie":
        c = draw_direction(rng, 1)[0]
        theta = (-c * x[1], c * x[0]) + (Fraction(0),) * (params.dim - 2) if params.dim >= 2 else (Fraction(0),)
    else:
        theta = params.grid.draw(rng, params.dim)
    value = y * dot(theta, x)
    if (case == "mistake" and value >= 0) or (case == "correct" and value <= 0) or (case == "tie" and value != 0):
        raise Reject(f"params.case ({case})")
    eta = params.etas[int(rng.integers(0, len(params.etas)))]
    return HingeData(x, y, theta, eta, params.grid.style)


def solve(data: HingeData) -> HingeSolution:
    """At y θ·x = 0 the loss has a kink; like the perceptron's ≤ 0 test we take the subgradient −y x there."""
    value = data.y * dot(data.theta, data.x)
    active = value <= 0
    grad = tuple(-data.y * v if active else Fraction(0) for v in data.x)
    return HingeSolution(
        value=value, loss=max(Fraction(0), -value), gradient=grad,
        theta=tuple(t - data.eta * g for t, g in zip(data.theta, grad)),
        perceptron=tuple(t + data.y * v if active else t for t, v in zip(data.theta, data.x)),
    )


def data_json(data: HingeData) -> dict:
    return {"X": [vector_str(data.x)], "y": [data.y], "theta": vector_str(data.theta), "eta": fraction_str(data.eta)}


def answer_json(data: HingeData, sol: HingeSolution) -> dict:
    return {"loss": fraction_str(sol.loss), "gradient": vector_str(sol.gradient), "theta": vector_str(sol.theta),
            "same_as_perceptron": sol.theta == sol.perceptron}


def parts(data: HingeData, sol: HingeSolution) -> tuple[Part, ...]:
    return outside((Part("loss", "the loss max(0, −y θ·x)", "exact", sol.loss, "3"),
                           Part("gradient", "the (sub)gradient of the loss at θ", "exact", sol.gradient, "[-1, 2]"),
                           Part("theta", "θ after one SGD step", "exact", sol.theta, "[0, 1]"),
                           Part("same", "is this the perceptron update?", "verdict", sol.theta == sol.perceptron, "yes")))


def view(data: HingeData, sol: HingeSolution) -> dict:
    nf = NumberFormat(data.style)
    return {"x": nf.qv(data.x), "y": f"{data.y:+d}", "theta": nf.qv(data.theta), "eta": fraction_str(data.eta),
            "value": nf.k(sol.value), "loss": nf.k(sol.loss), "gradient": nf.kv(sol.gradient),
            "new_theta": nf.kv(sol.theta), "perceptron": nf.kv(sol.perceptron), "active": sol.value <= 0,
            "tie": sol.value == 0, "same": sol.theta == sol.perceptron, "unit_eta": data.eta == 1}


def figure(data: HingeData, sol: HingeSolution, key: bool):
    """The boundary before the step and, in the key, after it: one line, labelled so, when the step keeps it."""
    if key and _same_boundary(data.theta, sol.theta):
        return scene([data.x], [data.y], [Line(sol.theta, Fraction(0), "final", "before = after")])
    lines = [Line(data.theta, Fraction(0), "update", "before")]
    if key:
        lines.append(Line(sol.theta, Fraction(0), "final", "after"))
    return scene([data.x], [data.y], lines)


def _same_boundary(a: tuple[Fraction, ...], b: tuple[Fraction, ...]) -> bool:
    """θ and c·θ (c > 0) draw the same boundary, on the same side."""
    if len(a) != 2 or not any(a) or not any(b):
        return a == b
    return a[0] * b[1] == a[1] * b[0] and a[0] * b[0] + a[1] * b[1] > 0

"""Kind `hand_trace`: trace the perceptron by hand (every update, the final θ and θ₀), ties on request."""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction

import numpy as np

from rosenblatt.core import Trace, perceptron_trace
from exercises.kinds.figures import Line, scene
from exercises.kinds.examples import outside
from exercises.kinds.base import Part, Reject, solved_once
from exercises.kinds.grid import Grid, NumberFormat, parse_grid, require_points
from exercises.kinds.params import Params
from exercises.kinds.sampling import draw_direction, labelled_points
from rosenblatt.shared import fraction_str, vector_str

NAME = "hand_trace"
TITLE = "Trace the perceptron by hand"
OPTIONS = ("dim", "n_points", "grid", "offset", "start", "theta_init", "theta0_init", "min_updates", "max_updates",
           "min_epochs", "max_epochs", "tie", "min_margin", "allow_zero")
TIES = ("required", "forbidden", "allowed")


@dataclass(frozen=True)
class HandTraceParams:
    dim: int
    n_points: int
    grid: Grid
    offset: bool
    start: str
    theta_init: tuple[Fraction, ...] | None  # the instructor's fixed start, when given
    theta0_init: Fraction
    min_updates: int
    max_updates: int
    min_epochs: int
    max_epochs: int
    tie: str
    min_margin: Fraction
    allow_zero: bool


@dataclass(frozen=True)
class HandTraceData:
    X: tuple[tuple[Fraction, ...], ...]
    y: tuple[int, ...]
    offset: bool
    theta_init: tuple[Fraction, ...]
    theta0_init: Fraction
    max_epochs: int
    style: str


def parse_params(p: Params) -> HandTraceParams:
    params = HandTraceParams(
        dim=p.integer("dim", 2, 1, 5), n_points=p.integer("n_points", 4, 2, 12), grid=parse_grid(p),
        offset=p.flag("offset", False), start=p.choice("start", "zero", ("zero", "given")),
        theta_init=p.numbers("theta_init", [], 1, 5) if "theta_init" in p.raw else None,
        theta0_init=p.number("theta0_init", 0, -1000, 1000),
        min_updates=p.integer("min_updates", 2, 1, 60), max_updates=p.integer("max_updates", 8, 1, 60),
        min_epochs=p.integer("min_epochs", 1, 1, 20), max_epochs=p.integer("max_epochs", 4, 1, 20),
        tie=p.choice("tie", "forbidden", TIES), min_margin=p.number("min_margin", 0, 0, 1000),
        allow_zero=p.flag("allow_zero", False),
    )
    p.ordered("min_updates", "max_updates", params.min_updates, params.max_updates)
    p.ordered("min_epochs", "max_epochs", params.min_epochs, params.max_epochs)
    require_points(p, params.grid, params.dim, params.n_points)
    if params.theta_init is not None and len(params.theta_init) != params.dim:
        raise p.fail("theta_init", f"must hold {params.dim} numbers (dim), got {len(params.theta_init)}")
    if params.theta0_init and not params.offset:
        raise p.fail("theta0_init", "needs offset: true (θ₀ is only learned with an offset)")
    if params.tie == "required" and params.dim == 1 and not params.offset:
        raise p.fail("tie", "required needs dim of at least 2 or offset: true (in one dimension through the origin "
                            "θ·x = 0 only when θ = 0)")
    if params.min_epochs > 1 and params.min_updates < 1:
        raise p.fail("min_updates", "must be at least 1 when min_epochs is above 1")
    return params


def generate(params: HandTraceParams, rng: np.random.Generator) -> HandTraceData:
    """Draw a separator, then points on the grid labelled by it (so the run converges), then test the trace."""
    g = params.grid
    w = draw_direction(rng, params.dim)
    b = g.draw(rng, 1)[0] if params.offset else Fraction(0)
    X, y = labelled_points(rng, g, params.dim, params.n_points, w, b, params.min_margin,
                           allow_zero=params.allow_zero)
    theta_init, theta0_init = _start(params, rng)
    data = HandTraceData(tuple(X), tuple(y), params.offset, theta_init, theta0_init, params.max_epochs, g.style)
    _check_trace(params, data, solve(data))
    return data


def _start(params: HandTraceParams, rng: np.random.Generator) -> tuple[tuple[Fraction, ...], Fraction]:
    """The initial θ, θ₀: the instructor's fixed values, a random grid point (`start: given`), or zero."""
    if params.theta_init is not None:
        return params.theta_init, params.theta0_init
    if params.start == "given":
        return params.grid.draw(rng, params.dim), params.grid.draw(rng, 1)[0] if params.offset else Fraction(0)
    return (Fraction(0),) * params.dim, params.theta0_init


def _check_trace(params: HandTraceParams, data: HandTraceData, trace: Trace) -> None:
    if not trace.converged:
        raise Reject(f"params.max_epochs (the run must converge within {params.max_epochs} passes)")
    if not params.min_updates <= trace.mistakes <= params.max_updates:
        key = "params.min_updates" if trace.mistakes < params.min_updates else "params.max_updates"
        raise Reject(f"{key} (between {params.min_updates} and {params.max_updates} updates)")
    if trace.epochs < params.min_epochs:
        raise Reject(f"params.min_epochs (at least {params.min_epochs} passes)")
    if params.tie != "allowed" and (params.tie == "required") != has_tie(data, trace):
        raise Reject(f"params.tie ({params.tie})")


@solved_once  # generate solves the attempt it keeps; build_sheets asks again
def solve(data: HandTraceData) -> Trace:
    return perceptron_trace(data.X, data.y, offset=data.offset, theta_init=data.theta_init,
                            theta0_init=data.theta0_init, max_epochs=data.max_epochs)


def tie_visits(trace: Trace, theta_init, theta0_init) -> list[int]:
    """Positions of visits with y(θ·x + θ₀) = 0 exactly while θ, θ₀ are not all zero (the ≤ 0 lesson)."""
    out, state = [], (tuple(theta_init), theta0_init)
    for k, v in enumerate(trace.visits):
        if v.value == 0 and (any(state[0]) or state[1]):
            out.append(k)
        state = (v.theta, v.theta0)
    return out


def has_tie(data: HandTraceData, trace: Trace) -> bool:
    return bool(tie_visits(trace, data.theta_init, data.theta0_init))


def data_json(data: HandTraceData) -> dict:
    return {"X": [vector_str(x) for x in data.X], "y": list(data.y), "offset": data.offset,
            "theta_init": vector_str(data.theta_init), "theta0_init": fraction_str(data.theta0_init),
            "max_epochs": data.max_epochs}


def answer_json(data: HandTraceData, trace: Trace) -> dict:
    out = trace.to_json()
    out.pop("epochs", None)
    return out


def parts(data: HandTraceData, trace: Trace) -> tuple[Part, ...]:
    keys = ("point", "theta", "theta0") if data.offset else ("point", "theta")
    items = tuple((u.index, u.theta, u.theta0) if data.offset else (u.index, u.theta) for u in trace.updates)
    out = [Part("updates", "the updates, in order", "sequence", items,
                "[{point: 1, theta: [1, 2]" + (", theta0: 1}" if data.offset else "}") + ", ...]", keys),
           Part("theta", "the final θ", "exact", trace.theta, "[1, -2]")]
    if data.offset:
        out.append(Part("theta0", "the final θ₀", "exact", trace.theta0, "-1"))
    out.append(Part("mistakes", "the number of mistakes", "exact", trace.mistakes, "3"))
    return outside(tuple(out))


def view(data: HandTraceData, trace: Trace) -> dict:
    """Strings for the templates: the points as the instructor wants them shown, and the trace table."""
    nf = NumberFormat(data.style)
    ties = set(tie_visits(trace, data.theta_init, data.theta0_init))
    rows = [{"epoch": v.epoch, "point": v.index, "x": nf.qv(data.X[v.index - 1]), "y": f"{data.y[v.index - 1]:+d}",
             "value": nf.k(v.value), "mistake": v.mistake, "tie": k in ties, "theta": nf.kv(v.theta),
             "theta0": nf.k(v.theta0)} for k, v in enumerate(trace.visits)]
    updates = [{"n": n, "epoch": u.epoch, "point": u.index, "theta": nf.kv(u.theta), "theta0": nf.k(u.theta0)}
               for n, u in enumerate(trace.updates, 1)]
    return {
        "points": [{"i": i, "x": nf.qv(x), "y": f"{yi:+d}"} for i, (x, yi) in enumerate(zip(data.X, data.y), 1)],
        "dim": len(data.X[0]), "n": len(data.X), "offset": data.offset, "given_start": any(data.theta_init) or
        bool(data.theta0_init), "theta_init": nf.qv(data.theta_init), "theta0_init": nf.q(data.theta0_init),
        "max_epochs": data.max_epochs, "rows": rows, "updates": updates, "theta": nf.kv(trace.theta),
        "theta0": nf.k(trace.theta0), "mistakes": trace.mistakes, "epochs": trace.epochs,
        "converged": trace.converged, "ties": len(ties),
    }


def figure(data: HandTraceData, trace: Trace, key: bool):
    if not key:
        return scene(data.X, data.y)
    lines = [Line(u.theta, u.theta0, "update", f"#{n}") for n, u in enumerate(trace.updates, 1)]
    if lines:
        lines[-1] = Line(trace.theta, trace.theta0, "final", lines[-1].label)
    return scene(data.X, data.y, lines)

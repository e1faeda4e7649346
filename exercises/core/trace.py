"""The exact perceptron trace: the seeds' algorithm with the `y(θ·x + θ₀) ≤ 0` mistake test, in exact arithmetic."""

from __future__ import annotations

import math
from dataclasses import dataclass
from fractions import Fraction
from typing import Sequence

from exercises.numbers import fraction_str, vector_str

Vector = tuple[Fraction, ...]


@dataclass(frozen=True)
class Visit:
    """One visit of one point: the value y(θ·x + θ₀) before it, whether it was a mistake, and θ, θ₀ after."""

    epoch: int  # 1-based pass number
    index: int  # 1-based point number
    value: Fraction
    mistake: bool
    theta: Vector
    theta0: Fraction


@dataclass(frozen=True)
class Trace:
    """The whole run: every visit (when recorded) and the final state."""

    visits: tuple[Visit, ...]
    theta: Vector
    theta0: Fraction
    mistakes: int
    converged: bool
    epochs: int
    offset: bool

    @property
    def updates(self) -> tuple[Visit, ...]:
        return tuple(v for v in self.visits if v.mistake)

    def to_json(self) -> dict:
        """The machine-readable trace shared by `rosenblatt trace --json` and the generator's JSON."""
        return {
            "updates": [
                {"epoch": u.epoch, "index": u.index, "theta": vector_str(u.theta), "theta0": fraction_str(u.theta0)}
                for u in self.updates
            ],
            "theta": vector_str(self.theta),
            "theta0": fraction_str(self.theta0),
            "mistakes": self.mistakes,
            "converged": self.converged,
            "epochs": self.epochs,
        }


def scaled_to_integers(X, theta_init=None, theta0_init=Fraction(0)) -> tuple[list[list[int]], list[int], int, int]:
    """Points, θ and θ₀ multiplied by the least common denominator s of all of them, as Python ints.

    Returns (points, θ, θ₀, s). A perceptron run on these ints takes exactly the same decisions as on the
    exact inputs (see perceptron_trace), which is what makes the integer loops here and in the grader exact.
    """
    d = len(X[0]) if X else 0
    theta = [Fraction(0)] * d if theta_init is None else [Fraction(v) for v in theta_init]
    rows = [[Fraction(v) for v in row] for row in X]
    dens = [v.denominator for row in rows for v in row] + [v.denominator for v in theta]
    s = math.lcm(*dens, Fraction(theta0_init).denominator)
    return [[int(v * s) for v in row] for row in rows], [int(v * s) for v in theta], int(theta0_init * s), s


def perceptron_trace(
    X: Sequence[Sequence[Fraction]],
    y: Sequence[int],
    *,
    offset: bool = False,
    theta_init: Sequence[Fraction] | None = None,
    theta0_init: Fraction = Fraction(0),
    max_epochs: int = 100,
    order: Sequence[int] | None = None,
    record: bool = True,
) -> Trace:
    """Run the perceptron exactly and return its trace.

    Each pass visits the points in `order` (0-based indices; default as listed).  A visit is a mistake
    when y(θ·x + θ₀) ≤ 0; then θ ← θ + y x and, with offset, θ₀ ← θ₀ + y.  The run stops after the
    first pass with no mistake (converged) or after `max_epochs` passes (not converged).

    Internally every number is scaled by one common denominator s, so the loop runs on Python ints:
    with x̃ = (x, 1) scaled to s·x̃, the run on s·x̃ keeps θ̃ exactly s times the run on x̃ and every
    test value s² times, so the mistakes are the same and dividing by s at the end is exact.
    """
    xs, th, th0, s = scaled_to_integers(X, theta_init, theta0_init if offset else Fraction(0))
    one = s if offset else 0
    order = list(range(len(X))) if order is None else list(order)
    visits: list[Visit] = []
    mistakes = epochs = 0
    converged = False
    state = _State(th, th0, s)
    while epochs < max_epochs and not converged:
        epochs += 1
        clean = True
        for i in order:
            row, yi = xs[i], y[i]
            value = yi * (sum(a * b for a, b in zip(th, row)) + th0 * one)
            mistake = value <= 0
            if mistake:
                clean = False
                mistakes += 1
                th = [a + yi * b for a, b in zip(th, row)]
                th0 += yi * one
                if record:
                    state = _State(th, th0, s)
            if record:
                visits.append(Visit(epochs, i + 1, Fraction(value, s * s), mistake, state.theta, state.theta0))
        converged = clean
    return Trace(
        visits=tuple(visits),
        theta=tuple(Fraction(v, s) for v in th),
        theta0=Fraction(th0, s),
        mistakes=mistakes,
        converged=converged,
        epochs=epochs,
        offset=offset,
    )


class _State:
    """The exact θ, θ₀ after the latest update, shared by the visits that follow it (no update, same state)."""

    __slots__ = ("theta", "theta0")

    def __init__(self, th: list[int], th0: int, s: int):
        self.theta = tuple(Fraction(v, s) for v in th)
        self.theta0 = Fraction(th0, s)

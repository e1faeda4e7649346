"""The exact perceptron trace: the seeds' algorithm with the `y(θ·x + θ₀) ≤ 0` mistake test, in exact arithmetic."""

from __future__ import annotations

import math
from dataclasses import dataclass
from fractions import Fraction
from typing import Sequence

from rosenblatt.shared import fraction_str, vector_str

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


def _ratio(v) -> tuple[int, int]:
    """v as (numerator, denominator) in lowest terms, exactly; without building a Fraction for the usual types."""
    kind = type(v)
    if kind is int:
        return v, 1
    if kind is Fraction:
        return v.numerator, v.denominator
    if kind is float:
        return v.as_integer_ratio()  # exact, and already in lowest terms (the denominator is a power of two)
    f = Fraction(v)  # numpy scalars, bools, Decimals, strings like "3/4"
    return f.numerator, f.denominator


SCAN_POINTS = 512  # from this many points a run without a record skips its clean stretches (rosenblatt.shared.Scan)
_ROWS: dict[int, tuple] = {}  # id(X) -> (X, its integer rows, their scale); X is held, so its id stays its own
MAX_CACHED = 64


def integer_rows(X) -> tuple[list[list[int]], int]:
    """The points times the least common denominator of their coordinates, as Python ints, and that factor.

    Cached for immutable point sets (tuples of tuples), which a grader runs many traces, mutants and checks on;
    the rows are shared, so callers only read them.
    """
    hit = _ROWS.get(id(X))
    if hit is not None and hit[0] is X:
        return hit[1], hit[2]
    rows = [[_ratio(v) for v in row] for row in X]
    scale = math.lcm(*{q for row in rows for _, q in row})
    ints = [[n * (scale // q) for n, q in row] for row in rows]
    if isinstance(X, tuple) and all(type(row) is tuple for row in X):
        if len(_ROWS) >= MAX_CACHED:
            _ROWS.clear()
        _ROWS[id(X)] = (X, ints, scale)
    return ints, scale


def scaled_to_integers(X, theta_init=None, theta0_init=Fraction(0)) -> tuple[list[list[int]], list[int], int, int]:
    """Points, θ and θ₀ multiplied by the least common denominator s of all of them, as Python ints.

    Returns (points, θ, θ₀, s). A perceptron run on these ints takes exactly the same decisions as on the
    exact inputs (see perceptron_trace), which is what makes the integer loops here and in the grader exact.
    Integer arithmetic only: each value n/d becomes n·(s/d). The points may be shared (`integer_rows`): read only.
    """
    xs, scale = integer_rows(X)
    theta = [(0, 1)] * (len(X[0]) if X else 0) if theta_init is None else [_ratio(v) for v in theta_init]
    t0 = _ratio(theta0_init)
    s = math.lcm(scale, *{q for _, q in theta}, t0[1])
    if s != scale:
        xs = [[v * (s // scale) for v in row] for row in xs]
    return xs, [n * (s // q) for n, q in theta], t0[0] * (s // t0[1]), s


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
    if not record and len(order) >= SCAN_POINTS:  # no record: the visits between mistakes change nothing
        from rosenblatt.shared import Scan  # numpy, only here: the quick commands never import it

        scan = Scan.make([xs[i] for i in order], [y[i] for i in order], one)
        if scan is not None:
            return _skipping(scan, xs, y, order, (th, th0, s, one), offset, max_epochs)
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


def _skipping(scan, xs, y, order: list[int], start: tuple, offset: bool, max_epochs: int) -> Trace:
    """perceptron_trace without a record, visiting only the mistakes (and any point the scan cannot bound)."""
    th, th0, s, one = start
    mistakes = epochs = 0
    converged = False
    while epochs < max_epochs and not converged:
        epochs += 1
        clean, k = True, 0
        while k < len(order):
            k = scan.next(th, th0, k)  # the next mistake, or this point where the scan cannot tell or does not pay
            if k == len(order):
                break
            i = order[k]
            row, yi = xs[i], y[i]
            if yi * (sum(a * b for a, b in zip(th, row)) + th0 * one) <= 0:
                clean = False
                mistakes += 1
                th = [a + yi * b for a, b in zip(th, row)]
                th0 += yi * one
            k += 1
        converged = clean
    return Trace(visits=(), theta=tuple(Fraction(v, s) for v in th), theta0=Fraction(th0, s), mistakes=mistakes,
                 converged=converged, epochs=epochs, offset=offset)


class _State:
    """The exact θ, θ₀ after the latest update, shared by the visits that follow it (no update, same state)."""

    __slots__ = ("theta", "theta0")

    def __init__(self, th: list[int], th0: int, s: int):
        self.theta = tuple(Fraction(v, s) for v in th)
        self.theta0 = Fraction(th0, s)

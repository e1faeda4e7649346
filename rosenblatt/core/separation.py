"""Exact linear separability, through the origin and with an offset, with certificates and their verifiers."""

from __future__ import annotations

import math
from dataclasses import dataclass
from fractions import Fraction
from typing import Sequence, Union

from rosenblatt.core.simplex import phase_one
from rosenblatt.core.trace import integer_rows
from rosenblatt.shared import InternalError, fraction_str, vector_str


@dataclass(frozen=True)
class Separator:
    """A separating hyperplane: y(θ·x + θ₀) > 0 on every point (θ₀ = 0 through the origin)."""

    theta: tuple[Fraction, ...]
    theta0: Fraction

    def to_json(self) -> dict:
        return {"theta": vector_str(self.theta), "theta0": fraction_str(self.theta0)}


@dataclass(frozen=True)
class Infeasibility:
    """Gordan's certificate: λ ≥ 0, not all zero, with Σλᵢyᵢxᵢ = 0 (and Σλᵢyᵢ = 0 with an offset)."""

    weights: tuple[Fraction, ...]

    def to_json(self) -> dict:
        return {"weights": vector_str(self.weights)}


Certificate = Union[Separator, Infeasibility]


@dataclass(frozen=True)
class Decision:
    """Whether the points are separable (through the origin, or with an offset), with the proof."""

    offset: bool
    separable: bool
    certificate: Certificate

    def to_json(self) -> dict:
        return {"separable": self.separable, "certificate": self.certificate.to_json()}


def _signed_rows(X: Sequence[Sequence[Fraction]], y: Sequence[int], offset: bool) -> list[list[Fraction]]:
    return [[yi * Fraction(v) for v in x] + ([Fraction(yi)] if offset else []) for x, yi in zip(X, y)]


def _primitive(values: Sequence[Fraction]) -> tuple[Fraction, ...]:
    """Scale a rational vector by a positive factor to coprime integers (same direction, nicer numbers)."""
    lcm = math.lcm(*(Fraction(v).denominator for v in values))
    ints = [int(v * lcm) for v in values]
    g = math.gcd(*ints) or 1
    return tuple(Fraction(v // g) for v in ints)


def decide(X: Sequence[Sequence[Fraction]], y: Sequence[int], offset: bool) -> Decision:
    """Decide separability exactly (Gordan's alternative) and return a verified certificate.

    With aᵢ = yᵢ(xᵢ, 1) (or yᵢxᵢ through the origin), either some w has aᵢ·w > 0 for all i, or some
    λ ≥ 0 with Σλᵢ = 1 has Σλᵢaᵢ = 0.  One exact phase-one simplex on the second system settles it:
    a feasible λ is the certificate; otherwise its optimal dual u gives w = −u with aᵢ·w ≥ u_last > 0.
    """
    rows = _signed_rows(X, y, offset)
    m = len(rows[0])
    M = [[row[j] for row in rows] for j in range(m)] + [[Fraction(1)] * len(rows)]
    b = [Fraction(0)] * m + [Fraction(1)]
    result = phase_one(M, b)
    if result.feasible:
        decision = Decision(offset, False, Infeasibility(_primitive(result.primal)))
    else:
        w = _primitive([-u for u in result.dual[:m]])
        theta, theta0 = (w[:-1], w[-1]) if offset else (w, Fraction(0))
        decision = Decision(offset, True, Separator(theta, theta0))
    if not verify(X, y, decision):
        raise InternalError(f"the separability certificate failed its own check: {decision}")
    return decision


def separability(X: Sequence[Sequence[Fraction]], y: Sequence[int]) -> tuple[Decision, Decision]:
    """Both verdicts: through the origin, then with an offset."""
    return decide(X, y, offset=False), decide(X, y, offset=True)


def verify_separator(X, y, sep: Separator, offset: bool) -> bool:
    """Exactly check y(θ·x + θ₀) > 0 on every point (and θ₀ = 0 through the origin)."""
    if not offset and sep.theta0 != 0:
        return False
    if len(sep.theta) != len(X[0]):
        return False
    xs, scale = integer_rows(X)  # x·scale in integers
    theta = [Fraction(v) for v in sep.theta]
    theta0 = Fraction(sep.theta0)
    t = math.lcm(*(v.denominator for v in theta), theta0.denominator)
    th, th0 = [int(v * t) for v in theta], int(theta0 * t) * scale  # θ·t, θ₀·t·scale: same signs, in integers
    return all(yi * (sum(a * b for a, b in zip(th, x)) + th0) > 0 for x, yi in zip(xs, y))


def verify_infeasibility(X, y, cert: Infeasibility, offset: bool) -> bool:
    """Exactly check λ ≥ 0, λ ≠ 0, Σλᵢyᵢxᵢ = 0 and, with an offset, Σλᵢyᵢ = 0."""
    lam = [Fraction(v) for v in cert.weights]
    if len(lam) != len(X) or any(v < 0 for v in lam) or not any(lam):
        return False
    rows = _signed_rows(X, y, offset)
    return all(sum(l * row[j] for l, row in zip(lam, rows)) == 0 for j in range(len(rows[0])))


def verify(X, y, decision: Decision) -> bool:
    """Check a Decision's certificate against its verdict."""
    cert = decision.certificate
    if decision.separable:
        return isinstance(cert, Separator) and verify_separator(X, y, cert, decision.offset)
    return isinstance(cert, Infeasibility) and verify_infeasibility(X, y, cert, decision.offset)

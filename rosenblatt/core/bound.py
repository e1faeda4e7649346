"""Margin γ, radius R and the perceptron mistake bound (R/γ)² for a given separator w*, exactly."""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from typing import TYPE_CHECKING, Sequence

from rosenblatt.core.trace import perceptron_trace
from rosenblatt.shared import exact_str, to_sympy

if TYPE_CHECKING:
    import sympy


@dataclass(frozen=True)
class MarginBound:
    """γ = minᵢ yᵢ(w*·xᵢ)/‖w*‖, R = maxᵢ ‖xᵢ‖, bound = (R/γ)², and what the perceptron actually does."""

    gamma: sympy.Expr
    R: sympy.Expr
    bound: sympy.Rational
    mistakes: int
    converged: bool
    min_functional_margin: Fraction
    w_norm_sq: Fraction
    R_sq: Fraction

    @property
    def within_bound(self) -> bool:
        return self.converged and self.mistakes <= self.bound

    def to_json(self) -> dict:
        return {
            "gamma": exact_str(self.gamma),
            "R": exact_str(self.R),
            "bound": exact_str(self.bound),
            "mistakes": self.mistakes,
        }


def _dot(a: Sequence[Fraction], b: Sequence[Fraction]) -> Fraction:
    return sum((Fraction(u) * Fraction(v) for u, v in zip(a, b)), Fraction(0))


def margin_bound(X: Sequence[Sequence[Fraction]], y: Sequence[int], w_star: Sequence[Fraction]) -> MarginBound:
    """Compute the seeds' convergence-theorem quantities for data separated through the origin by w*.

    Raises ValueError naming the first point that w* does not separate strictly.  The bound is rational,
    since (R/γ)² = R²‖w*‖² / min(y w*·x)², while γ and R keep their square roots.
    """
    margins = [yi * _dot(w_star, x) for x, yi in zip(X, y)]
    for i, m in enumerate(margins):
        if m <= 0:
            raise ValueError(f"w_star does not separate point {i + 1}: y(w*·x) = {m} is not > 0")
    m_min = min(margins)
    w_sq = _dot(w_star, w_star)
    r_sq = max(_dot(x, x) for x in X)
    bound = r_sq * w_sq / (m_min * m_min)
    limit = int(bound) + 2  # at most ⌊bound⌋ mistakes, so at most ⌊bound⌋ + 1 passes; one spare
    trace = perceptron_trace(X, y, max_epochs=limit, record=False)
    import sympy  # only here: γ and R are the surds (importing sympy costs ~0.4 s of start-up)

    return MarginBound(
        gamma=to_sympy(m_min) / sympy.sqrt(to_sympy(w_sq)),
        R=sympy.sqrt(to_sympy(r_sq)),
        bound=to_sympy(bound),
        mistakes=trace.mistakes,
        converged=trace.converged,
        min_functional_margin=m_min,
        w_norm_sq=w_sq,
        R_sq=r_sq,
    )

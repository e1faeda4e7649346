"""An exact phase-one simplex: find λ ≥ 0 with Mλ = b, or a dual vector proving that none exists."""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from typing import Sequence

MAX_PIVOTS = 100_000


@dataclass(frozen=True)
class PhaseOne:
    """Either a feasible λ (`feasible`), or a dual u with uᵀM ≤ 0 and uᵀb > 0 (Farkas)."""

    feasible: bool
    primal: tuple[Fraction, ...]
    dual: tuple[Fraction, ...]


def phase_one(M: Sequence[Sequence[Fraction]], b: Sequence[Fraction]) -> PhaseOne:
    """Solve min Σa subject to Mλ + a = b, λ, a ≥ 0 exactly, with Bland's rule (no cycling).

    b must be ≥ 0. At the optimum, u_r = 1 − (reduced cost of artificial r) is an optimal dual; when the
    optimum is positive, uᵀb > 0 and uᵀM ≤ 0, so u certifies that Mλ = b has no solution λ ≥ 0.
    """
    rows, cols = len(M), len(M[0]) if M else 0
    width = cols + rows
    tab = [[Fraction(v) for v in M[r]] + [Fraction(int(r == k)) for k in range(rows)] + [Fraction(b[r])]
           for r in range(rows)]
    cost = [-sum((tab[r][j] for r in range(rows)), Fraction(0)) for j in range(cols)] + [Fraction(0)] * rows
    cost.append(-sum((Fraction(v) for v in b), Fraction(0)))
    basis = list(range(cols, width))
    for _ in range(MAX_PIVOTS):
        enter = next((j for j in range(width) if cost[j] < 0), None)
        if enter is None:
            break
        leave = _ratio_test(tab, basis, enter)
        if leave is None:  # unbounded cannot happen in phase one (objective ≥ 0)
            raise ArithmeticError("phase-one simplex found an unbounded direction")
        _pivot(tab, cost, leave, enter)
        basis[leave] = enter
    else:
        raise ArithmeticError("phase-one simplex did not finish")
    primal = [Fraction(0)] * cols
    for r, j in enumerate(basis):
        if j < cols:
            primal[j] = tab[r][-1]
    dual = tuple(1 - cost[cols + r] for r in range(rows))
    return PhaseOne(feasible=cost[-1] == 0, primal=tuple(primal), dual=dual)


def _ratio_test(tab: list[list[Fraction]], basis: list[int], enter: int) -> int | None:
    best, best_ratio = None, None
    for r, row in enumerate(tab):
        if row[enter] > 0:
            ratio = row[-1] / row[enter]
            if best is None or ratio < best_ratio or (ratio == best_ratio and basis[r] < basis[best]):
                best, best_ratio = r, ratio
    return best


def _pivot(tab: list[list[Fraction]], cost: list[Fraction], leave: int, enter: int) -> None:
    prow = tab[leave]
    p = prow[enter]
    if p != 1:
        prow[:] = [v / p for v in prow]
    nz = [j for j, v in enumerate(prow) if v]
    for row in [*tab[:leave], *tab[leave + 1:], cost]:
        f = row[enter]
        if f:
            for j in nz:
                row[j] -= f * prow[j]

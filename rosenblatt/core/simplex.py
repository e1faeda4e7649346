"""An exact phase-one simplex: find λ ≥ 0 with Mλ = b, or a dual vector proving that none exists."""

from __future__ import annotations

import math
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


def _integer_rows(M: Sequence[Sequence[Fraction]], b: Sequence[Fraction]) -> tuple[list[list[int]], list[int]]:
    """Scale each row [M_r | b_r] by a positive integer s_r so that it is all integers (same solutions).

    A dual u' of the scaled system is the dual u_r = s_r u'_r of the original one.
    """
    rows, scales = [], []
    for r, row in enumerate(M):
        values = [Fraction(v) for v in row] + [Fraction(b[r])]
        scale = math.lcm(*(v.denominator for v in values))
        rows.append([int(v * scale) for v in values])
        scales.append(scale)
    return rows, scales


def phase_one(M: Sequence[Sequence[Fraction]], b: Sequence[Fraction]) -> PhaseOne:
    """Solve min Σa subject to Mλ + a = b, λ, a ≥ 0 exactly; b must be ≥ 0.

    The tableau is kept in integers with fraction-free (Edmonds/Bareiss) pivoting: the true tableau is
    T / d, where d > 0 is the last pivot, and every division below is exact.  The entering column is
    the most negative reduced cost, except after a degenerate pivot, where Bland's rule is used (so no
    cycle can form).  At the optimum, u_r = 1 − (reduced cost of artificial r) is an optimal dual; when
    the optimum is positive, uᵀb > 0 and uᵀM ≤ 0, so u certifies that Mλ = b has no solution λ ≥ 0.
    """
    scaled, scales = _integer_rows(M, b)
    rows, cols = len(scaled), len(scaled[0]) - 1
    width = cols + rows
    tab = [row[:cols] + [int(r == k) for k in range(rows)] + [row[-1]] for r, row in enumerate(scaled)]
    cost = [-sum(tab[r][j] for r in range(rows)) for j in range(cols)] + [0] * rows + [-sum(r[-1] for r in tab)]
    basis = list(range(cols, width))
    d, bland = 1, False
    for _ in range(MAX_PIVOTS):
        enter = _entering(cost, width, bland)
        if enter is None:
            break
        leave = _ratio_test(tab, basis, enter)
        if leave is None:  # cannot happen in phase one: the objective is bounded below by 0
            raise ArithmeticError("phase-one simplex found an unbounded direction")
        bland = tab[leave][-1] == 0
        d = _pivot(tab, cost, leave, enter, d)
        basis[leave] = enter
    else:
        raise ArithmeticError("phase-one simplex did not finish")
    primal = [Fraction(0)] * cols
    for r, j in enumerate(basis):
        if j < cols:
            primal[j] = Fraction(tab[r][-1], d)
    dual = tuple(scales[r] * (1 - Fraction(cost[cols + r], d)) for r in range(rows))
    return PhaseOne(feasible=cost[-1] == 0, primal=tuple(primal), dual=dual)


def _entering(cost: list[int], width: int, bland: bool) -> int | None:
    if bland:
        return next((j for j in range(width) if cost[j] < 0), None)
    best = min(range(width), key=cost.__getitem__)
    return best if cost[best] < 0 else None


def _ratio_test(tab: list[list[int]], basis: list[int], enter: int) -> int | None:
    """Smallest ratio rhs / entry over positive entries; ties go to the smallest basic index (Bland)."""
    best = None
    for r, row in enumerate(tab):
        if row[enter] > 0:
            if best is None:
                best = r
                continue
            lhs, rhs = row[-1] * tab[best][enter], tab[best][-1] * row[enter]
            if lhs < rhs or (lhs == rhs and basis[r] < basis[best]):
                best = r
    return best


def _pivot(tab: list[list[int]], cost: list[int], leave: int, enter: int, d: int) -> int:
    prow = tab[leave]
    p = prow[enter]
    for row in [*tab[:leave], *tab[leave + 1:], cost]:
        f = row[enter]
        if f:
            for j in range(len(row)):
                row[j] = (p * row[j] - f * prow[j]) // d
        elif p != d:
            for j in range(len(row)):
                row[j] = p * row[j] // d
    return p

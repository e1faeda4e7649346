"""Small exact linear algebra in Fractions: solving square systems, independent rows, min-norm affine points."""

from __future__ import annotations

from fractions import Fraction
from typing import Sequence

Matrix = Sequence[Sequence[Fraction]]


def _dot(a: Sequence[Fraction], b: Sequence[Fraction]) -> Fraction:
    return sum((u * v for u, v in zip(a, b)), Fraction(0))


def solve(M: Matrix, b: Sequence[Fraction]) -> list[Fraction]:
    """The solution x of M x = b for a nonsingular square M, by exact Gaussian elimination.

    Raises ArithmeticError when M is singular.
    """
    n = len(M)
    rows = [[Fraction(v) for v in row] + [Fraction(b[r])] for r, row in enumerate(M)]
    for col in range(n):
        pivot = next((r for r in range(col, n) if rows[r][col] != 0), None)
        if pivot is None:
            raise ArithmeticError("singular system")
        rows[col], rows[pivot] = rows[pivot], rows[col]
        head = rows[col]
        for r in range(n):
            f = rows[r][col]
            if r != col and f:
                rows[r] = [x - f / head[col] * y for x, y in zip(rows[r], head)]
    return [rows[r][n] / rows[r][r] for r in range(n)]


def independent(rows: Matrix, indices: Sequence[int]) -> list[int]:
    """The indices, in order, whose rows are linearly independent of the rows kept before them."""
    kept: list[int] = []
    basis: list[tuple[int, list[Fraction]]] = []  # (pivot column, reduced row)
    for i in indices:
        v = [Fraction(x) for x in rows[i]]
        for col, row in basis:
            if v[col]:
                f = v[col] / row[col]
                v = [a - f * c for a, c in zip(v, row)]
        col = next((j for j, x in enumerate(v) if x), None)
        if col is not None:
            basis.append((col, v))
            kept.append(i)
    return kept


def min_norm_on(rows: Matrix, working: Sequence[int]) -> tuple[list[Fraction], list[Fraction]]:
    """The point z of least norm with aᵢ·z = 1 for i in `working` (independent rows), and its λ: z = Σ λₖ a_working[k].

    With no rows the point is 0.  λ solves the Gram system G λ = 1, G = (aᵢ·aⱼ).
    """
    dim = len(rows[0])
    if not working:
        return [Fraction(0)] * dim, []
    gram = [[_dot(rows[i], rows[j]) for j in working] for i in working]
    lam = solve(gram, [Fraction(1)] * len(working))
    z = [sum((lk * rows[i][j] for lk, i in zip(lam, working)), Fraction(0)) for j in range(dim)]
    return z, lam

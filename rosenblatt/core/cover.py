"""Cover's function counting theorem: C(P, N) = 2 Σ_{k<N} binom(P−1, k), in exact big integers."""

from __future__ import annotations

from fractions import Fraction


def cover_count(P: int, N: int) -> int:
    """Number of dichotomies of P points in general position in R^N realizable by a plane through the origin.

    Exact and fast: 2^P when N ≥ P; otherwise the partial row sum of binomials, each from the one before by one
    small multiplication and division, over the shorter side of the row (binom(n, k) = binom(n, n − k)).
    """
    if P < 1 or N < 1:
        raise ValueError(f"Cover's count needs P >= 1 and N >= 1, got P={P}, N={N}")
    n = P - 1
    if N > n:
        return 2**P
    if N - 1 <= n // 2:
        return 2 * _head(n, N - 1)
    return 2 * (2**n - _head(n, n - N))  # the terms k ≥ N mirror the terms k ≤ n − N


def _head(n: int, last: int) -> int:
    """binom(n, 0) + … + binom(n, last), exactly."""
    term, total = 1, 1
    for k in range(1, last + 1):
        term = term * (n - k + 1) // k
        total += term
    return total


def cover_fraction(P: int, N: int) -> Fraction:
    """The fraction C(P, N) / 2^P of all dichotomies that are linearly separable."""
    return Fraction(cover_count(P, N), 2**P)

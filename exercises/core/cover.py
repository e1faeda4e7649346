"""Cover's function counting theorem: C(P, N) = 2 Σ_{k<N} binom(P−1, k), in exact big integers."""

from __future__ import annotations

import math
from fractions import Fraction


def cover_count(P: int, N: int) -> int:
    """Number of dichotomies of P points in general position in R^N realizable by a plane through the origin."""
    if P < 1 or N < 1:
        raise ValueError(f"Cover's count needs P >= 1 and N >= 1, got P={P}, N={N}")
    return 2 * sum(math.comb(P - 1, k) for k in range(N))


def cover_fraction(P: int, N: int) -> Fraction:
    """The fraction C(P, N) / 2^P of all dichotomies that are linearly separable."""
    return Fraction(cover_count(P, N), 2**P)

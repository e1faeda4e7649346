"""A start the course's own module draws (CS188's nn.Parameter), reproduced here from the case's seed."""

from __future__ import annotations

import hashlib
from fractions import Fraction

import numpy as np

GRID = 64  # the sandbox's nn.Parameter draws multiples of 1/64: dyadic, so float updates on dyadic data stay exact


def case_seed(case_id: str) -> int:
    """The seed a case's course module draws from (the same in the grader and in the sandboxed child)."""
    return int.from_bytes(hashlib.sha256(case_id.encode()).digest()[:4], "big")


def course_start(case_id: str, width: int) -> tuple[tuple[Fraction, ...], Fraction]:
    """The weights nn.Parameter(1, width) starts from in this case: uniform on the 1/64 grid within
    ±sqrt(3 / mean(shape)), the course's range (grader/sandbox/coursenn.py draws the same numbers)."""
    k = int(np.floor(np.sqrt(3.0 / np.mean((1, width))) * GRID))
    drawn = np.random.default_rng(case_seed(case_id)).integers(-k, k + 1, size=(1, width))
    return tuple(Fraction(int(v), GRID) for v in drawn[0]), Fraction(0)

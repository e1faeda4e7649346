"""Kind `cover_count`: Cover's count C(P, N) of separable dichotomies and the fraction C(P, N) / 2^P."""

from __future__ import annotations

import math
from dataclasses import dataclass
from fractions import Fraction

import numpy as np

from rosenblatt.core import cover_count, cover_fraction
from exercises.kinds.examples import outside
from exercises.kinds.base import Part
from exercises.kinds.params import Params
from rosenblatt.shared import fraction_str

NAME = "cover_count"
TITLE = "Cover's function counting theorem"
OPTIONS = ("min_P", "max_P", "min_N", "max_N")


@dataclass(frozen=True)
class CoverParams:
    min_P: int
    max_P: int
    min_N: int
    max_N: int


@dataclass(frozen=True)
class CoverData:
    P: int
    N: int


@dataclass(frozen=True)
class CoverSolution:
    count: int
    fraction: Fraction
    terms: tuple[int, ...]  # binom(P-1, k) for k < N


def parse_params(p: Params) -> CoverParams:
    params = CoverParams(min_P=p.integer("min_P", 3, 1, 200), max_P=p.integer("max_P", 12, 1, 200),
                         min_N=p.integer("min_N", 2, 1, 50), max_N=p.integer("max_N", 5, 1, 50))
    p.ordered("min_P", "max_P", params.min_P, params.max_P)
    p.ordered("min_N", "max_N", params.min_N, params.max_N)
    return params


def generate(params: CoverParams, rng: np.random.Generator) -> CoverData:
    return CoverData(int(rng.integers(params.min_P, params.max_P + 1)),
                     int(rng.integers(params.min_N, params.max_N + 1)))


def solve(data: CoverData) -> CoverSolution:
    terms = tuple(math.comb(data.P - 1, k) for k in range(data.N))
    return CoverSolution(cover_count(data.P, data.N), cover_fraction(data.P, data.N), terms)


def data_json(data: CoverData) -> dict:
    return {"P": data.P, "N": data.N}


def answer_json(data: CoverData, sol: CoverSolution) -> dict:
    return {"count": str(sol.count), "fraction": fraction_str(sol.fraction)}


def parts(data: CoverData, sol: CoverSolution) -> tuple[Part, ...]:
    return outside((Part("count", "C(P, N)", "exact", sol.count, "14"),
                           Part("fraction", "the fraction C(P, N)/2^P", "exact", sol.fraction, "7/8")))


def view(data: CoverData, sol: CoverSolution) -> dict:
    return {"P": data.P, "N": data.N, "terms": [str(t) for t in sol.terms], "half": sum(sol.terms),
            "count": str(sol.count), "total": str(2**data.P), "fraction": fraction_str(sol.fraction),
            "all": data.P <= data.N, "critical": data.P == 2 * data.N}


def figure(data: CoverData, sol: CoverSolution, key: bool):
    return None

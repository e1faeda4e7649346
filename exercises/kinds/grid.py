"""Coordinate grids (integers or exact decimals such as -0.8) and how their numbers are shown to students."""

from __future__ import annotations

from dataclasses import dataclass
from functools import cached_property
from fractions import Fraction
from typing import TYPE_CHECKING, Sequence

from exercises.kinds.params import Params
from rosenblatt.shared import fraction_str

if TYPE_CHECKING:
    import numpy as np  # generation only: the caller passes the Generator

STYLES = ("decimal", "fraction", "both")
MAX_GRID_VALUES = 401


@dataclass(frozen=True)
class Grid:
    """The values low, low + step, ..., high (all exact); `style` is how questions print them."""

    low: Fraction
    high: Fraction
    step: Fraction
    style: str

    @property
    def size(self) -> int:
        return int((self.high - self.low) / self.step) + 1

    def value(self, k: int) -> Fraction:
        return self.low + k * self.step

    @cached_property
    def values(self) -> tuple[Fraction, ...]:
        return tuple(self.value(k) for k in range(self.size))

    def draw(self, rng: np.random.Generator, dim: int) -> tuple[Fraction, ...]:
        values = self.values
        return tuple(values[k] for k in rng.integers(0, len(values), size=dim).tolist())

    def contains(self, v: Fraction) -> bool:
        k = (v - self.low) / self.step
        return k.denominator == 1 and 0 <= k < self.size

    @property
    def is_integer(self) -> bool:
        return self.low.denominator == 1 and self.step.denominator == 1


def parse_grid(params: Params, key: str = "grid", low: int = -3, high: int = 3) -> Grid:
    """Read `grid: {min, max, step, show}`; a decimal step (0.2) makes a decimal grid shown as decimals."""
    p = params.sub(key, ("min", "max", "step", "show"))
    step = p.number("step", 1, Fraction(1, 1000), 100)
    lo = p.number("min", low, -1000, 1000)
    hi = p.number("max", high, -1000, 1000)
    p.ordered("min", "max", lo, hi)
    if (hi - lo) / step != int((hi - lo) / step):
        raise p.fail("max", f"max - min ({fraction_str(hi - lo)}) must be a whole number of steps of {fraction_str(step)}")
    if (hi - lo) / step + 1 > MAX_GRID_VALUES:
        raise p.fail("step", f"the grid may hold at most {MAX_GRID_VALUES} values per coordinate, "
                             f"got {int((hi - lo) / step) + 1}")
    if (hi - lo) / step + 1 < 2:
        raise p.fail("max", "the grid needs at least 2 values; make max larger than min")
    decimal = not (lo.denominator == 1 and step.denominator == 1)
    style = p.choice("show", "decimal" if decimal else "fraction", STYLES)
    if style != "fraction" and not all(is_decimal(v) for v in (lo, step)):
        raise p.fail("show", f"{style} needs min and step with finite decimal expansions (like 0.2), use fraction")
    return Grid(lo, hi, step, style)


def require_points(params: Params, grid: Grid, dim: int, n: int) -> None:
    """Fail at load time when the grid cannot hold n distinct nonzero points in `dim` dimensions."""
    available = grid.size ** dim - (1 if grid.contains(Fraction(0)) else 0)
    if available < n:
        raise params.fail("n_points", f"the grid holds only {available} distinct nonzero points in {dim} "
                                      f"dimension{'s' if dim > 1 else ''}, got {n}; widen the grid")


def is_decimal(v: Fraction) -> bool:
    d = v.denominator
    for prime in (2, 5):
        while d % prime == 0:
            d //= prime
    return d == 1


def decimal_str(v: Fraction) -> str:
    """Exact decimal text of a Fraction whose denominator divides a power of ten (-4/5 -> -0.8)."""
    v = Fraction(v)
    if v.denominator == 1:
        return str(v.numerator)
    places = 0
    while (v * 10**places).denominator != 1:
        places += 1
    digits = str(abs(v.numerator * 10**places // v.denominator)).rjust(places + 1, "0")
    return ("-" if v < 0 else "") + digits[:-places] + "." + digits[-places:]


@dataclass(frozen=True)
class NumberFormat:
    """Prints exact numbers for a question (`q`) and a key (`k`) in the instructor's chosen style."""

    style: str

    def q(self, v: Fraction) -> str:
        if self.style == "fraction" or not is_decimal(Fraction(v)):
            return fraction_str(v)
        return decimal_str(v)

    def k(self, v: Fraction) -> str:
        v = Fraction(v)
        if self.style == "fraction" or v.denominator == 1 or not is_decimal(v):
            return fraction_str(v)
        if self.style == "decimal":
            return decimal_str(v)
        return f"{fraction_str(v)} (= {decimal_str(v)})"

    def qv(self, vec: Sequence[Fraction]) -> str:
        return "(" + ", ".join(self.q(v) for v in vec) + ")"

    def kv(self, vec: Sequence[Fraction]) -> str:
        return "(" + ", ".join(fraction_str(v) if self.style != "decimal" else self.q(v) for v in vec) + ")"

"""Exact sums of rational multiples of square roots ("surds"), kept as {square-free radicand: Fraction} dicts."""

from __future__ import annotations

import math
from dataclasses import dataclass
from fractions import Fraction

from rosenblatt.shared import fraction_str

MAX_DEPTH = 20  # nesting of sympy expressions read by from_sympy
MAX_BITS = 4_000  # bit length of any numerator or denominator along the way
MAX_TERMS = 16  # distinct square roots in one expression
MAX_RADICAND = 10**12  # square-free radicands stay below this, so trial division up to 10^4 certifies them
ONE = {1: Fraction(1)}
# A surd dict maps a square-free radicand to its nonzero coefficient: {} is 0, key 1 the rational part.


@dataclass(frozen=True)
class Surd:
    """An irrational exact answer as read by the parser, (radicand, coefficient) pairs sorted by radicand; no sympy."""

    terms: tuple[tuple[int, Fraction], ...]


class SurdError(ValueError):
    """An arithmetic limit or domain error; the parser adds the column, canonical() lets it out as a ValueError."""


def norm(terms: dict) -> dict:
    out = {k: c for k, c in terms.items() if c}
    if len(out) > MAX_TERMS:
        raise SurdError(f"the expression has more than {MAX_TERMS} different square roots")
    for k, c in out.items():
        if k > MAX_RADICAND:
            raise SurdError("a square root of a number above 10^12 remains after simplifying")
        if max(c.numerator.bit_length(), c.denominator.bit_length()) > MAX_BITS:
            raise SurdError(f"a number grows beyond {MAX_BITS} bits")
    return out


def neg(a: dict) -> dict:
    return {k: -c for k, c in a.items()}


def add(a: dict, b: dict) -> dict:
    out = dict(a)
    for k, c in b.items():
        out[k] = out.get(k, 0) + c
    return norm(out)


def mul(a: dict, b: dict) -> dict:
    out: dict = {}
    for x, p in a.items():
        for y, q in b.items():
            g = math.gcd(x, y)  # sqrt(x)*sqrt(y) = g*sqrt(x*y/g^2), still square-free
            k = (x // g) * (y // g)
            out[k] = out.get(k, 0) + p * q * g
    return norm(out)


def div(a: dict, b: dict) -> dict:
    if not b:
        raise SurdError("division by zero")
    if len(b) > 2:
        raise SurdError("cannot divide by a sum of more than two terms when square roots are involved")
    if len(b) == 2:  # multiply by the conjugate: (p*sqrt(x) + q*sqrt(y)) * (p*sqrt(x) - q*sqrt(y)) is rational
        (x, p), (y, q) = b.items()
        return div(mul(a, {x: p, y: -q}), mul(b, {x: p, y: -q}))
    ((x, p),) = b.items()
    return mul(a, {x: 1 / (p * x)})  # 1/(p*sqrt(x)) = sqrt(x)/(p*x)


def split_square(n: int) -> tuple[int, int]:
    """Write n >= 1 as s*s*f with f square-free, by trial division up to the cube root (at most 10^4)."""
    root = math.isqrt(n)
    if root * root == n:
        return root, 1
    square, free, p = 1, 1, 2
    while p * p * p <= min(n, MAX_RADICAND):
        exponent = 0
        while n % p == 0:
            n, exponent = n // p, exponent + 1
        square, free = square * p ** (exponent // 2), free * p ** (exponent % 2)
        p += 1 if p == 2 else 2
    root = math.isqrt(n)
    if root * root == n:
        return square * root, free
    if p * p * p <= n:  # the rest is above 10^12 and may hide a large square factor
        raise SurdError("cannot simplify the square root of a number this large")
    return square, free * n  # the rest has at most two prime factors, both new, and is not a square


def sqrt(a: dict) -> dict:
    if any(k != 1 for k in a):
        raise SurdError("sqrt(...) must contain a rational number, not another square root")
    r = a.get(1, Fraction(0))
    if r < 0:
        raise SurdError("square root of a negative number")
    if r == 0:
        return {}
    (s, f), (t, g) = split_square(r.numerator), split_square(r.denominator)
    return norm({f * g: Fraction(s, t * g)})  # sqrt(s*s*f / (t*t*g)) = s*sqrt(f*g) / (t*g)


def to_sympy(value):
    import sympy  # only here and in from_sympy: the parser and format_surd work on dicts

    if isinstance(value, tuple):
        return tuple(to_sympy(v) for v in value)
    return sympy.Add(*(sympy.Rational(c.numerator, c.denominator) * (
        1 if k == 1 else sympy.Pow(sympy.Integer(k), sympy.S.Half, evaluate=False)) for k, c in sorted(value.items())))


def from_sympy(expr, depth: int = 0) -> dict:
    if depth > MAX_DEPTH:
        raise SurdError("the expression is nested too deeply")
    if expr.is_Rational:
        return norm({1: Fraction(int(expr.p), int(expr.q))})
    if expr.is_Add or expr.is_Mul:
        out = {} if expr.is_Add else ONE
        for arg in expr.args:
            out = (add if expr.is_Add else mul)(out, from_sympy(arg, depth + 1))
        return out
    exp = expr.exp if expr.is_Pow else None
    if exp is not None and exp.is_Rational and exp.q in (1, 2) and abs(exp.p) <= 64:
        base = from_sympy(expr.base, depth + 1)
        base, out = sqrt(base) if exp.q == 2 else base, ONE
        for _ in range(abs(int(exp.p))):
            out = mul(out, base)
        return out if exp.p > 0 else div(ONE, out)
    from sympy import sstr  # expr is a sympy value, so sympy is loaded

    raise SurdError(f"{sstr(expr)[:40]} is not a rational combination of square roots")


def format_surd(surd: dict) -> str:
    out = ""
    for k, c in sorted(surd.items()):
        term = f"sqrt({k})" if abs(c.numerator) == 1 else f"{abs(c.numerator)}*sqrt({k})"
        term = fraction_str(abs(c)) if k == 1 else term + ("" if c.denominator == 1 else f"/{c.denominator}")
        out += ("-" if c < 0 else "") + term if not out else (" - " if c < 0 else " + ") + term
    return out or "0"

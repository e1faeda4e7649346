"""Exact numbers at the edges: read numbers and number strings as Fractions, write them as sympy-syntax strings.

sympy is imported only when a sympy value (a surd) is written or built, so commands on rationals start fast.
"""

from __future__ import annotations

import re
from fractions import Fraction
from numbers import Rational
from typing import Any

DECIMAL = re.compile(r"[+-]?([0-9]+(\.[0-9]*)?|\.[0-9]+)([eE][+-]?[0-9]{1,3})?")
_RATIO = re.compile(r"([+-]?[0-9]+) */ *([+-]?[0-9]+)")
MAX_DIGITS = 60


def to_fraction(value: Any) -> Fraction:
    """Turn an int, Fraction or number string (`3`, `-0.8`, `-4/5`, `1e-2`) into an exact Fraction.

    Raises ValueError with a short reason; the caller names the file and field.
    """
    if isinstance(value, bool):
        raise ValueError(f"expected a number, got {value!r}")
    if isinstance(value, (int, Fraction)):
        return Fraction(value)
    if isinstance(value, float):
        if value != value or value in (float("inf"), float("-inf")):
            raise ValueError(f"expected a finite number, got {value!r}")
        return Fraction(repr(value))
    if isinstance(value, Rational):
        return Fraction(int(value.numerator), int(value.denominator))
    if isinstance(value, str):
        return _parse_number_text(value.strip())
    raise ValueError(f"expected a number, got {_show(value)}")


def _parse_number_text(text: str) -> Fraction:
    if len(text) > MAX_DIGITS:
        raise ValueError(f"number has more than {MAX_DIGITS} characters: {text[:20]}...")
    if DECIMAL.fullmatch(text):
        return Fraction(text)
    match = _RATIO.fullmatch(text)
    if match:
        den = int(match.group(2))
        if den == 0:
            raise ValueError(f"division by zero in {text!r}")
        return Fraction(int(match.group(1)), den)
    raise ValueError(f"expected a number such as 3, -0.8 or -4/5, got {text!r}")


def _show(value: Any) -> str:
    text = repr(value)
    return text if len(text) <= 40 else text[:37] + "..."


def fraction_str(value: Fraction | int) -> str:
    """Write an exact rational in sympy syntax: `-4/5`, `3`."""
    value = Fraction(value)
    if value.denominator == 1:
        return str(value.numerator)
    return f"{value.numerator}/{value.denominator}"


def exact_str(value: Any) -> str:
    """Write an exact number (Fraction, int or sympy expression) as a sympy-syntax string (`sqrt(2)/2`)."""
    if isinstance(value, (int, Fraction)) and not isinstance(value, bool):
        return fraction_str(value)
    if isinstance(value, float):
        raise TypeError("floats are not exact; convert with to_fraction first")
    import sympy  # a sympy value was passed, so sympy is loaded already

    return sympy.sstr(value)


def to_sympy(value: Fraction | int) -> Any:
    """Convert a Fraction to a sympy Rational (at the edges only; hot loops stay in Fractions)."""
    import sympy

    value = Fraction(value)
    return sympy.Rational(value.numerator, value.denominator)


def vector_str(values) -> list[str]:
    """Write a vector of exact numbers as a list of sympy-syntax strings."""
    return [exact_str(v) for v in values]

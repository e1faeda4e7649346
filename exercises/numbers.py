"""Exact numbers at the edges: read YAML numbers and strings as Fractions, write them as sympy-syntax strings."""

from __future__ import annotations

import re
from fractions import Fraction
from numbers import Rational
from typing import Any

import sympy
import yaml

_DECIMAL = re.compile(r"[+-]?([0-9]+(\.[0-9]*)?|\.[0-9]+)([eE][+-]?[0-9]{1,3})?")
_RATIO = re.compile(r"([+-]?[0-9]+) */ *([+-]?[0-9]+)")
MAX_DIGITS = 60


class ExactLoader(yaml.SafeLoader):
    """A safe YAML loader that keeps every float exactly as written: `-0.8` loads as Fraction(-4, 5)."""


def _construct_exact_float(loader: yaml.SafeLoader, node: yaml.ScalarNode) -> Any:
    text = loader.construct_scalar(node).replace("_", "")
    if _DECIMAL.fullmatch(text):
        return Fraction(text)
    return text  # .inf / .nan stay text, so the field check rejects them with a message


def _construct_bounded_int(loader: yaml.SafeLoader, node: yaml.ScalarNode) -> Any:
    text = loader.construct_scalar(node)
    if len(text) > MAX_DIGITS:
        return text  # left as text: to_fraction then says the number is too long
    return yaml.SafeLoader.construct_yaml_int(loader, node)


ExactLoader.add_constructor("tag:yaml.org,2002:float", _construct_exact_float)
ExactLoader.add_constructor("tag:yaml.org,2002:int", _construct_bounded_int)


def load_yaml_text(text: str) -> Any:
    """Parse YAML text with the exact, safe loader."""
    return yaml.load(text, Loader=ExactLoader)  # noqa: S506 - ExactLoader derives from SafeLoader


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
    if _DECIMAL.fullmatch(text):
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
    return sympy.sstr(value)


def to_sympy(value: Fraction | int) -> sympy.Rational:
    """Convert a Fraction to a sympy Rational (at the edges only; hot loops stay in Fractions)."""
    value = Fraction(value)
    return sympy.Rational(value.numerator, value.denominator)


def vector_str(values) -> list[str]:
    """Write a vector of exact numbers as a list of sympy-syntax strings."""
    return [exact_str(v) for v in values]

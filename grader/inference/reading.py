"""Reading what the reference returned (plain data from the sandbox) as a perceptron's fields, exactly or within a
rounding tolerance, and naming the returned parts in their order."""

from __future__ import annotations

import math
from fractions import Fraction
from typing import Any

import numpy as np

FIELD_ORDER = ("theta", "theta0", "converged", "mistakes")  # the order fields are tried on an ambiguous part
MAX_PARTS = 4


def parts(value: Any) -> tuple[tuple, str]:
    """The returned parts and the container (`tuple`, `list` or `single`)."""
    if type(value) in (tuple, list) and 1 < len(value) <= MAX_PARTS:
        return tuple(value), type(value).__name__
    return (value,), "single"


def vector(value: Any) -> tuple[tuple[Fraction, ...], tuple[int, ...]] | None:
    """A flat vector of finite numbers (from an array of shape (k,), (k, 1) or (1, k), or a list), and its shape."""
    try:
        arr = np.array(value, dtype=np.float64) if type(value) in (list, tuple) else value
    except (TypeError, ValueError, OverflowError):
        return None
    if type(arr) is not np.ndarray or arr.dtype.kind not in "iufb" or arr.ndim > 2 or arr.size == 0:
        return None
    if arr.ndim == 2 and 1 not in arr.shape:
        return None
    flat = arr.astype(np.float64).reshape(-1)
    if not np.isfinite(flat).all():
        return None
    return tuple(Fraction(float(v)) for v in flat), tuple(arr.shape)


def scalar(value: Any) -> Fraction | None:
    """A single finite number (a Python number, a NumPy scalar or a one-element array); bools are not numbers."""
    if isinstance(value, (bool, np.bool_)):
        return None
    if isinstance(value, np.ndarray):
        if value.size != 1 or value.dtype.kind not in "iuf":
            return None
        value = value.reshape(()).item()
    if isinstance(value, np.generic):
        value = value.item()
    if type(value) not in (int, float) or (type(value) is float and not math.isfinite(value)):
        return None
    return Fraction(value)


def flag(value: Any) -> bool | None:
    if isinstance(value, np.ndarray) and value.size == 1 and value.dtype.kind == "b":
        return bool(value.reshape(()).item())
    return bool(value) if isinstance(value, (bool, np.bool_)) else None


def close(got: Fraction, want: Fraction) -> bool:
    """Equal, or within what float rounding explains (a non-dyadic step such as 0.01)."""
    return got == want or abs(got - want) <= Fraction(1, 10 ** 9) * (1 + abs(want))


def _is(field: str, part: Any, want: Any) -> bool:
    if field == "theta":
        got = vector(part)
        return got is not None and len(got[0]) == len(want) and all(close(a, b) for a, b in zip(got[0], want))
    if field == "converged":
        return flag(part) is want
    got = scalar(part)
    return got is not None and close(got, Fraction(want))


def name_parts(value: Any, expected: dict[str, Any]) -> tuple[str, ...] | None:
    """The field each returned part is, when every part is one of `expected`'s fields (each used once, theta
    among them); None when the value is not these fields. A number equal to two fields goes to the first in
    FIELD_ORDER that is still free."""
    got, _ = parts(value)
    named: list[str] = []
    for part in got:
        field = next((f for f in FIELD_ORDER if f in expected and f not in named and _is(f, part, expected[f])), None)
        if field is None:
            return None
        named.append(field)
    return tuple(named) if "theta" in named else None


def predictions(value: Any, n: int) -> tuple[int, ...] | None:
    """n labels (integers) from an array, a list, or a number when n is 1."""
    if n == 1 and scalar(value) is not None:
        value = [value]
    got = vector(value)
    if got is None or len(got[0]) != n or any(v.denominator != 1 for v in got[0]):
        return None
    return tuple(int(v) for v in got[0])

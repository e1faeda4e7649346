"""Validators for assignment fields: each failure is one AssignmentError naming the file, the key path and the choices."""

from __future__ import annotations

import re
from fractions import Fraction
from typing import Any

from rosenblatt.shared import AssignmentError, to_fraction

IDENT = re.compile(r"[A-Za-z_][A-Za-z0-9_]*")


def fail(where: str, key: str, message: str) -> AssignmentError:
    return AssignmentError(f"{where}: {key}: {message}")


def choice(where: str, key: str, value: Any, allowed: tuple[str, ...]) -> str:
    if not isinstance(value, str) or value not in allowed:
        raise fail(where, key, f"must be one of {', '.join(allowed)}, got {value!r}")
    return value


def number(where: str, key: str, value: Any, low: float, high: float, integer: bool = False) -> Any:
    numeric = isinstance(value, (int, float, Fraction)) and not isinstance(value, bool)
    if not numeric or (integer and not isinstance(value, int)) or not low <= value <= high:
        kind = "an integer" if integer else "a number"
        raise fail(where, key, f"must be {kind} between {low} and {high}, got {_shown(value)}")
    return int(value) if integer else float(value)


def _shown(value: Any) -> str:
    """A value as the YAML wrote it: the loader reads decimals as exact Fractions (2500.5, not Fraction(5001, 2))."""
    if isinstance(value, Fraction):
        return str(value.numerator) if value.denominator == 1 else (
            repr(float(value)) if Fraction(float(value)) == value else f"{value.numerator}/{value.denominator}")
    return repr(value)


def exact(where: str, key: str, value: Any, low: Fraction, high: Fraction) -> Fraction:
    """An exact rational such as 1, 0.01 (read as 1/100) or "1/64", within [low, high]."""
    try:
        got = to_fraction(value)
    except ValueError as exc:
        raise fail(where, key, f"must be an exact number such as 1, 0.01 or 1/64 ({exc})") from None
    if not low <= got <= high:
        raise fail(where, key, f"must be between {low} and {high}, got {_shown(value)}")
    return got


def identifier(where: str, key: str, value: Any, what: str) -> str:
    if not isinstance(value, str) or not IDENT.fullmatch(value):
        raise fail(where, key, f"must be the name of {what}, got {value!r}")
    return value


def slot_map(where: str, key: str, raw: Any, allowed: tuple[str, ...]) -> tuple[tuple[str, str], ...]:
    """A mapping of Python names to what they carry, e.g. {max_epochs: epochs}."""
    if raw is None:
        return ()
    if not isinstance(raw, dict):
        raise fail(where, key, "must be a mapping of names to what they carry, e.g. {max_epochs: epochs}")
    for name, slot in raw.items():
        if not isinstance(name, str) or not IDENT.fullmatch(name):
            raise fail(where, f"{key}.{name}", "must be a Python identifier")
        choice(where, f"{key}.{name}", slot, allowed)
    return tuple((str(k), str(v)) for k, v in raw.items())


def listed(where: str, key: str, raw: Any, allowed: tuple[str, ...], empty: bool = False) -> tuple[str, ...]:
    """A list of distinct choices (non-empty unless `empty`)."""
    if not isinstance(raw, list) or (not raw and not empty):
        raise fail(where, key, f"must be a {'' if empty else 'non-empty '}list of {', '.join(allowed)}")
    for i, item in enumerate(raw):
        choice(where, f"{key}[{i}]", item, allowed)
    if len(set(raw)) != len(raw):
        raise fail(where, key, "lists the same item twice")
    return tuple(raw)


def mapping(where: str, key: str, raw: Any, what: str) -> dict:
    if not isinstance(raw, dict):
        raise fail(where, key, f"must be a mapping ({what})")
    return raw


def unknown_keys(where: str, prefix: str, doc: dict, known: tuple[str, ...]) -> None:
    unknown = sorted(str(k) for k in doc if k not in known)
    if unknown:
        raise fail(where, prefix + unknown[0], f"unknown key; allowed keys are {', '.join(known)}")

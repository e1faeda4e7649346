"""Answer blanks for quiz exports: a variant's parts split into single exact values, each with the form a quiz checks."""

from __future__ import annotations

import hashlib
from dataclasses import dataclass
from fractions import Fraction
from typing import Any, Sequence

import sympy

from exercises.answers import canonical
from exercises.kinds import get_kind
from rosenblatt.shared import fraction_str

GREEK = {"theta": "θ", "theta0": "θ₀"}
MAX_DECIMALS = 6  # a terminating rational with more decimal places is asked as numerator and denominator


@dataclass(frozen=True)
class Blank:
    """One exact value to fill in: its label, the value, and how quizzes check it.

    form: `decimal` (a rational with at most MAX_DECIMALS decimal places: numeric, tolerance 0), `fraction` (any
    other rational: numerator and denominator in lowest terms), `surd` (a square root: multiple choice), `verdict` (yes or no).
    """

    key: str
    label: str
    value: Any  # Fraction for decimal/fraction, a sympy number for surd, bool for verdict
    form: str

    @property
    def text(self) -> str:
        """The canonical answer, as check-answers writes it (`-4/5`, `sqrt(2)/2`, `yes`)."""
        if self.form == "verdict":
            return "yes" if self.value else "no"
        return canonical(self.value)


@dataclass(frozen=True)
class PartBlanks:
    """The blanks of one answer part; `blanks` is empty for a proof with many right forms (not exportable)."""

    id: str
    label: str
    blanks: tuple[Blank, ...]


def terminating(value: Fraction) -> bool:
    """Whether the rational has a finite decimal expansion (its denominator has no prime factor but 2 and 5)."""
    d = value.denominator
    for p in (2, 5):
        while d % p == 0:
            d //= p
    return d == 1


def decimal_text(value: Fraction) -> str:
    """The exact decimal of a terminating rational: 3, -0.8, 0.0625."""
    if not terminating(value):
        raise ValueError(f"{fraction_str(value)} has no terminating decimal")
    digits = 0
    while (value * 10**digits).denominator != 1:
        digits += 1
    scaled = abs(value.numerator * 10**digits // value.denominator)
    whole, frac = divmod(scaled, 10**digits) if digits else (scaled, 0)
    sign = "-" if value < 0 else ""
    return f"{sign}{whole}" + (f".{frac:0{digits}d}" if digits else "")


def _scalar(key: str, label: str, value: Any) -> Blank:
    if isinstance(value, bool):
        return Blank(key, label, value, "verdict")
    if isinstance(value, sympy.Basic) and not value.is_Rational:
        return Blank(key, label, value, "surd")
    r = Fraction(int(value.p), int(value.q)) if isinstance(value, sympy.Basic) else Fraction(value)
    short = terminating(r) and (r * 10**MAX_DECIMALS).denominator == 1
    return Blank(key, label, r, "decimal" if short else "fraction")


def _values(key: str, label: str, value: Any) -> list[Blank]:
    if isinstance(value, tuple):
        return [_scalar(f"{key}[{k}]", f"{label}, coordinate {k}", v) for k, v in enumerate(value, 1)]
    return [_scalar(key, label, value)]


def sequence_rows(variants: Sequence[Any]) -> int:
    """The rows a pool asks for each sequence part: two more than its longest, the same for every variant, so that
    the number of rows tells nothing about a variant's count (rows past the last item are answered with 0)."""
    longest = max((len(p.value) for v in variants for p in get_kind(v.kind).parts(v.data, v.solution)
                   if p.type == "sequence"), default=0)
    return longest + 2 if longest else 0


def _padded(part: Any, rows: int) -> tuple:
    """A sequence's items, then zero items up to `rows` (the point 0 says: no such update)."""
    zero = tuple(tuple(Fraction(0) for _ in value) if isinstance(value, tuple) else 0 for value in part.value[0]) \
        if part.value else tuple(0 for _ in part.item_keys)
    return tuple(part.value) + (zero,) * max(0, rows - len(part.value))


def part_blanks(kind: str, data: Any, solution: Any, rows: int = 0) -> tuple[PartBlanks, ...]:
    """Every part of a variant as blanks, in the order check-answers lists them; a sequence part is padded to
    `rows` rows (see sequence_rows)."""
    out = []
    for part in get_kind(kind).parts(data, solution):
        blanks: list[Blank] = []
        if part.type in ("exact", "verdict"):
            blanks = _values(part.id, part.label, part.value)
        elif part.type == "set":  # one blank per member, smallest first
            blanks = _values(part.id, f"{part.label}, in increasing order", tuple(sorted(part.value)))
        elif part.type == "sequence":
            for n, item in enumerate(_padded(part, rows), 1):
                for name, value in zip(part.item_keys, item):
                    label = f"update {n}: {GREEK.get(name, name)}" + (" (0 if there is no such update)"
                                                                        if name == "point" else "")
                    blanks += _values(f"{part.id}[{n}].{name}", label, value)
        out.append(PartBlanks(part.id, part.label, tuple(blanks)))
    return tuple(out)


def shuffled(options: tuple[str, ...], salt: str) -> tuple[str, ...]:
    """The options in an order drawn from `salt` (the variant's seed and the blank): the same on every run, and
    no position that gives the right answer away."""
    return tuple(sorted(options, key=lambda o: hashlib.sha256(f"{salt}|{o}".encode("utf-8")).digest()))


def choices(blank: Blank, seed: int, count: int = 4) -> tuple[str, ...]:
    """The right answer and up to count - 1 distractors for a multiple-choice blank (all distinct), in the order
    shuffled from the variant's seed."""
    return shuffled(_options(blank, count), f"{seed}|{blank.key}")


def _options(blank: Blank, count: int) -> tuple[str, ...]:
    if blank.form == "verdict":
        return ("yes", "no")
    v = blank.value if isinstance(blank.value, sympy.Basic) else sympy.Rational(blank.value.numerator,
                                                                                 blank.value.denominator)
    candidates = [2 * v, v / 2, v**2, 1 / v if v != 0 else v + 1, v + 1, sympy.sqrt(2) * v, -v]
    out = [blank.text]
    for c in candidates:
        text = canonical(sympy.expand(c))
        if text not in out:
            out.append(text)
        if len(out) == count:
            break
    return tuple(out)

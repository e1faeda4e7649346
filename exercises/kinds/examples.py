"""Example answers for hints ("e.g. …"): the shape of a part's answer, with values outside the variant's answers.

A kind declares an example of the right form (`3`, `7/8`, `sqrt(2)/2`, `[1, -2]`, a trace row); `outside` swaps
in the first candidate of that form that equals none of the variant's answers, so a hint never gives one away.
"""

from __future__ import annotations

import dataclasses
from fractions import Fraction
from itertools import combinations, islice, product
from typing import Any, Iterable

from rosenblatt.core import Infeasibility, Separator, verify_infeasibility, verify_separator
from exercises.kinds.base import Part
from rosenblatt.shared import exact_str

INTEGERS = (3, 7, 5, 11, 2, 13, 4, 17, 6, 19, 8, 23, 9, 29, 10, 31, 12, 37, 14, 41)
FRACTIONS = ("7/8", "5/12", "3/7", "11/6", "2/9", "13/10", "4/11", "9/14", "5/16", "17/20")
SURDS = ("sqrt(2)/2", "sqrt(5)", "3*sqrt(2)", "sqrt(3)/3", "2*sqrt(7)", "sqrt(6)/3", "sqrt(11)", "5*sqrt(3)/6")
COORDINATES = (1, -2, 3, 2, -1, 4, -3, 5)
VERDICT = "yes or no"


def _flat(value: Any) -> Iterable[str]:
    """Every exact number inside an answer (coordinates of vectors, fields of trace rows), as text."""
    if isinstance(value, (tuple, list, frozenset, set)):
        for v in value:
            yield from _flat(v)
    elif value is not None and not isinstance(value, bool):
        yield exact_str(value)


def _vector_text(values: Iterable[Any]) -> str:
    return "[" + ", ".join(exact_str(v) for v in values) + "]"


def _taken(parts: Iterable[Part]) -> tuple[set[str], set[str]]:
    """The variant's answers: every number, and every vector or point list, as the example would write them."""
    numbers, vectors = set(), set()
    for part in parts:
        numbers.update(_flat(part.value))
        values = part.value if isinstance(part.value, tuple) else ()
        rows = values if part.type == "sequence" else (values,)
        for row in rows:
            for item in (row if part.type == "sequence" else (row,)):
                if isinstance(item, tuple):
                    vectors.add(_vector_text(item))
        if part.type == "set":
            vectors.add(_vector_text(sorted(part.value)))
    return numbers, vectors


def _scalar(declared: str, numbers: set[str]) -> str:
    pool = SURDS if "sqrt" in declared else FRACTIONS if "/" in declared else [str(i) for i in INTEGERS]
    negative = declared.startswith("-")
    pool = [("-" + p if negative else p) for p in pool]
    return next((p for p in pool if p not in numbers), pool[0])


def _vector(size: int, numbers: set[str], vectors: set[str], points: bool = False) -> str:
    """The first candidate vector (or increasing list of point numbers) that is none of the answers."""
    if points:
        candidates = (list(c) for c in combinations(range(1, 10), size))
    else:
        candidates = (list(c) for c in product(COORDINATES, repeat=size))
    last = ""
    for c in candidates:
        text = _vector_text(Fraction(v) for v in c)
        last = text
        if text not in vectors and (points or not all(exact_str(Fraction(v)) in numbers for v in c)):
            return text
    return last


def _sequence(part: Part, numbers: set[str], vectors: set[str]) -> str:
    first = part.value[0] if part.value else None
    size = len(first[1]) if first else 2
    theta = _vector(size, numbers, vectors)
    point = next(str(i) for i in (2, 3, 1, 4, 5) if not first or str(i) != str(first[0]))
    fields = {"point": point, "theta": theta, "theta0": _scalar("-1", numbers)}
    return "[{" + ", ".join(f"{k}: {fields[k]}" for k in part.item_keys) + "}, ...]"


def _example(part: Part, numbers: set[str], vectors: set[str]) -> str:
    if part.type == "certificate" or not part.example:
        return part.example
    if part.type == "verdict":
        return VERDICT
    if part.type == "sequence":
        return _sequence(part, numbers, vectors)
    if part.type == "set":
        return _vector(max(2, min(3, len(part.value))), numbers, vectors, points=True)
    if isinstance(part.value, tuple):
        return _vector(len(part.value), numbers, vectors)
    return _scalar(part.example, numbers)


def outside(parts: Iterable[Part]) -> tuple[Part, ...]:
    """The parts with each example replaced by one of the same form that is none of the variant's answers."""
    parts = tuple(parts)
    numbers, vectors = _taken(parts)
    return tuple(dataclasses.replace(p, example=_example(p, numbers, vectors)) for p in parts)


def proofless(X, y, offset: bool) -> tuple[str, str, str]:
    """Placeholder θ, θ₀ and weights λ for a separability proof that prove nothing for these points: the first
    candidates (of at most 500 each) that are not a separator, and not weights that show none exists."""
    theta0 = Fraction(2) if offset else Fraction(0)
    thetas = (tuple(Fraction(v) for v in c) for c in product(COORDINATES, repeat=len(X[0])))
    theta = next((t for t in islice(thetas, 500) if not verify_separator(X, y, Separator(t, theta0), offset)),
                 tuple(Fraction(0) for _ in X[0]))
    weights = (tuple(Fraction(v) for v in c) for c in product((1, 2, 0, 3), repeat=len(X)) if any(c))
    lam = next((w for w in islice(weights, 500) if not verify_infeasibility(X, y, Infeasibility(w), offset)),
               tuple(Fraction(0) for _ in X))
    return _vector_text(theta), exact_str(theta0), _vector_text(lam)

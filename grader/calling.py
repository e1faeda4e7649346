"""The calling convention, in the parent: build a case's arguments; read returned values by positions and shapes."""

from __future__ import annotations

import math
from dataclasses import dataclass
from fractions import Fraction
from typing import Any

import numpy as np

from grader.assignment import Assignment
from grader.cases import Case


@dataclass(frozen=True)
class Answer:
    """A returned value read as the assignment's fields; `problem` says why it could not be read ('' if it could)."""

    theta: tuple[Fraction, ...] | None = None
    theta0: Fraction | None = None
    converged: bool | None = None
    mistakes: int | None = None
    problem: str = ""
    nonfinite: bool = False  # the only problem is a nan or infinity: the right kind of value, a wrong answer

    @property
    def ok(self) -> bool:
        return not self.problem


def data_arrays(a: Assignment, X, y) -> tuple[np.ndarray, np.ndarray]:
    """Points and labels as the student receives them: rows (n, d) and (n,), or columns (d, n) and (1, n)."""
    Xa = np.array([[float(v) for v in row] for row in X], dtype=np.float64).reshape(len(X), len(X[0]))
    ya = np.array([int(v) for v in y], dtype=np.int64)
    if a.data == "columns":
        return np.ascontiguousarray(Xa.T), ya.reshape(1, -1)
    return Xa, ya


def build_call(a: Assignment, case: Case, X=None, y=None) -> tuple[tuple, dict]:
    """Positional and keyword arguments for one call (X, y override the case's data, for shrinking)."""
    Xa, ya = data_arrays(a, case.X if X is None else X, case.y if y is None else y)
    values = {"data": Xa, "labels": ya, "epochs": int(case.max_epochs), "offset": bool(case.offset)}
    values["params"] = {key: values[slot] for key, slot in a.params}
    args = tuple(values[slot] for slot in a.arguments)
    kwargs = {name: values[slot] for name, slot in a.keywords}
    return args, kwargs


def _number(value: Any) -> Fraction | None:
    if isinstance(value, np.ndarray) and value.size == 1 and value.dtype.kind in "iuf":
        value = value.reshape(()).item()
    if isinstance(value, bool) or not isinstance(value, (int, float)):
        return None
    if isinstance(value, float) and not math.isfinite(value):
        return None
    return Fraction(value)


def read_vector(value: Any, d: int) -> tuple[tuple[Fraction, ...] | None, str]:
    """θ as d exact numbers; accepts shapes (d,), (d, 1), (1, d) and lists of numbers."""
    if isinstance(value, (list, tuple)):
        try:
            value = np.array(value, dtype=np.float64)
        except (TypeError, ValueError):
            return None, "is a list that is not all numbers"
    if not isinstance(value, np.ndarray):
        return None, f"is {_kind(value)}, expected an array of {d} numbers"
    if value.dtype.kind not in "iuf":
        return None, f"is an array of {value.dtype}, expected numbers"
    if value.size != d or value.ndim > 2 or (value.ndim == 2 and 1 not in value.shape):
        return None, f"has shape {value.shape}, expected ({d},) or ({d}, 1)"
    flat = value.astype(np.float64).reshape(-1)
    if not np.isfinite(flat).all():
        return None, f"{NONFINITE}: it contains nan or inf"
    return tuple(Fraction(float(v)) for v in flat), ""


NONFINITE = "is not a finite number"


def _nonfinite_scalar(value: Any) -> bool:
    return isinstance(value, np.ndarray) and value.size == 1 and value.dtype.kind == "f" \
        and not np.isfinite(value).all()


def _scalar_text(value: Any) -> str:
    return str(float(value.reshape(()).item())) if isinstance(value, np.ndarray) else str(value)


def _kind(value: Any) -> str:
    if isinstance(value, np.ndarray):
        return f"an array of shape {value.shape}"
    name = getattr(value, "type_name", None) or type(value).__name__
    return "None" if value is None else f"a {name}"


def _flag(value: Any) -> bool | None:
    if isinstance(value, np.ndarray) and value.size == 1 and value.dtype.kind == "b":
        return bool(value.reshape(()).item())
    return value if isinstance(value, bool) else None


def _read_part(field: str, value: Any, d: int) -> tuple[Any, str]:
    if field == "theta":
        return read_vector(value, d)
    if field == "theta0":
        got = _number(value)
        if got is None and isinstance(value, float) or _nonfinite_scalar(value):
            return None, f"{NONFINITE}: it is {_scalar_text(value)}"
        return got, "" if got is not None else f"is {_kind(value)}, expected a finite number"
    if field == "converged":
        got = _flag(value)
        return got, "" if got is not None else f"is {_kind(value)}, expected True or False"
    got = _number(value)
    if got is None or got.denominator != 1 or got < 0:
        return None, f"is {_kind(value)}, expected a count of mistakes (an int)"
    return int(got), ""


def parts_of(a: Assignment, value: Any) -> tuple[tuple | None, str]:
    """Split a returned value into the assignment's positions."""
    k = len(a.returns)
    if k == 1:
        return (value,), ""
    if not isinstance(value, (tuple, list)) or len(value) != k:
        shown = f"{len(value)} values" if isinstance(value, (tuple, list)) else _kind(value)
        return None, f"returned {shown}; expected a tuple of {k} values ({', '.join(a.returns)})"
    return tuple(value), ""


def interpret(a: Assignment, value: Any, d: int, order: tuple[str, ...] | None = None) -> Answer:
    """Read a returned value; `order` reads the positions as other fields (to test for swapped returns)."""
    parts, problem = parts_of(a, value)
    if parts is None:
        return Answer(problem=problem)
    fields: dict[str, Any] = {}
    for field, part in zip(order or a.returns, parts):
        got, problem = _read_part(field, part, d)
        if problem:
            return Answer(problem=f"{field} {problem}", nonfinite=problem.startswith(NONFINITE))
        fields[field] = got
    return Answer(**fields)

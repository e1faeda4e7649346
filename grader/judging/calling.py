"""The calling convention, in the parent: build a case's arguments; read returned values by positions and shapes."""

from __future__ import annotations

import math
from dataclasses import dataclass
from fractions import Fraction
from typing import Any

import numpy as np

from grader import tasks
from grader.assignments import Assignment, FunctionSpec, augment
from grader.cases import Case


@dataclass(frozen=True)
class Answer:
    """A returned value read as the function's fields; `problem` says why it could not be read ('' if it could)."""

    theta: tuple[Fraction, ...] | None = None
    theta0: Fraction | None = None
    converged: bool | None = None
    mistakes: int | None = None
    problem: str = ""
    predictions: tuple[int, ...] | None = None
    changed: Any = None  # a bool, or one per step of a method sequence
    states: tuple | None = None  # weights after each step of a method sequence
    hooks: tuple | None = None  # (θ, θ₀) the student's hook received, in order (None: not recorded)
    hook_calls: int = 0
    hook_arities: tuple = ()  # how many arguments the student's calls of the hook had (the course passes one tuple)
    passes: tuple | None = None  # weights the course module read after each pass (class API)
    nonfinite: bool = False  # the only problem is a nan or infinity: the right kind of value, a wrong answer
    helper_calls: int = 0  # calls of the student's own update helper (recorded by the harness's spy)
    update_calls: tuple = ()  # for each recorded update (hooks), the index of the helper call that made it

    @property
    def ok(self) -> bool:
        return not self.problem


def spec_of(a: Assignment | FunctionSpec, case: Case | None = None) -> FunctionSpec:
    """The graded function a case belongs to (an Assignment stands for its only or first function)."""
    if isinstance(a, FunctionSpec):
        return a
    return a.spec(case.function) if case is not None and case.function else a.primary


def data_arrays(a: Assignment, X, y, f: FunctionSpec | None = None) -> tuple[np.ndarray, np.ndarray]:
    """Points and labels as the student receives them: rows (n, d) and (n,), or columns (d, n) and (1, n)."""
    f = f or a.primary
    conv = f.convention
    if conv.folded and conv.appended_by == "grader":
        X = augment(X, conv.bias)
    Xa = np.array([[float(v) for v in row] for row in X], dtype=np.float64).reshape(len(X), len(X[0]))
    ya = np.array([conv.label(int(v)) for v in y], dtype=np.int64)
    if a.data == "columns":
        return np.ascontiguousarray(Xa.T), ya.reshape(1, -1)
    return Xa, ya


def _vector(a: Assignment, f: FunctionSpec, values) -> np.ndarray:
    v = np.array([float(x) for x in values], dtype=np.float64)
    column = a.data == "columns" or f.convention.theta_shape == "column"
    return v.reshape(-1, 1) if column else v


def slot_values(a: Assignment, f: FunctionSpec, case: Case, X=None, y=None) -> dict[str, Any]:
    """What each slot carries for one call (X, y override the case's data, for shrinking)."""
    Xa, ya = data_arrays(a, case.X if X is None else X, case.y if y is None else y, f)
    values: dict[str, Any] = {"data": Xa, "labels": ya, "offset": bool(case.offset), "hook": None}
    if case.max_epochs is not None:
        values["epochs"] = int(case.max_epochs)
    if case.step is not None:
        values["step"] = float(case.step)
    values.update(tasks.module(f).call_slots(f, Xa, ya, a.data == "columns"))  # the shape's own slots
    if a.script is not None:  # main(args): the argparse values, and the data its course module gives the script
        values["args"] = (a.script.values(len(Xa)), (Xa, ya))
    if case.start is not None:
        values["theta"] = _vector(a, f, case.start[0])
        theta0 = float(case.start[1])
        values["theta0"] = np.array([[theta0]]) if a.data == "columns" else theta0
    values["params"] = {key: values.get(slot) for key, slot in f.params}
    return values


def build_call(a: Assignment, case: Case, X=None, y=None) -> tuple[tuple, dict]:
    """Positional and keyword arguments for one call of a module-level function."""
    f = spec_of(a, case)
    values = slot_values(a, f, case, X, y)
    args = tuple(values.get(slot) for slot in f.arguments)
    kwargs = {name: values.get(slot) for name, slot in f.keywords}
    return args, kwargs


def hook_path(f: FunctionSpec) -> list | None:
    """Where the grader's None stands for the hook in the call (the harness puts its recorder there)."""
    for i, slot in enumerate(f.arguments):
        if slot == "hook":
            return ["args", i]
    for name, slot in f.keywords:
        if slot == "hook":
            return ["kwargs", name]
    for key, slot in f.params:
        if slot == "hook":
            holder = (["args", f.arguments.index("params")] if "params" in f.arguments
                      else ["kwargs", next(n for n, s in f.keywords if s == "params")])
            return holder + [key]
    return None


def call_plan(a: Assignment, case: Case) -> dict | None:
    """The harness plan of a module-level call: None for the assignment's one plain function (called as before)."""
    f = spec_of(a, case)
    path = hook_path(f)
    script = f.arguments.index("args") if "args" in f.arguments else None
    if not a.qualified and path is None and len(f.names) == 1 and script is None:
        return None
    spy = spied_helpers(a, f)
    plan = {"kind": "call", "name": f.name, "hook": path, **({"spy": spy} if spy else {}),
            **({"script": script} if script is not None else {}),
            **({} if case.visible else {"records": 0})}  # a hidden case's trace is never read: its calls are counted
    return {**plan, "names": list(f.names)} if len(f.names) > 1 else plan


def spied_helpers(a: Assignment, f: FunctionSpec) -> list[str]:
    """The course's single-step update functions a training function may call (by every name the course accepts):
    the harness records their calls."""
    if not f.trains or f.method or f.passes("hook"):
        return []
    return [n for g in a.functions if g.single_step and not g.method for n in g.names]


def _number(value: Any) -> Fraction | None:
    if isinstance(value, np.ndarray) and value.size == 1 and value.dtype.kind in "iuf":
        value = value.reshape(()).item()
    if isinstance(value, bool) or not isinstance(value, (int, float)):
        return None
    if isinstance(value, float) and not math.isfinite(value):
        return None
    return Fraction(value)


def read_vector(value: Any, d: int, kinds: str = "iuf") -> tuple[tuple[Fraction, ...] | None, str]:
    """θ as d exact numbers; accepts shapes (d,), (d, 1), (1, d) and lists of numbers."""
    if isinstance(value, (list, tuple)):
        try:
            value = np.array(value, dtype=np.float64)
        except (TypeError, ValueError):
            return None, "is a list that is not all numbers"
        except OverflowError:  # an int beyond the float range (10**400): a wrong answer, not the grader's fault
            return None, f"{NONFINITE}: it contains an integer too large for a float"
    if not isinstance(value, np.ndarray):
        return None, f"is {_kind(value)}, expected an array of {d} numbers"
    if value.dtype.kind not in kinds:
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
    if isinstance(value, np.bool_):
        return bool(value)
    return value if isinstance(value, bool) else None


NOT_LABELS = "contains numbers that are not labels"  # the problem diagnosis reads as "returns scores"


def _labels(value: Any, n: int) -> tuple[tuple[int, ...] | None, str]:
    if isinstance(value, (int, float, bool, np.generic)) and n == 1:
        value = [value]
    got, problem = read_vector(value, n, "iufb")
    if got is None:
        return None, problem.replace("numbers", "labels")
    if any(v.denominator != 1 for v in got):
        return None, NOT_LABELS
    return tuple(int(v) for v in got), ""


def read_part(field: str, value: Any, d: int, n: int = 1) -> tuple[Any, str]:
    """One returned field: θ (d numbers), θ₀, converged, a count, predictions (n labels) or changed."""
    if field == "theta":
        return read_vector(value, d)
    if field == "predictions":
        return _labels(value, n)
    if field == "theta0":
        got = _number(value)
        if got is None and isinstance(value, float) or _nonfinite_scalar(value):
            return None, f"{NONFINITE}: it is {_scalar_text(value)}"
        return got, "" if got is not None else f"is {_kind(value)}, expected a finite number"
    if field in ("converged", "changed"):
        got = _flag(value)
        return got, "" if got is not None else f"is {_kind(value)}, expected True or False"
    got = _number(value)
    if got is None or got.denominator != 1 or got < 0:
        return None, f"is {_kind(value)}, expected a count of mistakes (an int)"
    return int(got), ""


NOT_TUPLE = "returned a list, not a tuple"  # what diagnosis reads as a list where the course checks for a tuple


def parts_of(a, value: Any) -> tuple[tuple | None, str]:
    """Split a returned value into the function's positions."""
    returns = spec_of(a).returns
    k = len(returns)
    if k == 1:
        return (value,), ""
    if not isinstance(value, (tuple, list)) or len(value) != k:
        shown = f"{len(value)} values" if isinstance(value, (tuple, list)) else _kind(value)
        return None, f"returned {shown}; expected a tuple of {k} values ({', '.join(returns)})"
    if type(value) is list and spec_of(a).convention.container == "tuple":
        return None, f"{NOT_TUPLE}; the course's checks require a tuple ({', '.join(returns)})"
    return tuple(value), ""


def interpret(a, value: Any, d: int, order: tuple[str, ...] | None = None, n: int = 1) -> Answer:
    """Read a returned value; `order` reads the positions as other fields (to test for swapped returns)."""
    parts, problem = parts_of(a, value)
    if parts is None:
        return Answer(problem=problem)
    fields: dict[str, Any] = {}
    for field, part in zip(order or spec_of(a).returns, parts):
        got, problem = read_part(field, part, d, n)
        if problem:
            return Answer(problem=f"{field} {problem}", nonfinite=problem.startswith(NONFINITE))
        fields[field] = got
    return Answer(**fields)

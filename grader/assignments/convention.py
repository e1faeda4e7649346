"""A course's perceptron convention (labels, tie rule, step, bias, start, epochs, order), validated at load."""

from __future__ import annotations

from dataclasses import dataclass, replace
from fractions import Fraction
from typing import Any

from grader.assignments import fields
from grader.assignments.orders import ORDERS

KEYS = ("labels", "tie", "step", "bias", "appended_by", "start", "epochs", "order", "update", "mutation",
        "theta_shape", "offset", "features", "container")
TIES = ("mistake", "positive", "negative", "avoid")
BIASES = ("separate", "first", "last", "none")
STARTS = ("zero", "given", "ones", "random", "course")
MAX_EPOCHS = 1000
MAX_STEPS = 8


@dataclass(frozen=True)
class Convention:
    """How one course's perceptron works; the defaults are the seeds' (and the default assignment's)."""

    labels: tuple[int, int] = (-1, 1)
    tie: str = "mistake"  # where a score of exactly 0 falls: a mistake, predicted +1, predicted -1, never tested
    steps: tuple[Fraction, ...] = (Fraction(1),)  # η; several only when the grader passes η (used in turn)
    bias: str = "separate"  # separate θ₀ | folded as the first or last coordinate | none
    appended_by: str = "grader"  # folded bias: who appends the constant 1 (the grader's data, or the student)
    start: str = "zero"  # zero | given (the caller passes θ, θ₀) | ones | random (the course's module decides)
    # | course (the course's module draws it from the case's seed, on a dyadic grid: known here, graded exactly)
    epochs: Any = "argument"  # "argument" | "none" (loop until a clean pass) | a fixed number of passes
    order: str = "fixed"  # fixed (in order) | free (graded by properties) | a named permutation (graded exactly)
    update: str = "on-mistake"  # single-step function: it checks for a mistake | it always updates (caller checks)
    # | either (the course leaves it open: only mistakes and ties, where both agree, are tested)
    mutation: str = "forbidden"  # whether changing the input arrays is a failure (the input-mutation family)
    theta_shape: str = "flat"  # θ with row data: (d,) | (d, 1)
    offset: str = "choice"  # separate bias: the grader passes offset on/off | always | never
    features: Any = "any"  # "any": data of 1 to 5 features | a number: only data with that many (Udacity's 2)
    container: str = "any"  # several returns: any sequence | tuple (the course's checker tests type(res) == tuple)

    @property
    def folded(self) -> bool:
        return self.bias in ("first", "last")

    @property
    def zero_one(self) -> bool:
        return self.labels == (0, 1)

    @property
    def exact_floats(self) -> bool:
        """Whether every η is dyadic, so a student's float arithmetic on dyadic data stays exact."""
        return all(s.denominator & (s.denominator - 1) == 0 for s in self.steps)

    @property
    def by_property(self) -> bool:
        """Whether results are graded by properties (the course leaves the order or the start open)."""
        return self.order == "free" or self.start == "random"

    @property
    def limit(self) -> int | None:
        """The fixed number of passes, if the course fixes one."""
        return self.epochs if isinstance(self.epochs, int) else None

    def offsets(self) -> tuple[bool, ...]:
        """The offset settings the suite may use (a folded bias is always learned)."""
        if self.folded:
            return (True,)
        if self.bias == "none":
            return (False,)
        return {"choice": (True, False), "always": (True,), "never": (False,)}[self.offset]

    def mistake(self, score: Fraction | int, y: int) -> bool:
        """Whether a visit with this score is a mistake (y in ±1 form)."""
        if score == 0:
            return {"mistake": True, "positive": y < 0, "negative": y > 0, "avoid": True}[self.tie]
        return (score > 0) != (y > 0)

    def predict(self, score: Fraction | int) -> int:
        """The predicted label (in ±1 form) of a score under the tie rule."""
        if score == 0:
            return -1 if self.tie == "negative" else 1
        return 1 if score > 0 else -1

    def label(self, pm: int) -> int:
        """A ±1 label written in the course's labels."""
        return pm if not self.zero_one else (1 if pm > 0 else 0)


def _labels(where: str, key: str, raw: Any) -> tuple[int, int]:
    if raw not in ([-1, 1], [0, 1]) or any(isinstance(v, bool) for v in raw):
        raise fields.fail(where, key, f"must be [-1, 1] or [0, 1], got {raw!r}")
    return (int(raw[0]), int(raw[1]))


def _steps(where: str, key: str, raw: Any) -> tuple[Fraction, ...]:
    items = raw if isinstance(raw, list) else [raw]
    if not items or len(items) > MAX_STEPS:
        raise fields.fail(where, key, f"must be a number or a list of 1 to {MAX_STEPS} numbers, got {raw!r}")
    steps = tuple(fields.exact(where, f"{key}[{i}]" if isinstance(raw, list) else key, v,
                               Fraction(1, 1 << 20), Fraction(1 << 10)) for i, v in enumerate(items))
    if len(set(steps)) != len(steps):
        raise fields.fail(where, key, "lists the same step size twice")
    return steps


def _epochs(where: str, key: str, raw: Any) -> Any:
    if raw in ("argument", "none"):
        return raw
    if isinstance(raw, int) and not isinstance(raw, bool) and 1 <= raw <= MAX_EPOCHS:
        return raw
    raise fields.fail(where, key, f"must be argument, none or a number of passes between 1 and {MAX_EPOCHS}, "
                                  f"got {raw!r}")


def _features(where: str, key: str, raw: Any) -> Any:
    if raw == "any" or (isinstance(raw, int) and not isinstance(raw, bool) and 2 <= raw <= 5):
        return raw
    raise fields.fail(where, key, f"must be any or a number of features between 2 and 5, got {raw!r}")


def _order(where: str, key: str, raw: Any) -> str:
    allowed = ("fixed", "free", *sorted(ORDERS))
    return fields.choice(where, key, raw, allowed)


def parse(where: str, prefix: str, doc: dict, base: Convention) -> Convention:
    """The convention keys present in `doc` (a whole file or one function entry), over `base`."""
    parsers = {
        "labels": lambda k, v: ("labels", _labels(where, k, v)),
        "tie": lambda k, v: ("tie", fields.choice(where, k, v, TIES)),
        "step": lambda k, v: ("steps", _steps(where, k, v)),
        "bias": lambda k, v: ("bias", fields.choice(where, k, v, BIASES)),
        "appended_by": lambda k, v: ("appended_by", fields.choice(where, k, v, ("grader", "student"))),
        "start": lambda k, v: ("start", fields.choice(where, k, v, STARTS)),
        "epochs": lambda k, v: ("epochs", _epochs(where, k, v)),
        "order": lambda k, v: ("order", _order(where, k, v)),
        "update": lambda k, v: ("update", fields.choice(where, k, v, ("on-mistake", "always", "either"))),
        "mutation": lambda k, v: ("mutation", fields.choice(where, k, v, ("forbidden", "allowed"))),
        "theta_shape": lambda k, v: ("theta_shape", fields.choice(where, k, v, ("flat", "column"))),
        "offset": lambda k, v: ("offset", fields.choice(where, k, v, ("choice", "always", "never"))),
        "features": lambda k, v: ("features", _features(where, k, v)),
        "container": lambda k, v: ("container", fields.choice(where, k, v, ("any", "tuple"))),
    }
    changes = dict(parsers[key](prefix + key, doc[key]) for key in KEYS if key in doc)
    conv = replace(base, **changes)
    if conv.zero_one and conv.tie == "mistake":
        raise fields.fail(where, prefix + "tie", "must be positive or negative with labels [0, 1] (the update "
                                                 "uses y - ŷ, so a score of 0 must predict a label), got 'mistake'")
    if conv.bias != "separate" and "offset" in doc and doc["offset"] != ("never" if conv.bias == "none" else "always"):
        raise fields.fail(where, prefix + "offset", f"does not apply with bias {conv.bias}; leave it out")
    if conv.bias == "none":
        conv = replace(conv, offset="never")
    return conv

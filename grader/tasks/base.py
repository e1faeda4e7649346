"""What every task's cases share: ids, random streams, titles, starts, step sizes and the Case constructor."""

from __future__ import annotations

from fractions import Fraction

import numpy as np

from rosenblatt.shared import fraction_str
from grader.assignments import Assignment, FunctionSpec
from grader.cases import Case, Expected, auto_tags, seed_rng

VISIBLE_SEED = "rosenblatt-visible-v1"


def case_id(a: Assignment, f: FunctionSpec, prefix: str, k: int) -> str:
    return f"{f.name}/{prefix}-{k}" if a.qualified else f"{prefix}-{k}"


def hidden_rng(a: Assignment, f: FunctionSpec, seed: str, family: str) -> np.random.Generator:
    return seed_rng(seed, f"hidden/{f.name}/{f.task}/{family}")


def visible_rng(a: Assignment, f: FunctionSpec) -> np.random.Generator:
    return seed_rng(VISIBLE_SEED, f"{a.data}/{f.name}/{f.task}")


def dyadic(rng: np.random.Generator, shape, radius: int, denom: int) -> list:
    values = rng.integers(-radius * denom, radius * denom + 1, size=shape)
    return np.vectorize(lambda v: Fraction(int(v), denom), otypes=[object])(values).tolist()


def start_vector(rng: np.random.Generator, d: int) -> tuple[tuple[Fraction, ...], Fraction]:
    """A given start: small dyadic numbers (exact in binary floating point)."""
    values = dyadic(rng, (d + 1,), 2, 4)
    return tuple(values[:d]), values[d]


def step_for(f: FunctionSpec, k: int, dyadic_only: bool = False) -> Fraction:
    """The k-th case's η: the grader's values in turn when it passes η, else the course's one value."""
    steps = f.convention.steps
    if dyadic_only:
        steps = tuple(s for s in steps if s.denominator & (s.denominator - 1) == 0) or steps
    return steps[k % len(steps)] if f.passes("step") else steps[0]


def describe(a: Assignment, f: FunctionSpec, n: int, d: int, offset: bool, max_epochs, step, start) -> str:
    """A case's title in the course's terms, e.g. `4 points in 2-D, T 8` or `1 point in 3-D, learn_rate 1/64`."""
    conv = f.convention
    parts = [f"{n} point{'s' if n != 1 else ''} in {d}-D"]
    if conv.bias == "separate" and conv.offset == "choice":
        parts.append(f"offset {'on' if offset else 'off'}")
    if step is not None and (step != 1 or f.passes("step")):
        parts.append(f"{a.term('step')} {fraction_str(step)}")
    if start is not None and conv.start == "given":
        parts.append("from a given start")
    if max_epochs is not None and f.passes("epochs"):
        parts.append(f"{a.term('epochs')} {max_epochs}")
    return ", ".join(parts)


def build(a: Assignment, f: FunctionSpec, cid: str, family: str, visible: bool, X, y, offset: bool, max_epochs,
          cert, expected: Expected, *, seconds: float, check: str = "result", twin: str = "", step=None,
          start=None, title: str | None = None) -> Case:
    X = tuple(tuple(v if type(v) is Fraction else Fraction(v) for v in row) for row in X)  # Fractions as they are
    return Case(case_id=cid, family=family, tags=auto_tags(family, X, offset, cert, check), visible=visible,
                title=title or describe(a, f, len(X), len(X[0]), offset, max_epochs, step, start), X=X,
                y=tuple(int(v) for v in y), offset=offset, max_epochs=max_epochs, expected=expected,
                certificate=cert, seconds=seconds, check=check, twin=twin, function=f.name, step=step, start=start)

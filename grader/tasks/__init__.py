"""Graded-function shapes as plug-ins: one module per shape (perceptron, averaged, update, classify), named as in
the shape table (grader.assignments' SHAPES). Each module draws its cases and says which mistakes it offers, the
exact result under each, what a call carries and how a method of a class is called.

It may import rosenblatt.shared, rosenblatt.core, grader.assignments and grader.cases. The rest of the grader
imports this face: `visible(a)`, `hidden(a, seed)`, `mutants(a, case)`, `offered(f)`, `smaller(...)`, `module(f)`.
"""

from __future__ import annotations

import importlib
from dataclasses import replace
from types import ModuleType

from grader.assignments import Assignment, FunctionSpec, Knobs
from grader.cases import Case, DrawFailed, Expected, EXACT_VARIANTS, run_variant
from grader.tasks.perceptron import plain  # the seeds' algorithm as written (default, column): exact variants

HOOKS = ("visible", "hidden", "offers", "mutant", "call_slots", "class_steps", "smaller")  # what a shape's module defines


def module(f: FunctionSpec) -> ModuleType:
    """The module of a function's shape: `grader/tasks/<shape>.py` (the loader has checked the name)."""
    return importlib.import_module(f"grader.tasks.{f.task}")


def visible(a: Assignment) -> tuple[Case, ...]:
    """Every function's visible cases, in the order the functions are listed."""
    return tuple(c for f in a.functions for c in module(f).visible(a, f))


REDRAWS = 16  # a family whose data cannot be drawn from the seed's stream is redrawn from this many others


def hidden(a: Assignment, seed: str) -> tuple[Case, ...]:
    """Every function's hidden cases for one seed: no seed can abort the run. A family whose data cannot be
    drawn (or none of whose cases fits the convention) is redrawn from a derived stream, at most REDRAWS
    times; after that it is left out (the suite's maximum then leaves out its points)."""
    out: list[Case] = []
    for f in a.functions:
        for family in f.hidden:
            one = replace(f, hidden=(family,))
            sub = replace(a, functions=tuple(one if g is f else g for g in a.functions))
            out += _family(sub, one, seed)
    return tuple(out)


def _family(a: Assignment, f: FunctionSpec, seed: str) -> list[Case]:
    for attempt in range(REDRAWS + 1):
        try:
            cases = module(f).hidden(a, f, seed if not attempt else f"{seed}\x00redraw-{attempt}")
        except DrawFailed:
            continue
        if cases:  # every drawn case may also have been unfit for the convention (e.g. data that never stop)
            return cases
    return []


def smaller(a: Assignment, case: Case, cid: str, X, y, cert, seconds: float) -> Case | None:
    """A smaller version of a case (for shrinking), with its convention's exact result; None where the shape
    does not shrink."""
    f = a.spec(case.function) if case.function else a.primary
    return module(f).smaller(a, case, cid, X, y, cert, seconds)


def offered(f: FunctionSpec) -> tuple[tuple[str, Knobs], ...]:
    """The mistakes that make sense for a function's shape and convention, as switches on its exact reference."""
    return module(f).offers(f)


def mutant(f: FunctionSpec, case: Case, knobs: Knobs) -> Expected | None:
    """The exact result of a function's reference on a case with the mistakes `knobs` switched on."""
    return module(f).mutant(f, case, knobs)


def mutants(a: Assignment, case: Case) -> tuple[tuple[str, Expected], ...]:
    """Each offered mistake's exact output on a case (the seeds' set for the default and column assignments)."""
    f = a.spec(case.function) if case.function else a.primary
    if plain(a, f):
        return tuple((name, run_variant(v, case.X, case.y, case.offset, case.max_epochs)) for name, v in EXACT_VARIANTS)
    if f.convention.by_property:
        return ()
    out = []
    for name, knobs in offered(f):
        e = mutant(f, case, knobs)
        if e is not None:
            out.append((name, e))
    return tuple(out)


__all__ = ['HOOKS', 'REDRAWS', 'hidden', 'module', 'mutant', 'mutants', 'offered', 'plain', 'smaller', 'visible']

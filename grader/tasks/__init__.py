"""Test cases per task (perceptron, averaged, update, classify): a registry; each module draws its own families.

The rest of the grader imports this face: `visible(a)`, `hidden(a, seed)` and `reference(a, case, X, y)`.
"""

from __future__ import annotations

from dataclasses import replace

from grader.assignments import Assignment
from grader.cases import Case, DrawFailed, Expected, make_case, EXACT_VARIANTS, offered, run_variant
from grader.tasks import averaged, classify, training, update

TASKS = {"perceptron": training, "averaged": averaged, "update": update, "classify": classify}
plain = training.plain  # the seeds' algorithm as written (default and column assignments): exact variants, plain words


def visible(a: Assignment) -> tuple[Case, ...]:
    """Every function's visible cases, in the order the functions are listed."""
    return tuple(c for f in a.functions for c in TASKS[f.task].visible(a, f))


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


def _family(a: Assignment, f, seed: str) -> list[Case]:
    for attempt in range(REDRAWS + 1):
        try:
            cases = TASKS[f.task].hidden(a, f, seed if not attempt else f"{seed}\x00redraw-{attempt}")
        except DrawFailed:
            continue
        if cases:  # every drawn case may also have been unfit for the convention (e.g. data that never stop)
            return cases
    return []


def smaller(a: Assignment, case: Case, cid: str, X, y, cert, seconds: float) -> Case | None:
    """A smaller version of a training case (for shrinking), with its convention's exact result."""
    f = a.spec(case.function) if case.function else a.primary
    if f.task != "perceptron" or f.method:
        return None
    if training.plain(a, f):
        return make_case(cid, case.family, True, X, y, case.offset, case.max_epochs, cert, seconds)
    exp = training.expected(f, X, y, case.offset, case.max_epochs, case.step, case.start)
    if exp is None:
        return None
    return Case(case_id=cid, family=case.family, tags=case.tags, visible=True, title=case.title, X=tuple(X),
                y=tuple(y), offset=case.offset, max_epochs=case.max_epochs, expected=exp, certificate=cert,
                seconds=seconds, function=case.function, step=case.step, start=case.start)


def mutants(a: Assignment, case: Case) -> tuple[tuple[str, Expected], ...]:
    """Each offered mistake's exact output on a case (the seeds' set for the default and column assignments)."""
    f = a.spec(case.function) if case.function else a.primary
    if training.plain(a, f):
        return tuple((name, run_variant(v, case.X, case.y, case.offset, case.max_epochs)) for name, v in EXACT_VARIANTS)
    if f.convention.by_property:
        return ()
    out = []
    for name, knobs in offered(f):
        if f.task == "classify":
            e = classify.expected(f, case.X, case.start, knobs.tie)
        elif f.task == "update":
            e = update.expected(f, case.X, case.y, case.start, case.step, knobs)
        else:
            e = training.expected(f, case.X, case.y, case.offset, case.max_epochs, case.step, case.start,
                                  average=f.task == "averaged", knobs=knobs, record=False)
        if e is not None:
            out.append((name, e))
    return tuple(out)


__all__ = ['Assignment', 'Case', 'EXACT_VARIANTS', 'Expected', 'averaged', 'classify', 'make_case', 'offered',
    'run_variant', 'training', 'update']

"""Compound bugs: where no single classic mistake explains a function's failures, two of them built in together."""

from __future__ import annotations

import dataclasses
import functools
import itertools
from typing import Mapping, Sequence

from grader import tasks
from grader.assignments import Assignment
from grader.cases import Case, EXACT_VARIANTS, catalogue, run_variant
from grader.judging import Verdict, spec_of
from grader.diagnosis.matching import _same, _same_expected
from grader.diagnosis.finding import Finding, finding
from grader.diagnosis.wording import words

MAX_PAIRS = 600  # pairs tried per function (the offered mistakes number at most 35 variants: all 595 pairs fit)


def _singles(a: Assignment, f) -> list[tuple[str, object]]:
    if tasks.plain(a, f):
        return list(EXACT_VARIANTS)
    return list(tasks.offered(f))


def _merge(k1, k2):
    """Both switches at once, or None when they set the same switch (two answers to one question)."""
    default = type(k1)()
    changes = {}
    for field in dataclasses.fields(k1):
        v1, v2, d = getattr(k1, field.name), getattr(k2, field.name), getattr(default, field.name)
        if v1 != d and v2 != d:
            return None
        if v1 != d or v2 != d:
            changes[field.name] = v1 if v1 != d else v2
    return dataclasses.replace(default, **changes)


@functools.lru_cache(maxsize=1 << 14)
def _output(a: Assignment, case: Case, knobs):
    """The pair's exact answer on a case (cached: the suite's cases are the same for every submission)."""
    f = spec_of(a, case)
    if tasks.plain(a, f):
        return run_variant(knobs, case.X, case.y, case.offset, case.max_epochs)
    return tasks.mutant(f, case, knobs)


def pair(a: Assignment, cases: Sequence[Case], failed: Sequence[Case], verdicts: Mapping[str, Verdict]) -> Finding | None:
    """Two offered mistakes that, built in together, give exactly what came back on every failed case and the
    reference's answer on every small case the function passed."""
    f = spec_of(a, cases[0])
    if f.method or f.convention.by_property or not failed:
        return None
    if any(c.check != "result" or "large" in c.tags or verdicts[c.case_id].status != "wrong"
           or not verdicts[c.case_id].answer.ok for c in failed):
        return None
    passed = [c for c in cases if verdicts[c.case_id].passed and c.check == "result" and "large" not in c.tags]
    singles = _singles(a, f)
    tried = 0
    for (n1, k1), (n2, k2) in itertools.combinations(singles, 2):
        both = None if n1 == n2 else _merge(k1, k2)
        if both is None:
            continue
        tried += 1
        if tried > MAX_PAIRS:
            break
        if _explains(a, failed, passed, verdicts, both):
            return pair_finding(a, cases, failed, n1, n2)
    return None


def _cost(c: Case) -> int:
    return len(c.X) * (c.max_epochs or 1)


def _explains(a, failed, passed, verdicts, knobs) -> bool:
    """Cheapest cases first: most pairs fail on the first."""
    for c in sorted(failed, key=_cost):
        e = _output(a, c, knobs)
        if e is None or not _same(a, c, verdicts[c.case_id].answer, e):
            return False
    for c in sorted(passed, key=_cost):
        e = _output(a, c, knobs)
        if e is None or not _same_expected(a, c, e):
            return False
    return True


def pair_finding(a, cases, failed, n1: str, n2: str) -> Finding:
    cat = catalogue(a, spec_of(a, cases[0]))
    title, hint = words("pair", first=cat[n1], second=cat[n2])
    return finding(a, cases, f"{n1}+{n2}", tuple(c.case_id for c in failed), "mistake", title, hint)

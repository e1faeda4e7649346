"""Shrink a failing visible case to a minimal failing dataset, from the student's outcomes on smaller datasets."""

from __future__ import annotations

import functools
from dataclasses import dataclass
from fractions import Fraction
from typing import Callable, Sequence

from exercises.core import decide
from grader import tasks
from grader.assignment import Assignment
from grader.cases import Case

MAX_ROUNDS = 1
MAX_CASES = 3  # failing visible cases shrunk per submission
CANDIDATE_SECONDS = 0.5  # per candidate: they are tiny
MAX_CANDIDATES = 32


@dataclass(frozen=True)
class Shrunk:
    """A smaller case on which the student's code still fails, with how many reruns it took."""

    case: Case
    verdict: object  # the Verdict on the smaller case
    reruns: int


def _variant(a: Assignment, case: Case, X, y, k: int) -> Case | None:
    if not X or (tuple(X), tuple(y)) == (case.X, case.y):
        return None
    dec = decide(X, y, case.offset)
    return tasks.smaller(a, case, f"{case.case_id}.s{k}", tuple(X), tuple(y), dec.certificate,
                         min(case.seconds, CANDIDATE_SECONDS))


@functools.lru_cache(maxsize=1024)
def candidates(case: Case, a: Assignment) -> tuple[Case, ...]:
    """Smaller datasets: each single point (as is and rounded toward zero), one point fewer, all coordinates
    rounded toward zero, or halved (exact).

    Cached: every submission that fails a visible case meets the same candidates.
    """
    X, y, out = list(case.X), list(case.y), []
    if len(X) > 2:
        for i in range(len(X)):
            out.append(_variant(a, case, X[i:i + 1], y[i:i + 1], len(out)))
    for i in range(len(X)):
        out.append(_variant(a, case, [tuple(Fraction(int(v)) for v in X[i])], y[i:i + 1], len(out)))
    for i in range(len(X)):
        out.append(_variant(a, case, X[:i] + X[i + 1:], y[:i] + y[i + 1:], len(out)))
    rounded = [tuple(Fraction(int(v)) for v in row) for row in X]
    out.append(_variant(a, case, rounded, y, len(out)))
    if any(abs(v) > 1 for row in X for v in row):
        halved = [tuple(v / 2 if v.denominator <= 8 else v for v in row) for row in X]
        out.append(_variant(a, case, halved, y, len(out)))
    return tuple(c for c in out if c is not None)[:MAX_CANDIDATES]


def shrink_probes(visible: Sequence[Case], a: Assignment) -> tuple[Case, ...]:
    """Every candidate of every visible case that can be shrunk (their arguments are built once per suite)."""
    return tuple(cand for c in visible if c.check == "result" and len(c.X) > 1 for cand in candidates(c, a))


def _size(case: Case) -> tuple:
    """Fewer points first, then fewer non-integer coordinates, then smaller coordinates."""
    coords = [v for row in case.X for v in row]
    return (len(case.X), sum(v.denominator != 1 for v in coords), sum(abs(v) for v in coords))


def shrink(failing: Sequence[Case], rerun: Callable[[list[Case]], dict], fails: Callable[[Case, object], object],
           a: Assignment) -> dict[str, Shrunk]:
    """Shrink several failing cases together: each round looks up the student's outcomes on all candidates.

    `rerun(cases)` returns {case_id: outcome} (the grader runs all candidates of a round in one sandboxed
    child); `fails(case, outcome)` returns a failing Verdict or None.
    """
    current = {c.case_id: c for c in list(failing)[:MAX_CASES]}
    found: dict[str, Shrunk] = {}
    reruns = 0
    for _ in range(MAX_ROUNDS):
        pool = {cid: candidates(c, a) for cid, c in current.items()}
        batch = [cand for cands in pool.values() for cand in cands]
        if not batch:
            break
        outcomes = rerun(batch)
        reruns += 1
        moved = {}
        for cid, cands in pool.items():
            bad = [(c, v) for c in cands if (v := fails(c, outcomes.get(c.case_id))) is not None]
            best, verdict = min(bad, key=lambda cv: _size(cv[0])) if bad else (None, None)
            if best is not None and _size(best) < _size(current[cid]):
                moved[cid] = best
                found[cid] = Shrunk(best, verdict, reruns)
        if not moved:
            break
        current = moved
    return found

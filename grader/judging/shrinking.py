"""Shrink a failing visible case to a minimal failing dataset, from the student's outcomes on smaller datasets."""

from __future__ import annotations

import functools
from dataclasses import dataclass
from fractions import Fraction
from typing import Callable, Sequence

from rosenblatt.core import decide
from grader import tasks
from grader.assignments import Assignment
from grader.cases import Case

MAX_CASES = 3  # failing visible cases shrunk per submission
FIRST_TRY = 4  # the smallest candidates per case run first; the others only for a case none of them shrank
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


@functools.lru_cache(maxsize=1024)
def by_size(case: Case, a: Assignment) -> tuple[Case, ...]:
    """The candidates smaller than the case itself, smallest first (ties keep their order); cached like them."""
    own = _size(case)
    sized = [(c, _size(c)) for c in candidates(case, a)]
    return tuple(c for c, size in sorted(sized, key=lambda cs: cs[1]) if size < own)


def shrink(failing: Sequence[Case], rerun: Callable[[list[Case]], dict], fails: Callable[[Case, object], object],
           a: Assignment) -> dict[str, Shrunk]:
    """Shrink several failing cases together to their smallest failing candidate.

    `rerun(cases)` returns {case_id: outcome} (the grader runs a round's candidates in the submission's child);
    `fails(case, outcome)` returns a failing Verdict or None. The FIRST_TRY smallest candidates of every case run
    in one round, and the rest in a second round only for the cases none of them shrank: the answer is the same
    as running them all (the smallest failing candidate), for a fraction of the runs when the smallest fail.
    """
    pool = {c.case_id: by_size(c, a) for c in list(failing)[:MAX_CASES]}
    found: dict[str, Shrunk] = {}
    for reruns, part in enumerate((slice(0, FIRST_TRY), slice(FIRST_TRY, None)), 1):
        batch = {cid: cands[part] for cid, cands in pool.items() if cid not in found and cands[part]}
        if not batch:
            break
        outcomes = rerun([cand for cands in batch.values() for cand in cands])
        for cid, cands in batch.items():
            for cand in cands:  # smallest first: the first that fails the same way is the answer
                verdict = fails(cand, outcomes.get(cand.case_id))
                if verdict is not None:
                    found[cid] = Shrunk(cand, verdict, reruns)
                    break
    return found

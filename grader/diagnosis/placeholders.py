"""Placeholders: graded functions that are still the course template's stub, read from what every failed call
returned (its start unchanged, or zeros whatever the input), checked before any mutant could pass for them."""

from __future__ import annotations

from typing import Any, Mapping, Sequence

import numpy as np

from grader.cases import Case


def failed_results(cases: Sequence[Case], verdicts: Mapping[str, Any]) -> list[Case]:
    """The failed cases that are judged by the values they return (not the mutation or interface checks)."""
    return [c for c in cases if c.case_id in verdicts and not verdicts[c.case_id].passed and c.check == "result"]


def returned_failures(cases: Sequence[Case], verdicts: Mapping[str, Any]) -> list[Case]:
    """The failed cases judged by their values, less those that ran out of time: what a rule about the returned
    values reads (a loop that never ends on some data, through the origin say, says nothing of what it returns)."""
    return [c for c in failed_results(cases, verdicts) if verdicts[c.case_id].status != "timeout"]


def placeholder(f, cases: Sequence[Case], outcomes: Mapping[str, Any], verdicts: Mapping[str, Any],
                facts: Mapping) -> tuple[str, tuple[str, ...]] | None:
    """(how, the failed cases it accounts for) for a function that is still a placeholder, or None.

    how: `zeros` or `unchanged` (a training function with no loop that returns θ = 0, or the weights it was given),
    `unchanged-update` (an update that returned the weights it was given on every case, all of which must change
    them), `zeros-predictions` (a classify function that returned only zeros)."""
    failed = failed_results(cases, verdicts)
    if not failed or f.method or any(outcomes[c.case_id].status != "returned" for c in failed):
        return None
    values = [flat(value_of(outcomes[c.case_id])) for c in failed]
    if any(v is None for v in values):
        return None
    ids = tuple(c.case_id for c in failed)
    if f.trains and f.name in (facts.get("signatures") or {}) \
            and f.name not in facts.get("trains", {f.name}):
        if all(_at(v, c) for v, c in zip(values, failed)):
            given = any(c.start is not None and any(c.start[0]) for c in failed)
            return ("unchanged" if given else "zeros"), ids
    moving = [c for c in cases if c.check == "result" and c.start is not None and _moves(c)]
    if f.single_step and all(c.start is not None and _at(v, c) and _moves(c) for v, c in zip(values, failed)) \
            and all(c.case_id in ids for c in moving):  # it passed no case that needs an update
        return "unchanged-update", ids
    if f.predicts and all(v and not any(v) for v in values):
        return "zeros-predictions", ids
    return None


def value_of(outcome: Any) -> Any:
    """What a call returned (the result of a call whose helper was recorded)."""
    v = outcome.value
    return v["result"] if type(v) is dict and "result" in v else v


MAX_NUMBERS = 100_000


def flat(value: Any) -> list[float] | None:
    """The numbers a returned value holds, in order (nested tuples, lists and arrays flattened), or None when it
    holds anything else, more than MAX_NUMBERS numbers, or numbers no float can hold (the student's value is data:
    nothing of it is trusted)."""
    out: list[float] = []
    if not _walk(value, out, 0):
        return None
    return out


def _walk(value: Any, out: list[float], depth: int) -> bool:
    if depth > 8 or len(out) > MAX_NUMBERS:
        return False
    if isinstance(value, np.ndarray):
        if value.dtype.kind not in "iufb" or value.size > MAX_NUMBERS:
            return False
        try:
            out += [float(x) for x in value.ravel()]
        except OverflowError:
            return False
        return True
    if isinstance(value, (tuple, list)):
        return all(_walk(v, out, depth + 1) for v in value)
    if isinstance(value, (bool, int, float, np.integer, np.floating)):
        try:
            out.append(float(value))
        except OverflowError:
            return False
        return np.isfinite(out[-1])
    return False


def _at(numbers: list[float], c: Case) -> bool:
    """The numbers are where the call started: θ = 0 (and θ₀ = 0, if returned), or the (θ, θ₀) the case gave."""
    theta, theta0 = c.start if c.start is not None else ((0,) * len(c.X[0]), 0)
    start = [float(v) for v in theta]
    return numbers == start or numbers == start + [float(theta0)] or (not any(start) and numbers
                                                                     and not any(numbers) and not theta0)


def _moves(c: Case) -> bool:
    """The reference's update changes the weights on this case (a mistake or a tie)."""
    e = c.expected
    return e.theta is not None and tuple(e.theta) != tuple(c.start[0])

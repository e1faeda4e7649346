"""The elementwise probes of a single step: a test on y(θ*x + θ₀) as an array, read on calls that update.

From θ = (3, 3), θ₀ = −3 with label +1: on (1, 1), y(θ·x + θ₀) = 3 (no mistake, and no margin up to 3 makes it one),
but every θᵢxᵢ + θ₀ is 0, so a test on the elementwise product (`np.linalg.norm(y*(θ*x + θ₀)) <= 0`,
`np.all(... <= 0)`, `np.any(... <= 0)`) updates; on (2, 2) every θᵢxᵢ + θ₀ is 3 and none of those tests updates,
while a step that always updates does. Read even where every graded call returned a placeholder (a real 6.86x
update set its result only inside that test), since the first probe's call does update.
"""

from __future__ import annotations

from dataclasses import replace
from fractions import Fraction
from typing import Any, Mapping, Sequence

from rosenblatt.core import decide
from grader import tasks
from grader.assignments import Knobs
from grader.cases import Case
from grader.judging import show, spec_of
from grader.diagnosis.finding import Finding, finding
from grader.diagnosis.wording import words

F = Fraction
START = ((F(3), F(3)), F(-3))
POINTS = {"elementwise": (F(1), F(1)), "elementwise-plain": (F(2), F(2))}  # each with label +1


def probes(f, base: Case, seconds: float) -> list[tuple[str, Case]]:
    """(kind, case) of both probes, for a single step called from given weights with a separate offset that updates
    on mistakes only (where it may always update, an update on a point that is no mistake is allowed), on data of
    2 features (the course's, or any); none where the reference updates on either."""
    c = f.convention
    if not f.single_step or base.start is None or not base.offset or c.bias != "separate" or c.zero_one \
            or c.update != "on-mistake" or c.by_property or c.features not in ("any", 2):
        return []
    out = []
    for kind, x in POINTS.items():
        probe = replace(base, case_id=f"{f.name or 'f'}.probe-{kind}", X=(x,), y=(1,), start=START, seconds=seconds,
                        twin="", visible=True, certificate=decide((x,), (1,), True).certificate)
        e = tasks.mutant(f, probe, Knobs())
        if e is None or (e.theta, e.theta0) != START:
            return []
        out.append((kind, replace(probe, expected=e)))
    return out


def finding_of(a, first, plain, verdicts: Mapping[str, Any], mine: Sequence[Case]) -> Finding | None:
    """The step returned exactly the update on the first probe and anything else (its weights, a placeholder) on the
    second: its mistake test reads θ*x elementwise."""
    if first is None or plain is None:
        return None
    v, back = verdicts.get(first.case.case_id), verdicts.get(plain.case.case_id)
    got = v.answer if v is not None and v.answer is not None and v.answer.ok else None
    if got is None or back is None or back.status not in ("passed", "wrong", "malformed"):
        return None  # the second probe must have returned
    if (got.theta, got.theta0) != _updated(a, first.case) or (
            back.answer is not None and back.answer.ok
            and (back.answer.theta, back.answer.theta0) == _updated(a, plain.case)):
        return None
    theta, theta0 = first.case.start
    fn = spec_of(a, first.case).name
    title, hint = words("elementwise-score", fn=fn, theta=a.term("theta"), theta0=a.term("theta0"),
                        start=show(theta), start0=str(theta0), point=show(first.case.X[0]), got=show(got.theta),
                        got0=str(got.theta0), other=show(plain.case.X[0]))
    return finding(a, mine, "elementwise-score", (), "probe", title, hint)


def _updated(a, case: Case) -> tuple:
    """(θ, θ₀) after the update on the case's point: θ + ηyx, θ₀ + ηy."""
    step = case.step if case.step is not None else spec_of(a, case).convention.steps[0]
    (theta, theta0), x, y = case.start, case.X[0], case.y[0]
    return tuple(t + step * y * v for t, v in zip(theta, x)), theta0 + step * y

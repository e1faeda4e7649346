"""Shape facts: a training function that returns the same number of weights whatever the number of features (a
slice such as `w[:2]` written for the course's 2-D examples), or the augmented weights with the bias still in them
where the course returns it apart."""

from __future__ import annotations

from typing import Any, Mapping, Sequence

from grader.assignments import Assignment
from grader.cases import Case
from grader.judging.calling import spec_of
from grader.judging.finding import Finding, finding
from grader.judging.placeholders import flat, value_of
from grader.judging.wording import words


def fixed_length(a: Assignment, cases: Sequence[Case], outcomes: Mapping[str, Any],
                 verdicts: Mapping[str, Any]) -> Finding | None:
    """Every case that came back malformed (at least two) had θ of d + 1 entries where the bias is returned apart (it
    is still inside), or θ of one length k, the wrong one for its data, on data of at least two numbers of features.
    The finding accounts for those cases; any others are diagnosed on their own."""
    f = spec_of(a, cases[0])
    if f.task not in ("perceptron", "averaged") or f.method or "theta" not in f.returns:
        return None
    failed = [c for c in cases if c.case_id in verdicts and verdicts[c.case_id].status == "malformed"]
    if len(failed) < 2:
        return None
    if f.convention.bias == "separate" and all(c.expected.theta is not None and
                                               _length(f, outcomes[c.case_id]) == len(c.expected.theta) + 1
                                               for c in failed):
        title, hint = words("bias-left-in", fn=f.name, theta=a.term("theta"), theta0=a.term("theta0"))
        return finding(a, cases, "bias-left-in", tuple(c.case_id for c in failed), "structure", title, hint)
    lengths = {_length(f, outcomes[c.case_id]) for c in failed}
    widths = {len(c.expected.theta) for c in failed if c.expected.theta is not None}
    k = next(iter(lengths))
    if len(lengths) != 1 or k is None or len(widths) < 2 or k in widths:
        return None
    dims = sorted({len(c.X[0]) for c in failed})
    title, hint = words("fixed-length", fn=f.name, k=k, dims=dims, theta=a.term("theta"))
    return finding(a, cases, "fixed-length", tuple(c.case_id for c in failed), "structure", title, hint)


def _length(f, outcome: Any) -> int | None:
    """How many numbers the returned θ holds (None when the value is not the course's tuple)."""
    if outcome.status != "returned":
        return None
    value = value_of(outcome)
    if len(f.returns) > 1:
        if not isinstance(value, (tuple, list)) or len(value) != len(f.returns):
            return None
        value = value[f.returns.index("theta")]
    numbers = flat(value)
    return len(numbers) if numbers is not None else None

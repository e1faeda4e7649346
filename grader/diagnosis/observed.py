"""When nothing explains a function's failures: what was observed, with the evidence (visible cases in full,
hidden ones by family and how they failed, never their data)."""

from __future__ import annotations

from typing import Mapping, Sequence

from grader.assignments import Assignment
from grader.cases import Case
from grader.judging import FAILED_RUN, Verdict, expected_values, show_row, spec_of
from grader.diagnosis.finding import Finding, finding
from grader.diagnosis.wording import words

HOW = {**FAILED_RUN, "wrong": "returned wrong values", "malformed": "returned values of the wrong kind",
       "mutated": "changed its inputs", "hook": "called the hook with other than one argument"}
MAX_VISIBLE = 2


def _pairs(a: Assignment, f, fields, values) -> str:
    names = [a.term(x) if x in ("theta", "theta0") else x for x in fields]
    return ", ".join(f"{n} = {v}" for n, v in zip(names, show_row(values)))


def _visible(a: Assignment, c: Case, v: Verdict) -> str:
    f = spec_of(a, c)
    where = f"visible case {c.case_id} ({c.title})"
    fields = tuple(x for x in v.wrong if x in ("theta", "theta0", "converged", "mistakes"))
    if v.status == "wrong" and fields and v.answer is not None and not f.method and f.trains:
        got = [getattr(v.answer, x) for x in fields]
        want = list(expected_values(c.expected, fields))
        return words("observed-case", case=where, returned=_pairs(a, f, fields, got),
                     expected=_pairs(a, f, fields, want))[1]
    return words("observed-case", case=where, returned="", message=v.message)[1]


def observed(a: Assignment, cases: Sequence[Case], failed: Sequence[Case], verdicts: Mapping[str, Verdict]) -> Finding:
    """The evidence of a function's failures that no mistake accounts for."""
    f = spec_of(a, cases[0])
    evidence = [_visible(a, c, verdicts[c.case_id]) for c in failed if c.visible][:MAX_VISIBLE]
    by_family: dict[str, list[str]] = {}
    for c in failed:
        if not c.visible:
            by_family.setdefault(c.family, []).append(HOW.get(verdicts[c.case_id].status, verdicts[c.case_id].status))
    for family, how in by_family.items():
        evidence.append(words("observed-hidden", family=family, count=len(how),
                              statuses=list(dict.fromkeys(how)))[1])
    title, hint = words("observed", fn=f.name, failed=len(failed), evidence=evidence)
    return finding(a, cases, "unexplained", tuple(c.case_id for c in failed), "observed", title, hint,
                   tuple(evidence))

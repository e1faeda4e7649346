"""Diagnose each graded function on its own cases: structural facts first, then the one classic mistake (or pair
of them) that accounts for every failed case, then what probes showed, else the evidence of what was observed."""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Any, Mapping, Sequence

from grader.assignments import Assignment
from grader.cases import Case, catalogue
from grader.diagnosis import compound, free_order
from grader.judging import Verdict, spec_of
from grader.diagnosis.matching import MutantTable, case_explanations, contradictions, twin_names, _big
from grader.diagnosis.finding import Finding, finding
from grader.diagnosis.observed import observed
from grader.diagnosis.structure import structural
from grader.diagnosis.uniform import uniform_failure
from grader.diagnosis.wording import words


ACCOUNTS = {"no-stop": "timeout"}  # the failures a probe's finding accounts for (the others: wrong values)
# Probe findings said beside a structural one that accounts for every failure (a placeholder returned where no update
# ran hides the mistake test, which the elementwise probes read on calls that do update)
BESIDE = {"elementwise-score"}


def diagnose(a: Assignment, cases: Sequence[Case], outcomes: Mapping[str, Any], verdicts: Mapping[str, Verdict],
             table: MutantTable, facts: Mapping | None = None, probed: Sequence[Finding] = ()) -> tuple[Finding, ...]:
    """Per graded function, in the assignment's order: what explains its failures (nothing for a function that
    passed every case). `facts`: the file's definitions; `probed`: findings of the probes that ran."""
    out: list[Finding] = []
    for f in a.functions:
        mine = [c for c in cases if spec_of(a, c) is f]
        if mine:
            out += _function(a, mine, outcomes, verdicts, table, facts or {},
                             [p for p in probed if p.function == f.name])
    return _merged(out)


def _merged(found: list[Finding]) -> tuple[Finding, ...]:
    """One finding per mistake: the same mistake in several functions is named once, with all their cases."""
    out: dict[tuple, Finding] = {}
    for x in found:
        key = (x.name, x.kind, x.title) if x.kind == "mistake" or x.name in ("python2", "old-numpy") else (x.name, x.kind, x.function)
        if key in out:
            y = out[key]
            out[key] = replace(y, cases=y.cases + x.cases, families=y.families + x.families,
                               function=f"{y.function}, {x.function}")
        else:
            out[key] = x
    rank = {"structure": 0, "mistake": 1, "probe": 2, "observed": 3}  # evidence without a diagnosis comes last
    return tuple(sorted(out.values(), key=lambda x: rank[x.kind]))


def _function(a, mine, outcomes, verdicts, table, facts, probed) -> list[Finding]:
    failed = [c for c in mine if not verdicts[c.case_id].passed and verdicts[c.case_id].status != "not-run"]
    out: list[Finding] = _hook_calls(a, mine, verdicts)
    if not failed:
        return out
    s = structural(a, mine, outcomes, facts, verdicts)
    if s is not None and s.name == "stub" and any(p.name in BESIDE for p in probed):
        s = None  # it updated on a probe: no stub, its mistake test fires elsewhere than it should
    if s is not None:
        out.append(s)
    mutated = [c for c in mine if verdicts[c.case_id].status == "mutated"]
    if mutated and any(getattr(outcomes[c.case_id], "mutated", False) for c in mine):
        out.append(_mutation(a, mine, mutated, outcomes))
    # cases judged by their values, and any case that ran out of time or raised (a course's cap tested on data that
    # never separate is an interface check: its time-out or exception is still the behaviour to explain)
    rest = [c for c in failed if (c.check == "result" or verdicts[c.case_id].status in ("timeout", "raised"))
            and (s is None or c.case_id not in s.cases) and not _large_value(c, verdicts[c.case_id])]
    if not rest:
        return out + [p for p in probed if p.name in BESIDE]
    per_case = explanations(a, mine, outcomes, verdicts, table)
    named = covering(a, mine, rest, per_case, table, verdicts) or _random(a, mine, rest, verdicts, facts) \
        or compound.pair(a, mine, rest, verdicts) or uniform_failure(a, mine, outcomes, verdicts, facts) \
        or _too_slow(a, mine, rest, verdicts) or _no_cap(a, mine, rest, verdicts, probed)
    if named is not None:
        return out + [named]
    out += probed
    accounted = {ACCOUNTS.get(p.name, "wrong") for p in probed}
    if not probed or any(verdicts[c.case_id].status not in accounted for c in rest):
        out.append(observed(a, mine, rest, verdicts))
    return out


def explanations(a: Assignment, cases: Sequence[Case], outcomes: Mapping[str, Any],
                 verdicts: Mapping[str, Verdict], table: MutantTable) -> dict[str, set[str]]:
    """Per case of ONE function, the mistakes that would produce what came back (a crash on n = 1 counts only when
    this function returned on some case with more than one point)."""
    elsewhere = any(outcomes[c.case_id].status == "returned" for c in cases if len(c.X) > 1)
    per_case = {c.case_id: case_explanations(a, c, outcomes[c.case_id], verdicts[c.case_id], table, elsewhere)
                for c in cases}
    for cid, names in twin_names(a, cases, verdicts).items():
        per_case[cid] |= names
    return free_order.widened(spec_of(a, cases[0]), cases, verdicts, per_case) if cases else per_case


def covering(a: Assignment, cases: Sequence[Case], failed: Sequence[Case], per_case: Mapping[str, set[str]],
             table: MutantTable, answers: Mapping[str, Verdict] | None = None) -> Finding | None:
    """The one mistake that explains EVERY failed case of the function and contradicts none it passed (`answers`:
    the verdicts, for the rules that read what a passed case returned)."""
    if not failed:
        return None
    common = set.intersection(*(set(per_case[c.case_id]) for c in failed))
    if not common:
        return None
    verdicts = {c.case_id: _Passed(c.case_id not in {x.case_id for x in failed}) for c in cases}
    bad = contradictions(cases, verdicts, table) | free_order.contradicted(spec_of(a, cases[0]), cases,
                                                                           {c.case_id for c in failed}, answers)
    rank = {n: k for k, n in enumerate(catalogue())}  # the catalogue's order
    keys = sorted((key for key in common if bad.get(key, 0) == 0 and (key.split("#")[0] in rank or "+" in key)),
                  key=lambda key: (rank.get(key.split("#")[0], len(rank)), key))
    if not keys:
        return None
    name = keys[0].split("#")[0]  # one variant of a mistake (one pass more, one branch) explains every failure
    if "+" in name:  # a rule that recognises two mistakes at once
        return compound.pair_finding(a, cases, failed, *name.split("+"))
    return finding(a, cases, name, tuple(c.case_id for c in failed))


@dataclass(frozen=True)
class _Passed:
    passed: bool


def _random(a: Assignment, mine: Sequence[Case], rest: Sequence[Case], verdicts, facts) -> Finding | None:
    """The same case answered twice differently (twin cases, or a visible case run again by a probe): the code is
    random, which accounts for any wrong value."""
    conv = spec_of(a, mine[0]).convention
    if conv.by_property or conv.order == "free":
        return None  # randomness is allowed there
    twins = twin_names(a, mine, verdicts)
    again = spec_of(a, mine[0]).name in facts.get("random", ())
    if not (twins or again) or any(verdicts[c.case_id].status not in ("wrong", "timeout") for c in rest):
        return None
    big = any(_big(verdicts[c.case_id].answer) for c in rest if verdicts[c.case_id].answer is not None)
    name = "random-start" if big or "random-start" in set().union(*twins.values()) else "shuffled-order"
    return finding(a, mine, name, tuple(c.case_id for c in rest))


def _hook_calls(a: Assignment, mine: Sequence[Case], verdicts) -> list[Finding]:
    """The hook called with other than one argument (the course passes one tuple, (th, th0)): the course's own
    hook would raise, even where every value is right."""
    arities = {k for c in mine if verdicts[c.case_id].answer is not None
               for k in verdicts[c.case_id].answer.hook_arities}
    if not arities - {1}:
        return []
    f = spec_of(a, mine[0])
    title, hint = words("hook-arguments", fn=f.name, hook=a.term("hook"), k=max(arities - {1}),
                        theta=a.term("theta"), theta0=a.term("theta0"))
    return [finding(a, mine, "hook-arguments", (), "structure", title, hint)]


def _too_slow(a: Assignment, mine: Sequence[Case], rest: Sequence[Case], verdicts) -> Finding | None:
    """Every small case right and only large data out of time: a pass costs more than one look at each point."""
    if not rest or any("large" not in c.tags or verdicts[c.case_id].status != "timeout" for c in rest):
        return None
    if any(not verdicts[c.case_id].passed for c in mine if "large" not in c.tags):
        return None
    big = max(rest, key=lambda c: len(c.X))
    f = spec_of(a, mine[0])
    after = _passes_after_clean(mine, verdicts)
    if after is not None:  # it went on after a clean pass on every small case: a fixed number of passes
        title, hint = words("fixed-passes", fn=f.name, n=len(big.X), seconds=f"{big.seconds:g}", after=after)
        return finding(a, mine, "fixed-passes", tuple(c.case_id for c in rest), "structure", title, hint)
    title, hint = words("too-slow", fn=f.name, n=len(big.X), seconds=f"{big.seconds:g}", epochs=big.max_epochs,
                        limit=f.passes("epochs"))
    return finding(a, mine, "too-slow", tuple(c.case_id for c in rest), "structure", title, hint)


AFTER_CLEAN = 5  # passes with no change after the first clean one: a fixed count (a separate check pass makes 1)


def _passes_after_clean(mine: Sequence[Case], verdicts) -> int | None:
    """Where the course module read the weights after each pass (a class API): the fewest passes, over the small
    cases with a clean pass among the passes kept (at least two), that the code made after its first pass with no
    change, if each shows at least AFTER_CLEAN of them (a loop that stops at a clean pass makes none, or one check
    pass)."""
    counts = []
    for c in mine:
        answer = verdicts[c.case_id].answer
        passes = getattr(answer, "passes", None) if "large" not in c.tags else ()
        if passes is None:
            return None
        same = [k for k in range(1, len(passes)) if passes[k] == passes[k - 1]]
        if same:  # (no clean pass among the passes kept: this case says nothing)
            counts.append(len(passes) - 1 - same[0])
    return min(counts) if len(counts) >= 2 and min(counts) >= AFTER_CLEAN else None


def _no_cap(a: Assignment, mine: Sequence[Case], rest: Sequence[Case], verdicts, probed) -> Finding | None:
    """The course caps the passes (an argument or a fixed number), every failure is a time-out on data that never
    separate, and every separable case came back right: the loop runs until a clean pass and ignores the cap (named
    from the cases where no probe has named it)."""
    f = spec_of(a, mine[0])
    if not f.trains or f.convention.epochs == "none" or not (f.passes("epochs") or f.convention.limit) \
            or any(p.name == "no-stop" for p in probed):
        return None
    if any(verdicts[c.case_id].status != "timeout" or c.separable for c in rest):
        return None
    separable = [c for c in mine if c.separable and c.check == "result" and "large" not in c.tags]
    if not separable or any(not verdicts[c.case_id].passed for c in separable):
        return None
    title, hint = words("no-stop", fn=f.name, epochs=a.term("epochs"), limit=f.convention.limit,
                        fixed=not f.passes("epochs"), cases=len(rest), separable=len(separable))
    return finding(a, mine, "no-stop", tuple(c.case_id for c in rest), "probe", title, hint)


def _large_value(c: Case, v: Verdict) -> bool:
    """A large case's wrong value: mutants are compared on the small cases only (the large one tests speed)."""
    return "large" in c.tags and v.status in ("wrong", "malformed")


def _mutation(a: Assignment, mine: Sequence[Case], mutated: Sequence[Case], outcomes) -> Finding:
    f = spec_of(a, mine[0])
    calls = sum(bool(getattr(outcomes[c.case_id], "mutated", False)) for c in mine)
    what = ", ".join(a.term(s) for s in f.arguments if s not in ("epochs", "offset", "step", "hook"))
    title, hint = words("mutates-inputs", fn=f.name, what=what,
                        calls=calls, total=len(mine), theta=a.term("theta"))
    return finding(a, mine, "mutates-inputs", tuple(c.case_id for c in mutated), "probe", title, hint)

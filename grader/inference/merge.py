"""Several references of one course merged into one preset: functions matched by what they do (their task); the
spellings, the update's check and a classifier's tie learned where the references differ; all else must agree."""

from __future__ import annotations

from dataclasses import replace

from grader.inference.model import Decision, Function, Inference, NotAPerceptron

OPEN = "always"  # the single step's check: two correct references that differ leave it open (update: either)
TIE = "tie"  # a classifier's side of a zero score: two correct references that differ leave it untested (avoid)


def merge(found: list[Inference]) -> Inference:
    """One Inference from each reference's: a task's function is the first reference's, with the other references'
    spellings as aliases; `update: either` where one reference's update checks for the mistake and another's does
    not; a classifier's `tie: avoid` where their zero scores differ. Any other difference is refused in one sentence
    naming both references, the function and the field."""
    groups: dict[str, list[tuple[str, Function]]] = {}
    for inf in found:
        seen: dict[str, str] = {}
        for f in inf.functions:
            key = f.task  # a grouping key only: what the task stands for is the shape's (SHAPES)
            if key in seen:
                raise NotAPerceptron(f"probe signature: {inf.reference} has two {key} functions ({seen[key]} "
                                     f"and {f.signature.name}); several references are merged by what each function "
                                     f"does, so name the one to grade with --function")
            seen[key] = f.signature.name
            groups.setdefault(key, []).append((inf.reference, f))
    functions = tuple(_one(group) for group in groups.values())
    helpers = tuple(dict.fromkeys(h for inf in found for h in inf.helpers))
    graded = {n: ref for group in groups.values() for ref, f in group for n in [f.signature.name]}
    skipped = tuple((f"{name} of {inf.reference}", why + (f"; {name} is graded as {graded[name]}'s"
                                                            if name in graded else ""))
                    for inf in found for name, why in inf.skipped)
    return Inference(" + ".join(inf.reference for inf in found), functions, helpers,
                     sum(inf.probes_run for inf in found), skipped)


def _one(group: list[tuple[str, Function]]) -> Function:
    (ref0, first), names = group[0], [group[0][1].signature.name]
    for ref, f in group[1:]:
        _same(ref0, first, ref, f)
        if f.signature.name not in names:
            names.append(f.signature.name)
    decisions = first.decisions
    if len({f.get(OPEN) for _, f in group}) > 1:
        who = ", ".join(f"{ref}'s {f.signature.name} {'does not check' if f.get(OPEN) else 'checks'}"
                        for ref, f in group)
        decisions = _swap(decisions, Decision(OPEN, "either", first.decision(OPEN).probe,
                                              f"the references differ ({who}): the course leaves it open"))
    if first.shape.predicts and len({f.get(TIE) for _, f in group}) > 1:
        who = ", ".join(f"{ref}'s {f.signature.name} {f.get(TIE)}" for ref, f in group)
        decisions = _swap(decisions, Decision(TIE, "avoid", first.decision(TIE).probe,
                                              f"the references differ ({who}): a zero score is not tested"))
    return replace(first, signature=_positional(group), decisions=decisions, aliases=tuple(names[1:]))


def _swap(decisions: tuple[Decision, ...], new: Decision) -> tuple[Decision, ...]:
    return tuple(new if d.field == new.field else d for d in decisions)


def _positional(group: list[tuple[str, Function]]):
    """The first reference's signature, with a parameter that has a default there but none in another reference
    passed by position (as that reference needs; the first takes it so too), where every parameter before it is."""
    sig = group[0][1].signature
    required = {p.slot for _, f in group for p in f.signature.parameters if p.slot and not p.keyword}
    params, prefix = [], True
    for p in sig.parameters:
        prefix = prefix and p.slot is not None and (not p.keyword or p.slot in required)
        params.append(replace(p, keyword=False) if prefix and p.keyword else p)
    return replace(sig, parameters=tuple(params))


def _contract(f: Function) -> dict:
    """What a grading of the function depends on, apart from its spelling, its positional parameters' names and
    whether a parameter has a default (a parameter one reference requires is passed by position: _positional)."""
    sig = f.signature
    out = {"returns": f.returns, "container": f.container, "params": f.params,
           "parameters": tuple(p.slot for p in sig.parameters if p.slot)}
    out.update((d.field, d.value) for d in f.decisions if d.field != OPEN and not (d.field == TIE and f.shape.predicts))
    return out


def _same(ref0: str, f0: Function, ref: str, f: Function) -> None:
    names0 = {p.slot: p.name for p in f0.signature.parameters if p.slot and p.keyword}
    clash = [p for p in f.signature.parameters if p.slot in names0 and p.keyword and p.name != names0[p.slot]]
    if clash:
        raise NotAPerceptron(f"probes disagree: {ref0}'s {f0.signature.name} takes {clash[0].slot} by the name "
                             f"{names0[clash[0].slot]} but {ref}'s {f.signature.name} by the name {clash[0].name}; "
                             f"one preset passes it one way")
    a, b = _contract(f0), _contract(f)
    for field in [*a, *(k for k in b if k not in a)]:
        if a.get(field) != b.get(field):
            raise NotAPerceptron(f"probes disagree: {ref0}'s {f0.signature.name} has {field} {_show(a.get(field))} "
                                 f"but {ref}'s {f.signature.name} has {field} {_show(b.get(field))}; several "
                                 f"references merge only where they agree (they may differ in spelling, in "
                                 f"whether the update checks for a mistake, and in a classifier's tie)")


def _show(value) -> str:
    if value is None:
        return "undecided"
    if isinstance(value, tuple):
        return "(" + ", ".join(str(v) if not isinstance(v, tuple) else "=".join(map(str, v)) for v in value) + ")"
    return str(value)

"""Several references of one course merged into one preset: functions matched by what they do (their task), the
spellings and the update's check learned where the references differ, every other field required to agree."""

from __future__ import annotations

from dataclasses import replace

from grader.inference.model import Decision, Function, Inference, NotAPerceptron

OPEN = "always"  # the one decided field two correct references may differ on: the course then accepts either


def merge(found: list[Inference]) -> Inference:
    """One Inference from each reference's: a task's function is the first reference's, with the other references'
    spellings as aliases; `update: either` where one reference's update checks for the mistake and another's does
    not. Any other difference is refused in one sentence naming both references, the function and the field."""
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
    (ref0, first), names, checks = group[0], [group[0][1].signature.name], {group[0][1].get(OPEN)}
    for ref, f in group[1:]:
        _same(ref0, first, ref, f)
        if f.signature.name not in names:
            names.append(f.signature.name)
        checks.add(f.get(OPEN))
    decisions = first.decisions
    if len(checks) > 1:
        who = ", ".join(f"{ref}'s {f.signature.name} {'does not check' if f.get(OPEN) else 'checks'}"
                        for ref, f in group)
        probe = first.decision(OPEN).probe
        decisions = tuple(d for d in decisions if d.field != OPEN) + (
            Decision(OPEN, "either", probe, f"the references differ ({who}): the course leaves it open"),)
    return replace(first, decisions=decisions, aliases=tuple(names[1:]))


def _contract(f: Function) -> dict:
    """What a grading of the function depends on, apart from its spelling and its positional parameters' names."""
    sig = f.signature
    out = {"returns": f.returns, "container": f.container, "params": f.params,
           "arguments": tuple(p.slot for p in sig.parameters if p.slot and not p.keyword),
           "keywords": tuple((p.name, p.slot) for p in sig.parameters if p.slot and p.keyword)}
    out.update((d.field, d.value) for d in f.decisions if d.field != OPEN)
    return out


def _same(ref0: str, f0: Function, ref: str, f: Function) -> None:
    a, b = _contract(f0), _contract(f)
    for field in [*a, *(k for k in b if k not in a)]:
        if a.get(field) != b.get(field):
            raise NotAPerceptron(f"probes disagree: {ref0}'s {f0.signature.name} has {field} {_show(a.get(field))} "
                                 f"but {ref}'s {f.signature.name} has {field} {_show(b.get(field))}; several "
                                 f"references merge only where they agree (they may differ in spelling, and in "
                                 f"whether the update checks for a mistake)")


def _show(value) -> str:
    if value is None:
        return "undecided"
    if isinstance(value, tuple):
        return "(" + ", ".join(str(v) if not isinstance(v, tuple) else "=".join(map(str, v)) for v in value) + ")"
    return str(value)

"""Harness plans (a call with a hook recorder; a class built and its methods called in turn) and reading their results."""

from __future__ import annotations

from fractions import Fraction
from typing import Any

from grader import tasks
from grader.assignments import Assignment, FunctionSpec, case_seed
from grader.judging.calling import (
    Answer, _flag, _number, build_call, call_plan, data_arrays, interpret, read_part, read_vector, spec_of
)
from grader.cases import Case


def case_input(a: Assignment, case: Case) -> tuple[tuple, dict, dict | None]:
    """Arguments and plan of one case (the plan is None for an assignment's one plain function)."""
    if a.klass is not None:
        return class_input(a, case)
    args, kwargs = build_call(a, case)
    return args, kwargs, call_plan(a, case)


def class_input(a: Assignment, case: Case) -> tuple[tuple, dict, dict]:
    """Construct the class, then call the function's method (and the weights method) in sequence."""
    f, k = spec_of(a, case), a.klass
    Xa, ya = data_arrays(a, case.X, case.y, f)
    args: list = [(), (Xa, ya), ()]  # constructor arguments, the course module's data, no arguments
    more, steps = tasks.module(f).class_steps(a, f, case, Xa, ya, len(args))  # the shape says how it is called
    args += more
    args[0] = (int(Xa.shape[1]),) if "dimensions" in k.init else ()
    plan = {"kind": "class", "name": k.name, "init": 0, "stream": 1, "steps": steps, "values": k.values,
            "weights": k.weights, "seed": case_seed(case.twin or case.case_id)}  # a twin draws its original's start
    return tuple(args), {}, plan


def _vectors(items, d: int) -> tuple:
    return tuple(read_vector(v, d)[0] if v is not None else None for v in items)


def _hooks(records, d: int) -> tuple:
    out = []
    for rec in records:
        if type(rec) is not list or not rec:
            out.append(None)
            continue
        theta = read_vector(rec[0], d)[0]
        theta0 = _number(rec[1]) if len(rec) > 1 else Fraction(0)
        out.append(None if theta is None else (theta, theta0 if theta0 is not None else Fraction(0)))
    return tuple(out)


def _class_answer(f: FunctionSpec, value: dict, d: int) -> Answer:
    kept, passes = value.get("kept"), value.get("passes")
    if type(kept) is not list or type(passes) is not list:
        return Answer(problem="the grader could not read the class's results")
    extra = {"passes": _vectors(passes, d)}
    if f.trains:
        got, problem = read_vector(kept[-1] if kept else None, d)
        return Answer(problem=f"{f.name}'s weights {problem}", **extra) if problem else Answer(theta=got, **extra)
    if f.single_step:
        flags = tuple(_flag(v) for v in kept[0::2])
        states = _vectors(kept[1::2], d)
        if any(v is None for v in flags):
            return Answer(problem=f"{f.name} returned something other than True or False")
        return Answer(theta=states[-1] if states else None, changed=flags, states=states, **extra)
    theta = read_vector(kept[0], d)[0] if kept else None
    preds = []
    for v in kept[1:]:
        got, problem = read_part("predictions", v, d, 1)
        if problem:
            return Answer(problem=f"{f.name} {problem}")
        preds.append(got[0])
    return Answer(theta=theta, predictions=tuple(preds), **extra)


def read(a: Assignment, case: Case, value: Any, order: tuple[str, ...] | None = None) -> Answer:
    """Read what a case returned, through its plan's wrapper when it has one."""
    f = spec_of(a, case)
    d = len(case.start[0]) if f.given_weights and case.start else len(case.expected.theta)
    n = len(case.X)
    if f.method:
        if type(value) is not dict:
            return Answer(problem="the grader could not read the class's results")
        return _class_answer(f, value, d)
    plan = call_plan(a, case)
    if plan and (_hooked(f) or plan.get("spy")):
        if type(value) is not dict or "result" not in value:
            return Answer(problem="the grader could not read the call's results")
        ans = interpret(f, value["result"], d, order, n)
        if not _hooked(f):
            return Answer(**{**ans.__dict__, **_spied(a, value, d)})
        hooks = value.get("hooks") if type(value.get("hooks")) is list else []
        calls = value.get("hook_calls") if type(value.get("hook_calls")) is int else 0
        arities = value.get("hook_arities") if type(value.get("hook_arities")) is list else []
        return Answer(**{**ans.__dict__, "hooks": _hooks(hooks, d), "hook_calls": calls,
                         "hook_arities": tuple(k for k in arities if type(k) is int)})
    return interpret(f, value, d, order, n)


def _spied(a: Assignment, value: dict, d: int) -> dict:
    """The student's update helper's calls, as the updates they made (θ, θ₀ after each call that changed them)."""
    upd = next((g for g in a.functions if g.single_step and not g.method), None)
    records = value.get("spied") if type(value.get("spied")) is list else []
    calls = value.get("spied_calls") if type(value.get("spied_calls")) is int else 0
    if upd is None or not records:
        return {}
    hooks, at = [], []
    for k, rec in enumerate(records):
        if type(rec) is not list or len(rec) != len(upd.arguments) + 1:
            return {}
        slots = dict(zip(upd.arguments, rec[:-1]))
        before = read_vector(slots.get("theta"), d)[0]
        before0 = _number(slots.get("theta0")) if "theta0" in slots else Fraction(0)
        result = tuple(rec[-1]) if type(rec[-1]) is list else rec[-1]  # the spy copies a tuple as a list
        after = interpret(upd, result, d)
        if before is None or not after.ok:
            return {}
        if (after.theta, after.theta0 or 0) != (before, before0 or 0):
            hooks.append((after.theta, after.theta0 or Fraction(0)))
            at.append(k)
    return {"hooks": tuple(hooks), "hook_calls": len(hooks), "helper_calls": calls, "update_calls": tuple(at)}


def _hooked(f: FunctionSpec) -> bool:
    return f.passes("hook")

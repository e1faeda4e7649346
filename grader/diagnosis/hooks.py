"""The student's own trace (what their hook received, or the weights a course module read after each pass) against
the exact reference's, for feedback such as `your first 3 updates match; update 4 differs: ...`."""

from __future__ import annotations

from fractions import Fraction

from grader.judging import Answer, spec_of
from grader.cases import Case
from grader.assignments import augment, run

MAX_POINTS = 200  # traces are recomputed for small visible cases only


def _reference(f, case: Case, passes: bool):
    conv = f.convention
    Xs = augment(case.X, conv.bias) if conv.folded else case.X
    theta, theta0 = case.start if case.start is not None else (None, Fraction(0))
    return Xs, run(Xs, case.y, conv, offset=case.offset and not conv.folded, max_epochs=case.max_epochs,
                   step=case.step, theta=theta, theta0=theta0, record=True, states=passes,
                   average=f.averages)


def _which(f, Xs, y, prev, got, step) -> int | None:
    """The point whose update turns the previous weights into the student's next ones, if any."""
    for i, (x, yi) in enumerate(zip(Xs, y)):
        moved = tuple(a + step * yi * v for a, v in zip(prev[0], x))
        moved0 = prev[1] + step * yi if f.convention.bias == "separate" else prev[1]
        if got[0] == moved and (got[1] == moved0 or f.convention.bias != "separate"):
            return i
    return None


def _value(Xs, y, i: int, state) -> Fraction:
    return y[i] * (sum(a * b for a, b in zip(state[0], Xs[i])) + state[1])


def updates_note(a, case: Case, answer: Answer) -> dict | None:
    """Where the student's sequence of updates (from their hook) first leaves the reference's."""
    f = spec_of(a, case)
    Xs, r = _reference(f, case, passes=False)
    ref = [(u.theta, u.theta0) for u in r.updates]
    got = list(answer.hooks)
    start = case.start or ((Fraction(0),) * len(Xs[0]), Fraction(0))
    if answer.hook_calls == 0:
        if not ref:
            return None
        if answer.theta == tuple(start[0]):
            return {"kind": "none-made", "matched": 0, "expected": len(ref), "expected_point": r.updates[0].index + 1,
                    "expected_value": r.updates[0].value}
        return None if answer.helper_calls else {"kind": "no-hook", "matched": 0, "expected": len(ref)}
    k = 0
    while k < len(ref) and k < len(got) and got[k] is not None and _same(got[k], ref[k], f):
        k += 1
    extra = 1 if f.averages else 0  # an averaged perceptron may also show its average at the end
    if k == len(ref) and len(got) <= len(ref) + extra:
        return None
    n, every = len(case.X), _every_visit(a, answer)
    if k == len(got):
        return _stopped(k, ref, r, answer, n, every)
    prev = ref[k - 1] if k else (tuple(start[0]), start[1])
    step = case.step if case.step is not None else f.convention.steps[0]
    after = k < len(ref)
    note = {"kind": "differs", "matched": k, "index": k + 1, "point": None,
            "pass": answer.update_calls[k] // n + 1 if every and k < len(answer.update_calls) else None,
            "expected_point": r.updates[k].index + 1 if after else None,
            "expected_value": r.updates[k].value if after else None}
    if got[k] is not None:
        i = _which(f, Xs, case.y, prev, got[k], step)
        if i is not None:
            value = _value(Xs, case.y, i, prev)
            note.update(point=i + 1, value=value, mistake=f.convention.mistake(value * case.y[i], case.y[i]))
    return note


def _every_visit(a, answer: Answer) -> bool:
    """The course's single-step update checks for the mistake itself, so it is called on every visit: the helper's
    calls say which pass an update was in."""
    upd = next((g for g in getattr(a, "functions", ()) if g.single_step and not g.method), None)
    return bool(answer.helper_calls) and upd is not None and upd.convention.update == "on-mistake"


def _stopped(k: int, ref: list, r, answer: Answer, n: int, every: bool) -> dict:
    note = {"kind": "stopped", "matched": k, "expected": len(ref)}
    if every and k < len(ref):
        note.update(passes=-(-answer.helper_calls // n), expected_point=r.updates[k].index + 1,
                    expected_value=r.updates[k].value)
    return note


def _same(got, ref, f) -> bool:
    return tuple(got[0]) == tuple(ref[0]) and (f.convention.bias != "separate" or got[1] == ref[1])


def passes_note(a, case: Case, answer: Answer) -> dict | None:
    """Where the weights a course module read after each pass first differ from the reference's."""
    f = spec_of(a, case)
    Xs, r = _reference(f, case, passes=True)
    n = len(case.X)
    ref = [r.states[(p + 1) * n - 1][0] for p in range(len(r.states) // n)]
    got = list(answer.passes)
    k = 0
    while k < len(ref) and k < len(got) and got[k] == ref[k]:
        k += 1
    if k == len(ref) or k == len(got):
        return None
    return {"kind": "pass", "matched": k, "index": k + 1, "got": got[k], "expected": ref[k]}


def note(a, case: Case, answer: Answer | None) -> dict | None:
    """The trace note of a failed visible case, when the student's code reported a trace."""
    if answer is None or not answer.ok or len(case.X) > MAX_POINTS:
        return None
    f = spec_of(a, case)
    if not f.trains or f.convention.by_property:
        return None
    if answer.hooks is not None:
        return updates_note(a, case, answer)
    if answer.passes:
        return passes_note(a, case, answer)
    return None

"""What feedback shows of one visible case: its data and settings in the course's terms, expected vs returned values,
the likely mistakes, the student's own trace against the reference's, and a figure for 2-D data."""

from __future__ import annotations

from rosenblatt.shared import fraction_str, render
from grader.diagnosis import hook_note
from grader.judging import spec_of, show, show_row
from grader import tasks
from grader.reports.figure import figure


def _settings(a, f, case) -> tuple[str, str]:
    """The call's settings, as prose and as `key=value` pairs (the seeds' wording for the default assignment)."""
    if tasks.plain(a, f):
        return (f"offset {'on' if case.offset else 'off'}, max_epochs {case.max_epochs}",
                f"offset={case.offset}   max_epochs={case.max_epochs}")
    conv, parts = f.convention, []
    if conv.bias == "separate" and conv.offset == "choice":
        parts.append(("offset", "on" if case.offset else "off"))
    if f.passes("epochs") and case.max_epochs is not None:
        parts.append((a.term("epochs"), str(case.max_epochs)))
    if case.step is not None and (f.passes("step") or case.step != 1):
        parts.append((a.term("step"), fraction_str(case.step)))
    if case.start is not None:
        parts.append((a.term("theta"), show(tuple(case.start[0]))))
        if conv.bias == "separate":
            parts.append((a.term("theta0"), show(case.start[1])))
    return ", ".join(f"{k} {v}" for k, v in parts), "   ".join(f"{k}={v}" for k, v in parts)


def _data_view(a, f, case) -> dict:
    prose, pairs = _settings(a, f, case)
    labels = [f"{v:+d}" for v in case.y] if not f.convention.zero_one else [str(f.convention.label(v)) for v in case.y]
    return {"X": [[fraction_str(v) for v in row] for row in case.X], "y": labels, "n": len(case.X),
            "d": len(case.X[0]), "offset": case.offset, "max_epochs": case.max_epochs, "settings": prose,
            "pairs": pairs}


def _fields(f, case) -> tuple[str, ...]:
    if f.predicts:
        return ("predictions",)
    if f.single_step and f.method:
        return ("changed", "theta")
    return ("theta",) if f.method else f.returns


def _raw(f, source, field: str, expected: bool):
    if f.single_step and f.method:
        if field == "theta":
            return tuple(s[0] for s in source.states) if expected else source.states
        return source.changed
    if field == "changed" and expected:
        return source.changed[0]
    return getattr(source, field)


def _row(f, source, fields, expected: bool) -> list[str]:
    """One table row: every number in one format (all exact, or all floats when one needs a float)."""
    return show_row([_raw(f, source, k, expected) for k in fields])


def _notes(a, f, case) -> list[str]:
    """Facts of the convention a student needs to read the data (not shown for the seeds' assignments)."""
    conv, out = f.convention, []
    if not f.trains:
        return out
    if conv.folded:
        who = "the grader" if conv.appended_by == "grader" else "you"
        out.append(f"the constant 1 is the {conv.bias} coordinate of every point ({who} append{'s' if who != 'you' else ''} "
                   f"it); {a.term('theta')} has {len(case.X[0]) + 1} entries")
    if conv.order == "npfl129":
        out.append("points visited in the order of generator.permutation(n), drawn anew at the start of each pass "
                   "(generator = np.random.RandomState(args.seed), --seed 42)")
    elif conv.order not in ("fixed", "free"):
        out.append(f"points visited in the order {conv.order}({len(case.X)}) on every pass")
    return out


def _shown(note: dict | None) -> dict | None:
    """A trace note with its numbers written out for the template."""
    if note is None:
        return None
    note = {"matched": 0, "index": 0, "point": None, "mistake": False, "value": None, "expected_point": None,
            "expected_value": None, "got": None, "expected": None, "pass": None, "passes": None, **note}
    out = {k: (show(v) if k in ("value", "expected_value", "got", "expected") and not isinstance(v, int) else v)
           for k, v in note.items()}
    out["positive"] = note.get("value") is not None and note["value"] > 0
    return out


def visible_view(a, r, found: dict) -> dict:
    """One visible case: its (shrunk) data, expected vs returned, named mistakes and a figure for 2-D data."""
    shown, verdict = (r.shrunk.case, r.shrunk.verdict) if r.shrunk else (r.case, r.verdict)
    f = spec_of(a, shown)
    e, got = shown.expected, verdict.answer
    fields = _fields(f, shown)
    label = (lambda k: k) if tasks.plain(a, f) else (lambda k: a.term(k) if k in ("theta", "theta0") else k)
    expected = dict(zip(map(label, fields), _row(f, e, fields, True)))
    readable = got is not None and got.ok
    lines = [("expected", e.theta, e.theta0)]
    if readable and got.theta is not None and len(got.theta) == len(e.theta):
        lines.append(("yours", got.theta, got.theta0 if got.theta0 is not None else 0))
    note = None if r.verdict.passed else _shown(hook_note(a, shown, got))
    return {
        "id": r.case.case_id, "family": r.case.family, "tags": list(r.case.tags), "title": r.case.title,
        "passed": r.verdict.passed, "status": r.verdict.status, "message": r.verdict.message,
        "shown_message": verdict.message, "shrunk_from": len(r.case.X) if r.shrunk else None,
        "data": _data_view(a, f, shown), "expected": expected,
        "got": dict(zip(map(label, fields), _row(f, got, fields, False))) if readable else None,
        "mistakes": [found[m] for m in r.mistakes],
        "missing": "missing-function" in r.mistakes,  # said once above: the case is not shown as a failure
        "notes": [] if tasks.plain(a, f) else _notes(a, f, shown),
        "trace": render("grader/trace_note.txt.j2", n=note, t={k: a.term(k) for k in ("theta", "theta0", "label")},
                        hook=a.term("hook")).strip() if note else None,
        "figure": None if r.verdict.passed or not f.trains or f.convention.folded
        else figure(shown.X, shown.y, lines),
    }

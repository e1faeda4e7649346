"""Judge one case in the parent: exactly against the Fraction reference, or a separator by its properties."""

from __future__ import annotations

from dataclasses import dataclass
from decimal import Decimal, localcontext
from fractions import Fraction
from typing import Any

from rosenblatt.shared import fraction_str
from grader.judging import properties
from grader.assignments import Assignment
from grader.judging.calling import Answer, spec_of
from grader.cases import Case, Expected
from grader.judging.plans import read

FAILED_RUN = {
    "raised": "raised an exception",
    "timeout": "ran out of time",
    "crashed": "crashed the process (it exited or was killed)",
    "memory": "used more memory than allowed",
    "bad-output": "returned something that cannot be sent back to the grader",
    "not-run": "was not run: the submission's total time budget ran out",
}


@dataclass(frozen=True)
class Verdict:
    """The result of one case: passed or not, why, and what came back (read as the assignment's fields)."""

    case_id: str
    passed: bool
    # passed | wrong | malformed | mutated | hook | raised | timeout | crashed | memory | bad-output | not-run
    status: str
    message: str
    answer: Answer | None
    wrong: tuple[str, ...] = ()  # fields that differ from the reference
    seconds: float = 0.0


def show(value: Any) -> str:
    """A student's or the reference's number or vector, readable: exact fractions when short, floats otherwise."""
    if value is None:
        return "—"
    if isinstance(value, bool):
        return str(value)
    if isinstance(value, tuple):
        return "[" + ", ".join(show(v) for v in value) + "]"
    if isinstance(value, (int, Fraction)):
        text = fraction_str(value)
        if len(text) <= 24 and (not isinstance(value, Fraction) or value.denominator <= 1024):
            return text
        return _approx(Fraction(value))
    return str(value)


def show_row(values) -> list[str]:
    """Several numbers or vectors of one table row in one format: all exact when each is short, else all floats."""
    def flat(v):
        return [x for item in v for x in flat(item)] if isinstance(v, tuple) else [v]
    numbers = [x for v in values for x in flat(v) if isinstance(x, (int, Fraction)) and not isinstance(x, bool)]
    if all(show(x) == fraction_str(x) for x in numbers):
        return [show(v) for v in values]
    return [_as_float(v) for v in values]


def _as_float(value) -> str:
    if isinstance(value, tuple):
        return "[" + ", ".join(_as_float(v) for v in value) + "]"
    if isinstance(value, (int, Fraction)) and not isinstance(value, bool):
        return _approx(Fraction(value))
    return show(value)


def _approx(value: Fraction) -> str:
    """A long exact number shown as float does (shortest repr) when it fits a float, else as ≈d.ddddde±N."""
    if abs(value) < Fraction(10) ** 300 and (value == 0 or abs(value) > Fraction(1, 10**300)):
        return repr(float(value))
    with localcontext() as ctx:
        ctx.prec = 6
        return "≈" + format(Decimal(value.numerator) / Decimal(value.denominator), ".5e")


def _first_line(error: str) -> str:
    lines = [line for line in (error or "").strip().splitlines() if line.strip()]
    return lines[-1][:300] if lines else ""


def judge(a: Assignment, case: Case, outcome: Any) -> Verdict:
    """Judge a CaseOutcome (status, value, error, mutated, seconds) against the case."""
    seconds = float(getattr(outcome, "seconds", 0.0) or 0.0)
    if outcome.status != "returned":
        detail = _first_line(outcome.error)
        msg = FAILED_RUN.get(outcome.status, outcome.status) + (f": {detail}" if detail else "")
        if outcome.status == "timeout":
            msg = f"took longer than the {case.seconds:g} s time limit"
        return Verdict(case.case_id, False, outcome.status, msg, None, seconds=seconds)
    if case.check == "mutation":
        if outcome.mutated:
            msg = f"modified its input arrays {a.term('data')} or {a.term('labels')}"
            return Verdict(case.case_id, False, "mutated", msg, None, seconds=seconds)
        return Verdict(case.case_id, True, "passed", "left its inputs unchanged", None, seconds=seconds)
    answer = read(a, case, outcome.value)
    if answer.nonfinite and case.check != "interface":  # a float, but nan or infinite: a wrong value
        return Verdict(case.case_id, False, "wrong", f"returned a wrong value: {answer.problem}", answer, seconds=seconds)
    if not answer.ok and not answer.nonfinite:
        return Verdict(case.case_id, False, "malformed", f"returned values of the wrong kind: {answer.problem}", answer,
                       seconds=seconds)
    if case.check == "interface":
        return _interface(a, case, answer, seconds)
    wrong = compare(a, case, answer)
    if wrong == ("online",):
        msg = (f"returned {a.term('theta')} that separates the data, but that no perceptron from zero reaches one "
               f"update at a time, each on a point misclassified at that moment, in any order")
        return Verdict(case.case_id, False, "wrong", msg, answer, wrong, seconds)
    if wrong:
        named = [a.term(w) if a.terms and w in ("theta", "theta0") else w for w in wrong]
        return Verdict(case.case_id, False, "wrong", "returned wrong " + ", ".join(named), answer, wrong, seconds)
    return Verdict(case.case_id, True, "passed", "correct", answer, seconds=seconds)


def _interface(a, case: Case, answer: Answer, seconds: float) -> Verdict:
    """Right kinds and shapes, and the hook (where the course passes one) called as the course's own hook expects:
    with one argument, the tuple (θ, θ₀)."""
    other = sorted(k for k in answer.hook_arities if k != 1)
    if other:
        hook, th, th0 = a.term("hook"), a.term("theta"), a.term("theta0")
        msg = (f"called {hook} with {other[-1]} arguments: the course calls {hook}(({th}, {th0})) with one tuple, "
               f"and the course's own {hook} raises a TypeError on any other call")
        return Verdict(case.case_id, False, "hook", msg, answer, seconds=seconds)
    return Verdict(case.case_id, True, "passed", "returned values of the right kinds and shapes", answer,
                   seconds=seconds)


def compare(a, case: Case, answer: Answer) -> tuple[str, ...]:
    """The fields that differ from the reference: exactly, within the derived bound, or by properties."""
    f = spec_of(a, case)
    if f.predicts:
        return properties.predictions(f, case, answer)
    if f.single_step and f.method:
        return properties.sequence(case, answer)
    if f.convention.by_property:
        return compare_properties(a, case, answer)
    if case.expected.tolerance is not None:
        return properties.within_tolerance(f, case, answer)
    return compare_exact(a, case, answer)


def _fields(f, case: Case) -> tuple[str, ...]:
    return ("theta",) if f.method else f.returns


def expected_values(e: Expected, fields: tuple[str, ...]) -> tuple:
    """The reference's values of these returned fields, in order (a single-step update's `changed` as one bool)."""
    values = {"theta": e.theta, "theta0": e.theta0, "converged": e.converged, "mistakes": e.mistakes,
              "changed": e.changed[0] if e.changed else None}
    return tuple(values[x] for x in fields)


def compare_exact(a, case: Case, answer: Answer) -> tuple[str, ...]:
    """The returned fields that differ from the exact reference."""
    fields = _fields(spec_of(a, case), case)
    return tuple(x for x, want in zip(fields, expected_values(case.expected, fields)) if getattr(answer, x) != want)


def compare_properties(a, case: Case, answer: Answer) -> tuple[str, ...]:
    """Free order or start: on separable data θ must separate (and converged be True); otherwise converged False."""
    return properties.training(spec_of(a, case), case, answer)

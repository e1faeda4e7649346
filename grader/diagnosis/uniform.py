"""Where no classic mistake explains a function's failures: they all failed the same way (the same error, or scores
where labels were due), which names what to fix."""

from __future__ import annotations

import re
from typing import Any, Mapping, Sequence

from grader.assignments import Assignment
from grader.cases import Case
from grader.judging import NOT_LABELS, spec_of
from grader.diagnosis.finding import Finding, finding
from grader.diagnosis.structure import last_line, numbers_aside
from grader.diagnosis.wording import words

# Star imports that bring numpy's random() (a function) in over the module random
SHADOWS_RANDOM = {"pylab", "matplotlib.pylab", "numpy.random"}


def uniform_failure(a: Assignment, cases: Sequence[Case], outcomes: Mapping[str, Any],
                    verdicts: Mapping[str, Any], facts: Mapping | None = None) -> Finding | None:
    """Where no classic mistake explains a function's failures: they all failed the same way (the same error, or
    scores where labels were due), which names what to fix."""
    f = spec_of(a, cases[0])
    return _same_error(a, f, cases, outcomes, verdicts, (facts or {}).get("star", set())) \
        or _not_labels(a, f, cases, verdicts) or _never_returns(a, f, cases, outcomes, verdicts)


# Advice per exception type, for a function that raises the same error on every call (the rest: read the traceback)
ADVICE = {"NameError": "it uses a name defined outside the function (a notebook's global, a test cell's variable): "
                       "compute it inside the function or pass it in.",
          "IndexError": "an index is out of range or not an integer: check the loop's indices against the shapes "
                        "the course passes.",
          "TypeError": "an operation got a value of the wrong type: check the types and shapes the course passes.",
          "AssertionError": "an `assert` fails on these data, in your code or in a course module's check (such as "
                            "nn's): check what it assumes (a shape, a type, a value) against what your code passes "
                            "or computes."}


def _safe(text: str) -> str:
    """An error line shown inside a code span: one line, no backtick, no link or HTML syntax, at most 160 chars."""
    line = " ".join(text.split())[:160]
    return line.translate(str.maketrans({"`": "'", "[": "(", "]": ")", "<": "‹", ">": "›"}))


def _advice(kind: str, line: str, star: set[str]) -> str:
    """What to check for this exception; a module hidden by a star import (pylab's random()) is named."""
    m = re.search(r"'[^']*function[^']*' object has no attribute '(\w+)'", line)
    if kind == "AttributeError" and m and star & SHADOWS_RANDOM:
        source = sorted(star & SHADOWS_RANDOM)[0]
        return (f"`from {source} import *` brings NumPy's function `random()` into the file, and it hides the module "
                f"`random`: `random.{m.group(1)}` then looks for {m.group(1)} on that function. Import the names you "
                f"need from {source} by name, or call `np.random.{m.group(1)}`.")
    return ADVICE.get(kind, "the traceback in the visible tests shows the line.")


def _same_error(a: Assignment, f, cases, outcomes, verdicts, star: set[str] = frozenset()) -> Finding | None:
    """Every failed case raised, all with the same last line: that error is what the student has to fix. Or at least
    three of them, and three quarters of the failed cases, raised it and the rest failed otherwise (a crash on all
    data but a few sizes, such as a size written into the code or a Python 2 call that one-point data never
    reach): that error is still the first thing to fix."""
    failed = [c for c in cases if c.case_id in verdicts and not verdicts[c.case_id].passed]
    raised = [c for c in failed if outcomes[c.case_id].status == "raised"]
    most = len(raised) >= 3 and 4 * len(raised) >= 3 * len(failed)
    if len(failed) < 2 or not (len(raised) == len(failed) or most):
        return None
    others, failed = len(failed) - len(raised), raised
    lines = [last_line(outcomes[c.case_id].error) for c in failed]
    shapes = {numbers_aside(line) for line in lines}  # the same error, whatever sizes, indices or values it names
    kind = lines[0].split(":", 1)[0] if len(shapes) == 1 else ""
    if not re.fullmatch(r"[A-Za-z_][A-Za-z0-9_.]*(Error|Exception)", kind):
        return None
    advice = _advice(kind, lines[0], set(star))
    families = list(dict.fromkeys(c.family for c in failed)) if len(failed) < len(cases) and not others else []
    title, hint = words("same-error", fn=f.name, kind=kind, n=len(failed), error=_safe(lines[0]), advice=advice,
                        families=families, others=others)
    return finding(a, cases, "same-error", tuple(c.case_id for c in failed), "structure", title, hint)


def _not_labels(a: Assignment, f, cases, verdicts) -> Finding | None:
    """A classify function that returned numbers that are not labels on most failed cases, and wrong labels on the
    rest (a raw score can happen to be ±1): it returns the scores themselves."""
    failed = [c for c in cases if c.case_id in verdicts and not verdicts[c.case_id].passed]
    scores = [c for c in failed if verdicts[c.case_id].status == "malformed"
              and NOT_LABELS in verdicts[c.case_id].message]
    if not f.predicts or 2 * len(scores) <= len(failed) or \
            any(verdicts[c.case_id].status != "wrong" for c in failed if c not in scores):
        return None
    labels = "0 or 1" if f.convention.zero_one else "-1 or +1"
    title, hint = words("not-labels", fn=f.name, labels=labels, k=len(scores), n=len(failed))
    return finding(a, cases, "not-labels", tuple(c.case_id for c in failed), "structure", title, hint)


def _never_returns(a: Assignment, f, cases, outcomes, verdicts) -> Finding | None:
    """A training function that ran out of time on every failed case, a separable single point among them (any
    perceptron finishes one in two passes): its loop never ends, whatever the data."""
    failed = [c for c in cases if c.case_id in verdicts and not verdicts[c.case_id].passed]
    if len(failed) < 2 or not f.trains or any(outcomes[c.case_id].status != "timeout" for c in failed) or \
            not any(len(c.X) == 1 and c.separable for c in failed):
        return None
    title, hint = words("never-returns", fn=f.name, n=len(failed))
    return finding(a, cases, "never-returns", tuple(c.case_id for c in failed), "structure", title, hint)

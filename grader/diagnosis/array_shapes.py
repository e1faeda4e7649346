"""Array shapes of what came back: a training function that returns the same number of weights whatever the number
of features (a slice such as `w[:2]` written for the course's 2-D examples), the augmented weights with the bias
still in them where the course returns it apart, one weight per point (the data read the other way round), or d
weights where a folded bias needs d + 1."""

from __future__ import annotations

import itertools
import re
from typing import Any, Mapping, Sequence

import numpy as np

from grader.assignments import Assignment
from grader.cases import Case
from grader.judging import NOT_TUPLE, spec_of
from grader.diagnosis.finding import Finding, finding
from grader.diagnosis.placeholders import flat, returned_failures, value_of
from grader.diagnosis.wording import words


def fixed_length(a: Assignment, cases: Sequence[Case], outcomes: Mapping[str, Any],
                 verdicts: Mapping[str, Any]) -> Finding | None:
    """Every case that came back malformed (at least two) had θ of d + 1 entries where the bias is returned apart (it
    is still inside), or θ of one length k, the wrong one for its data, on data of at least two numbers of features.
    The finding accounts for those cases; any others are diagnosed on their own."""
    f = spec_of(a, cases[0])
    if not f.trains or f.method or "theta" not in f.returns:
        return None
    failed = _malformed(cases, verdicts)
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


def transposed(a: Assignment, cases: Sequence[Case], outcomes: Mapping[str, Any],
               verdicts: Mapping[str, Any]) -> Finding | None:
    """At least two malformed answers on data of two points or more, each answer with θ of n entries for its n
    points (n ≠ d): the data were read the other way round (d × n as rows, or n × d as columns). The finding also
    accounts for the failed cases on which the two readings agree in shape (n = d: wrong values) or the other axis
    ran out (an IndexError)."""
    f = spec_of(a, cases[0])
    if not f.trains or f.method or "theta" not in f.returns:
        return None
    malformed = _malformed(cases, verdicts)
    if sum(len(c.X) >= 2 for c in malformed) < 2 or \
            any(_length(f, outcomes[c.case_id]) != len(c.X) or len(c.X) == len(c.X[0]) for c in malformed):
        return None  # one entry for a one-point case is no evidence: a number in θ's place has one too
    square = [c for c in cases if c.case_id in verdicts and not verdicts[c.case_id].passed and c not in malformed
              and (len(c.X) == len(c.X[0]) or "IndexError" in (outcomes[c.case_id].error or ""))]
    title, hint = words("transposed", fn=f.name, theta=a.term("theta"), data=a.term("data"),
                        columns=a.data == "columns")
    return finding(a, cases, "transposed", tuple(c.case_id for c in malformed + square), "structure", title, hint)


def unappended(a: Assignment, cases: Sequence[Case], outcomes: Mapping[str, Any],
               verdicts: Mapping[str, Any]) -> Finding | None:
    """A folded bias, and at least two malformed answers, each with θ of d entries for d features (the constant
    coordinate never added or dropped), and some other case failed some other way (a time-out on a point the
    boundary through the origin cannot take, say): named from the malformed cases (where every failure is one of
    them, the cases name it as the likely bug instead)."""
    f = spec_of(a, cases[0])
    if not f.trains or f.method or not f.convention.folded or "theta" not in f.returns:
        return None
    malformed = _malformed(cases, verdicts)
    if len(malformed) < 2 or any(_length(f, outcomes[c.case_id]) != len(c.X[0]) for c in malformed):
        return None
    if all(verdicts[c.case_id].passed or c in malformed for c in cases if c.case_id in verdicts):
        return None  # every failure is this one: the cases name it as the likely bug
    return finding(a, cases, "bias-not-appended", tuple(c.case_id for c in malformed), "structure")


def same_value(a: Assignment, cases: Sequence[Case], outcomes: Mapping[str, Any],
               verdicts: Mapping[str, Any]) -> Finding | None:
    """Every failed case (at least two, whose right θ differ) came back malformed with the same θ, of a shape that is
    wrong on each of them: what the function returns does not depend on its inputs (a value set before the
    computation, such as `np.array(len(θ.shape))`, returned because the lines that compute θ never ran)."""
    f = spec_of(a, cases[0])
    failed = [c for c in cases if c.case_id in verdicts and not verdicts[c.case_id].passed]
    if f.method or "theta" not in f.returns or len(failed) < 2 or any(
            verdicts[c.case_id].status != "malformed" or c.expected.theta is None for c in failed):
        return None
    got = {_theta(f, outcomes[c.case_id]) for c in failed}
    shape, numbers = next(iter(got))
    if len(got) != 1 or shape is None or len({tuple(c.expected.theta) for c in failed}) < 2 or any(
            shape in ((len(c.expected.theta),), (len(c.expected.theta), 1)) for c in failed):
        return None
    dims = sorted({len(c.expected.theta) for c in failed})
    value = numbers[0] if shape == () else "[" + ", ".join(f"{v:g}" for v in numbers) + "]"
    title, hint = words("same-value", fn=f.name, theta=a.term("theta"), n=len(failed), shape=shape, dims=dims,
                        value=f"{value:g}" if shape == () else value)
    return finding(a, cases, "same-value", tuple(c.case_id for c in failed), "structure", title, hint)


def _theta(f, outcome: Any) -> tuple[tuple[int, ...] | None, tuple[float, ...]]:
    """The shape and numbers of the returned θ ((None, ()) when the value is not the course's tuple or not numbers)."""
    if outcome.status != "returned":
        return None, ()
    value = value_of(outcome)
    if len(f.returns) > 1:
        if not isinstance(value, (tuple, list)) or len(value) != len(f.returns):
            return None, ()
        value = value[f.returns.index("theta")]
    numbers = flat(value)
    return (_shape(value), tuple(numbers)) if numbers is not None else (None, ())


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


def broadcast_square(a: Assignment, cases: Sequence[Case], outcomes: Mapping[str, Any],
                     verdicts: Mapping[str, Any]) -> Finding | None:
    """A classify function that returned an n × n table for n points on every malformed case (at least one with
    n ≥ 2): a column (n, 1) combined with a row (1, n) broadcasts to n × n."""
    f = spec_of(a, cases[0])
    if not f.predicts or f.method:
        return None
    failed = _malformed(cases, verdicts)
    shapes = [_shape(value_of(outcomes[c.case_id])) if outcomes[c.case_id].status == "returned" else None
              for c in failed]
    if not failed or any(s != (len(c.X), len(c.X)) for s, c in zip(shapes, failed)) \
            or max(len(c.X) for c in failed) < 2:
        return None
    title, hint = words("broadcast-square", fn=f.name, theta=a.term("theta"), data=a.term("data"))
    return finding(a, cases, "broadcast-square", tuple(c.case_id for c in failed), "structure", title, hint)


def numpy_matrix(a: Assignment, cases: Sequence[Case], outcomes: Mapping[str, Any],
                 verdicts: Mapping[str, Any]) -> Finding | None:
    """Every malformed answer was an np.matrix (it crosses the sandbox as its type name only)."""
    f = spec_of(a, cases[0])
    failed = _malformed(cases, verdicts)
    if not failed or f.method or any(getattr(value_of(outcomes[c.case_id]), "type_name", None) != "matrix"
                                     for c in failed if outcomes[c.case_id].status == "returned") \
            or any(outcomes[c.case_id].status != "returned" for c in failed):
        return None
    title, hint = words("numpy-matrix", fn=f.name)
    return finding(a, cases, "numpy-matrix", tuple(c.case_id for c in failed), "structure", title, hint)


def _shape(value: Any) -> tuple[int, ...] | None:
    """The shape of a nested list or array of numbers (None when ragged or not numbers)."""
    numbers = flat(value)  # first: only plain numbers, a bounded count, reach np.shape
    if numbers is None:
        return None
    try:
        shape = np.shape(value)
    except ValueError:  # ragged
        return None
    return tuple(shape) if int(np.prod(shape)) == len(numbers) else None


def _malformed(cases: Sequence[Case], verdicts: Mapping[str, Any]) -> list[Case]:
    """The cases whose answer could not be read as the course's values."""
    return [c for c in cases if c.case_id in verdicts and verdicts[c.case_id].status == "malformed"]


def list_not_tuple(a: Assignment, cases: Sequence[Case], verdicts: Mapping[str, Any]) -> Finding | None:
    """Answers read as lists where the course's own checker tests `type(res) == tuple` (container: tuple)."""
    f = spec_of(a, cases[0])
    failed = [c for c in _malformed(cases, verdicts) if NOT_TUPLE in verdicts[c.case_id].message]
    if not failed:
        return None
    title, hint = words("list-not-tuple", fn=f.name, returns=[a.term(r) for r in f.returns], n=len(failed))
    return finding(a, cases, "list-not-tuple", tuple(c.case_id for c in failed), "structure", title, hint)


def one_value(a: Assignment, cases: Sequence[Case], outcomes: Mapping[str, Any],
              verdicts: Mapping[str, Any]) -> Finding | None:
    """The course returns one value (w alone) and every failed case (at least two) came back malformed, each a tuple
    of the same k >= 2 values that are not all numbers (`return it, w`), or each a number (`return iterations`):
    the function returns other values than the course's."""
    f = spec_of(a, cases[0])
    failed = _malformed_returns(cases, verdicts)
    if len(f.returns) != 1 or f.method or not failed:
        return None
    kinds = {_kind(getattr(outcomes[c.case_id], "value", None)) for c in failed}
    if len(kinds) != 1 or None in kinds:
        return None
    got = kinds.pop()
    title, hint = words("return-count", fn=f.name, got=got, want=1, number=got == 0,
                        returns=[a.term(r) for r in f.returns])
    return finding(a, cases, "return-count", tuple(c.case_id for c in failed), "structure", title, hint)


def _malformed_returns(cases: Sequence[Case], verdicts: Mapping[str, Any]) -> list[Case]:
    """The failed cases that came back (the rest ran out of time), if there are at least two and every one of them
    was malformed; else none."""
    failed = returned_failures(cases, verdicts)
    ok = len(failed) >= 2 and all(verdicts[c.case_id].status == "malformed" for c in failed)
    return failed if ok else []


def _kind(value) -> int | None:
    """0 for a number, k for a tuple or list of k >= 2 values not all numbers, else None."""
    if _kind_of(value) == "number":
        return 0
    if type(value) in (tuple, list) and len(value) >= 2 and _kind_of(value) != "vector":
        return len(value)
    return None


_FLAG = re.compile(r": mistakes is a (bool|bool_|numpy\.bool_?), expected a count")


def flag_not_count(a: Assignment, cases: Sequence[Case], verdicts: Mapping[str, Any]) -> Finding | None:
    """Every failed case (at least two) came back malformed because the count of mistakes was True or False: the
    function returns a flag (converged, found a separator) where the course returns the number of updates."""
    f = spec_of(a, cases[0])
    failed = _malformed_returns(cases, verdicts)
    if "mistakes" not in f.returns or not failed or not all(_FLAG.search(verdicts[c.case_id].message) for c in failed):
        return None
    title, hint = words("flag-not-count", fn=f.name, returns=[a.term(r) for r in f.returns],
                        at=f.returns.index("mistakes") + 1)
    return finding(a, cases, "flag-not-count", tuple(c.case_id for c in failed), "structure", title, hint)


_WANT = {"theta": "vector", "theta0": "number", "mistakes": "number", "converged": "flag"}
_NUMBERS = (int, float, np.integer, np.floating)


def _kind_of(v) -> str | None:
    """A returned value's kind: a vector (two numbers or more), a number, a flag; None for anything else."""
    if isinstance(v, (bool, np.bool_)):
        return "flag"
    if isinstance(v, _NUMBERS):
        return "number"
    if isinstance(v, np.ndarray) and v.size > 1 and v.dtype.kind in "iuf" or type(v) in (list, tuple) and len(v) > 1 \
            and all(isinstance(x, _NUMBERS) for x in v):
        return "vector"
    return None


def reordered(a: Assignment, cases: Sequence[Case], outcomes: Mapping[str, Any],
              verdicts: Mapping[str, Any]) -> Finding | None:
    """Every failed case that came back (at least two; the rest ran out of time) was malformed: a tuple of the course's
    number of values whose kinds (a vector, a number, a flag) are those of the course's returns in one other order
    (`return count, w` for `return w, count`): the values come back in another order, whatever else is wrong."""
    f = spec_of(a, cases[0])
    failed = _malformed_returns(cases, verdicts)
    want = tuple(_WANT.get(r) for r in f.returns)
    if len(f.returns) < 2 or f.method or len(set(want)) < 2 or not failed:
        return None
    orders = set()
    for c in failed:
        value = value_of(outcomes[c.case_id])
        if type(value) not in (tuple, list) or len(value) != len(want):
            return None
        got = tuple(_kind_of(v) for v in value)
        fits = {o for o in itertools.permutations(range(len(want))) if tuple(want[k] for k in o) == got}
        if not fits or tuple(range(len(want))) in fits:
            return None
        orders.add(min(fits))
    if len(orders) != 1:
        return None
    title, hint = words("returns-reordered", fn=f.name, got=[a.term(f.returns[k]) for k in orders.pop()],
                        want=[a.term(r) for r in f.returns])
    return finding(a, cases, "swapped-returns", tuple(c.case_id for c in failed), "structure", title, hint)

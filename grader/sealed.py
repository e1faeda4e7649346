"""The hidden cases' boundary: their own child, and of it only each case's verdict and exception type go on.

A child that ran hidden cases could have read them (its control pipe, its memory). So nothing it wrote may reach a
student: not its output, not an exception's message, not a class name of its own, not a string it returned. Its
outcomes are sealed here, before anything judges or shows them: the status, the values (judged, never shown), the
mutated flag, and for a raised case the name of a built-in exception type (any other class is `Exception`).
"""

from __future__ import annotations

import builtins
import hashlib

import numpy as np
from contextlib import ExitStack
from dataclasses import dataclass, replace
from typing import Any

from grader.diagnosis import numbers_aside, wanted_probes
from grader.judging import judge, spec_of
from grader.sandbox import Opaque

# Built-in exception names (a closed set the grader knows): a class the file made itself could be named anything
BUILTIN_ERRORS = frozenset(name for name, value in vars(builtins).items()
                           if isinstance(value, type) and issubclass(value, BaseException))
OWN_CLASS = "Exception"
# Type names a returned value may keep (built-in and numpy classes, e.g. np.matrix): a closed set, like the errors'
KNOWN_TYPES = frozenset(name for space in (vars(builtins), vars(np)) for name, value in space.items()
                        if isinstance(value, type))
WORDS = {"timeout": "over the time limit", "crashed": "the process crashed", "memory": "MemoryError",
         "bad-output": "a value that cannot be sent back", "not-run": "not run"}
MAX_DEPTH = 64  # the wire's depth is 32: deeper values are not the child's


@dataclass(frozen=True)
class SealedOutcome:
    """A hidden case's outcome as the grader may use it: no text of the child's."""

    case_id: str
    status: str
    value: Any
    error: str
    mutated: bool
    seconds: float
    shape: str = ""  # a digest of the error's last line, numbers masked: compared, never shown
    starved: bool = False  # a timeout that was the busy machine's, not the submission's (the batch grades it again)


def _last_line(error: str) -> str:
    text = (error or "").rstrip()
    return text[text.rfind("\n") + 1:].strip()


def exception_type(error: str) -> str:
    """The built-in exception type a traceback ends with, else `Exception` (one pass over its last line)."""
    name = _last_line(error).split(":", 1)[0].strip()
    return name if name in BUILTIN_ERRORS else OWN_CLASS


def shape(error: str) -> str:
    """What two errors share when they are the same error whatever numbers they name (a digest, not the text)."""
    return hashlib.sha256(numbers_aside(_last_line(error)).encode("utf-8", "replace")).hexdigest()


def like_visible(sealed: dict, visible: dict) -> dict:
    """Sealed outcomes whose error is the same error as a visible case's (numbers aside) carry that visible case's
    text, which the student sees anyway; the rest keep their type alone. So a function that raises the same error
    on every call is still diagnosed from its text, and a hidden case says no more than `same as that one`."""
    told = {shape(o.error): o.error for o in visible.values() if getattr(o, "status", "") == "raised"}
    return {cid: replace(o, error=told[o.shape]) if o.status == "raised" and o.shape in told else o
            for cid, o in sealed.items()}


def seal(outcome: Any) -> SealedOutcome:
    """A hidden case's outcome with its text replaced: the exception type, or the status's own words."""
    status = str(getattr(outcome, "status", "not-run"))
    error = exception_type(outcome.error) if status == "raised" else WORDS.get(status, "")
    return SealedOutcome(str(outcome.case_id), status, _plain(getattr(outcome, "value", None)), error,
                         bool(getattr(outcome, "mutated", False)), float(getattr(outcome, "seconds", 0.0) or 0.0),
                         shape(outcome.error) if status == "raised" else "", bool(getattr(outcome, "starved", False)))


def _plain(value: Any, depth: int = 0) -> Any:
    """The value with the child's texts blanked: strings emptied, opaque type names dropped (numbers, arrays,
    booleans, dict keys and the containers' shapes stay, for judging)."""
    if depth > MAX_DEPTH:
        return None
    if isinstance(value, str):
        return ""
    if type(value) in (list, tuple):
        return type(value)(_plain(v, depth + 1) for v in value)
    if type(value) is dict:  # keys are matched, never shown
        return {k: _plain(v, depth + 1) for k, v in value.items()}
    if isinstance(value, Opaque):  # a class name of the file's own is its text
        return value if value.type_name in KNOWN_TYPES else Opaque("object")
    return value


@dataclass(frozen=True)
class Hidden:
    """What the hidden cases' child gave: its run (for the load), and its sealed outcomes (cases, then reruns)."""

    run: Any
    outcomes: dict
    again: dict


def hidden_child(sandbox: Any, suite: Any, source: bytes, filename: str, factory: Any) -> Hidden:
    """The hidden cases, in a child of their own that gets them only after its import answered (for stand-ins whose
    sessions cannot be split: a cluster client, test doubles). Only sealed outcomes leave this function."""
    if not suite.hidden:
        return Hidden(None, {}, {})
    with sandbox.session(source, filename, suite.assignment.function, suite.setup) as session:
        return _hidden_cases(session, suite, factory)


def sealed_cases(session: Any, suite: Any, factory: Any) -> Hidden:
    """The hidden cases in a split session whose visible side is done: `seal` ends the visible fork (its output was
    read to the end), and the cases go to the import that ran none. Only sealed outcomes leave this function."""
    session.seal()
    return _hidden_cases(session, suite, factory)


def _hidden_cases(session: Any, suite: Any, factory: Any) -> Hidden:
    """Run the hidden cases in the session; a case that came back wrong runs once more there (the `again` probe:
    random code)."""
    a = suite.assignment
    run = session.run(suite.inputs_for(suite.hidden, factory))
    if run.load_status != "ok":
        return Hidden(run, {}, {})
    outcomes = {o.case_id: seal(o) for o in run.outcomes}
    verdicts = {c.case_id: judge(a, c, outcomes[c.case_id]) for c in suite.hidden if c.case_id in outcomes}
    failing = {spec_of(a, c).name for c in suite.hidden if c.case_id in verdicts and not verdicts[c.case_id].passed}
    again = [p for p in wanted_probes(suite.checks, failing, verdicts) if p.kind == "again" and p.repeats in verdicts]
    rerun = session.run(suite.inputs_for([p.case for p in again], factory)) if again else None
    probed = {o.case_id: seal(o) for o in rerun.outcomes} if rerun is not None and rerun.load_status == "ok" else {}
    return Hidden(_load_only(run), outcomes, probed)


def _load_only(run: Any) -> Any:
    """A hidden child's run with nothing but its load (status and error came before any case was sent)."""
    return replace(run, outcomes=(), stdout="", stderr="") if hasattr(run, "__dataclass_fields__") else run


def children(sandbox: Any, suite: Any, source: bytes, filename: str, factory: Any, stack: ExitStack):
    """(the visible run, the hidden cases' sealed outcomes, the session for probes and shrink candidates: one whose
    child never held hidden data), or a run whose load failed first.

    A Sandbox splits one session: the file is imported once, a fork of it runs the visible cases and ends, then the
    import, which ran no case, runs the hidden ones while nothing it prints is read (grader/sandbox/split.py); a
    failing submission's probes get a fresh child. A stand-in that cannot split (a cluster client) gives the hidden
    cases a child of their own first."""
    a = suite.assignment
    split = bool(suite.hidden) and getattr(sandbox, "splits", False)
    hidden = Hidden(None, {}, {}) if split else hidden_child(sandbox, suite, source, filename, factory)
    if hidden.run is not None and hidden.run.load_status != "ok":
        return hidden.run, hidden, None
    session = stack.enter_context(sandbox.session(source, filename, a.function, suite.setup,
                                                  **({"split": True} if split else {})))
    visible = suite.inputs_for(suite.visible, factory)  # in a child that never held hidden data
    vis = session.run(visible, last=True) if split else session.run(visible)
    if vis.load_status != "ok" or not split:
        return vis, hidden, session
    hidden = sealed_cases(session, suite, factory)
    session.close()  # collected before any other child of this submission gets anything
    return vis, hidden, stack.enter_context(Fresh(sandbox, source, filename, a.function, suite.setup))


class Fresh:
    """A session opened only when a batch is run (a failing submission's probes and shrink candidates after a split
    session): its child loads the file anew and never held hidden data."""

    def __init__(self, sandbox: Any, *args: Any):
        self.sandbox, self.args, self.session = sandbox, args, None

    def run(self, cases: Any) -> Any:
        if self.session is None:
            self.session = self.sandbox.session(*self.args)
        return self.session.run(cases)

    def close(self) -> None:
        if self.session is not None:
            self.session.close()

    def __enter__(self) -> Fresh:
        return self

    def __exit__(self, *exc: Any) -> None:
        self.close()

"""The suite of one grading run: its visible and hidden cases, their sandbox inputs, shrink probes and mutant table."""

from __future__ import annotations

import hashlib
from typing import Any, Sequence

from rosenblatt import __version__
from grader import tasks
from grader.assignments import Assignment, require
from grader.diagnosis import MutantTable, build_probes
from grader.judging import case_input, shrink_probes, spec_of
from grader.cases import Case


def source_key(a: Assignment, seed_commitment: str, source: bytes) -> str:
    """What a result depends on: software version, assignment, hidden seed and the submitted bytes."""
    h = hashlib.sha256()
    for part in (__version__.encode(), a.digest.encode(), seed_commitment.encode(), source):
        h.update(hashlib.sha256(part).digest())
    return h.hexdigest()


def commitment(seed: str) -> str:
    """A public commitment to the hidden seed (SHA-256): recorded in results without revealing the seed."""
    return hashlib.sha256(f"rosenblatt-seed\x00{seed}".encode()).hexdigest()


INSPECT = "inspect-signatures"  # the case id of the call that reads the file's signatures in its child


class Suite:
    """The cases of one grading run (visible, and hidden from the seed) with their mutant table; shared by workers."""

    def __init__(self, a: Assignment, seed: str | None, hidden: bool = True):
        """The mutant table fills case by case on first use, since only a failing submission's diagnosis reads it
        (three quarters of a 6.86x suite's making, spent for nothing on a class of correct files)."""
        self.assignment = require(a)  # a course whose files import PyTorch: one sentence where it is missing
        self.visible = tasks.visible(a)
        self.hidden = tasks.hidden(a, seed) if hidden and seed is not None else ()
        self.commitment = commitment(seed) if seed is not None else ""
        self.table = MutantTable(a, self.visible + self.hidden)
        self.probes = shrink_probes(self.visible, a)
        self.checks = build_probes(a, self.visible, self.hidden)  # behaviour probes, run only for a failing submission
        self.calls = {c.case_id: _frozen(case_input(a, c)) for c in self.cases + self.probes + self._checked}
        self._inputs: dict[Any, dict[str, Any]] = {}

    def _all_inputs(self, factory: Any) -> dict[str, Any]:
        if factory not in self._inputs:
            cases = self.cases + self.probes + self._checked
            made = case_inputs(self.assignment, cases, factory, self.calls)
            self._inputs[factory] = {c.case_id: x for c, x in zip(cases, made)}
        return self._inputs[factory]

    def inputs(self, factory: Any = None) -> tuple:
        """The suite's CaseInputs, built once per factory (the same objects for every submission)."""
        by_id = self._all_inputs(factory)
        return tuple(by_id[c.case_id] for c in self.cases)

    def inspect_input(self):
        """The sandbox call that reads the file's function signatures (for a signature finding)."""
        from grader.sandbox import CaseInput as factory  # the sandbox engineer's module
        names = [f.name for f in self.assignment.functions if not f.method]
        return factory(case_id=INSPECT, args=(), kwargs={}, seconds=1.0,
                       plan={"kind": "inspect", "names": names})

    def inputs_by_id(self, ids: Sequence[str]) -> tuple:
        """The CaseInputs a batch names by case id: cases, shrink candidates, probes, the signature read (a worker)."""
        by_id = {c.case_id: c for c in self.cases + self.probes + self._checked}
        return tuple(self.inspect_input() if cid == INSPECT else self.inputs_for([by_id[cid]])[0] for cid in ids)

    def inputs_for(self, cases: Sequence[Case], factory: Any = None) -> tuple:
        """CaseInputs of some of the suite's cases or shrink candidates (`probes`), also built once."""
        by_id = self._all_inputs(factory)
        return tuple(by_id[c.case_id] for c in cases)

    @property
    def _checked(self) -> tuple[Case, ...]:
        return tuple(p.case for p in self.checks)

    @property
    def cases(self) -> tuple[Case, ...]:
        return self.visible + self.hidden

    @property
    def max_score(self) -> int:
        """Visible points plus the points of every hidden family that has cases in this suite."""
        a = self.assignment
        return sum(f.visible_points + sum(p for fam, p in f.hidden if self._has(f, fam)) for f in a.functions)

    def _has(self, f, family: str) -> bool:
        return any(c.family == family and spec_of(self.assignment, c) is f for c in self.hidden)

    @property
    def setup(self) -> dict | None:
        """What the sandbox's harness builds before loading a file: course modules, the names to look for, and
        `quiet` where the file's printed output is never shown (a run with hidden cases: its print is dropped
        unformatted, so printing every step costs nothing on the large cases)."""
        plain = self._setup()
        if not self.hidden:  # `check`: what the code printed is shown to the student
            return plain
        return {**(plain or {}), "quiet": True}

    def _setup(self) -> dict | None:
        a = self.assignment
        extra = {"stand_ins": list(a.stand_ins)} if a.stand_ins else {}
        if a.legacy_names:
            extra["legacy"] = True
        if a.requires:
            extra["requires"] = list(a.requires)
        if a.klass is not None:
            return {**a.klass.setup(), **extra}
        if a.script is not None:
            return {**a.script.setup(), "names": list(a.names), **extra}
        if a.qualified or a.aliased or extra:
            return {"modules": {}, "names": list(a.names), **extra}
        return None


def _frozen(call: tuple) -> tuple:
    """Make a case's arrays read-only: they are built once per suite and shared by every worker."""
    stack = list(call[0]) + list(call[1].values())
    while stack:
        value = stack.pop()
        if hasattr(value, "flags"):
            value.flags.writeable = False
        elif isinstance(value, (tuple, list)):
            stack += list(value)
        elif isinstance(value, dict):
            stack += list(value.values())
    return call


def case_inputs(a: Assignment, cases: Sequence[Case], factory: Any = None, calls: dict | None = None) -> list:
    """The sandbox's CaseInput values: arguments only (never the expected answers)."""
    if factory is None:
        from grader.sandbox import CaseInput as factory  # the sandbox engineer's module
    out = []
    for c in cases:
        args, kwargs, plan = calls[c.case_id] if calls and c.case_id in calls else case_input(a, c)
        extra = {"plan": plan} if plan is not None else {}
        out.append(factory(case_id=c.case_id, args=args, kwargs=kwargs, seconds=c.seconds, **extra))
    return out

"""What inference found: each decided field with the probe that decided it, per function, and the whole result."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from rosenblatt.shared import AssignmentError
from grader.assignments import SHAPES
from grader.inference.signature import Signature


class NotAPerceptron(AssignmentError):
    """The reference does not behave like a perceptron under any convention the grid holds, or probes disagree."""


@dataclass(frozen=True)
class Decision:
    """One inferred field: its value, the probe that decided it, and the reason shown in the YAML's comment."""

    field: str
    value: Any
    probe: str
    why: str


@dataclass(frozen=True)
class Function:
    """One graded function as inferred: its signature, shape (task), returned fields and decided conventions."""

    signature: Signature
    task: str  # perceptron | averaged | update | classify
    returns: tuple[str, ...]
    decisions: tuple[Decision, ...]
    params: tuple[tuple[str, str], ...] = ()  # keys of a params dict -> what they carry
    container: str = "single"  # what the reference returned its parts in: tuple | list | single
    aliases: tuple[str, ...] = ()  # the other references' spellings of it (merge.py), accepted as well

    @property
    def shape(self):
        """The shape's row in the one table (what the task stands for: trains, single_step, predicts, ...)."""
        return SHAPES[self.task]

    @property
    def given_weights(self) -> bool:
        return self.shape.single_step or self.shape.predicts

    def get(self, field: str, default: Any = None) -> Any:
        return next((d.value for d in self.decisions if d.field == field), default)

    def decision(self, field: str) -> Decision | None:
        return next((d for d in self.decisions if d.field == field), None)


@dataclass(frozen=True)
class Inference:
    """The reference's functions as inferred, and what the grid could not decide (said in the YAML)."""

    reference: str
    functions: tuple[Function, ...]
    helpers: tuple[str, ...]  # the file's other functions (course helpers, drivers), not graded
    probes_run: int
    skipped: tuple[tuple[str, str], ...] = ()  # functions left out (not named): why, in the probe's sentence

    def describe(self) -> str:
        return ", ".join(f"{f.signature.name} ({f.task})" for f in self.functions)

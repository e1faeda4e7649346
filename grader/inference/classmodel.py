"""What class inference found: the class, its course modules, its start, and each graded method's decisions."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from grader.assignments import SHAPES
from grader.inference.model import Decision


@dataclass(frozen=True)
class ClassMethod:
    """One graded method: its task, its arguments' slots, what it returns, and what its probes decided."""

    name: str
    task: str  # classify | update | perceptron
    arguments: tuple[str, ...]
    returns: tuple[str, ...]
    decisions: tuple[Decision, ...]

    @property
    def shape(self):
        """The shape's row in the one table (trains, single_step, predicts)."""
        return SHAPES[self.task]

    def get(self, field: str, default: Any = None) -> Any:
        return next((d.value for d in self.decisions if d.field == field), default)

    def decision(self, field: str) -> Decision | None:
        return next((d for d in self.decisions if d.field == field), None)


@dataclass(frozen=True)
class ClassInference:
    """A class API as inferred: the class, its constructor, the weights method, the course modules, the start."""

    reference: str
    name: str
    init: tuple[str, ...]  # the constructor's parameter names (the dimensions)
    weights: Decision
    values: str  # arrays | nn: how points reach the methods
    modules: tuple[tuple[str, Any], ...]  # module name -> block, or ((attribute, block), ...)
    module_probe: Decision  # which course module (and which nn variant) the probes found the class works with
    start: Decision
    methods: tuple[ClassMethod, ...]
    probes_run: int
    skipped: tuple[tuple[str, str], ...] = ()  # methods not graded: why, in the probe's sentence
    terms: tuple[tuple[str, str], ...] = ()  # the course's own names, read from the text (the feedback's wording)

    def describe(self) -> str:
        return f"class {self.name}: " + ", ".join(f"{m.name} ({m.task})" for m in self.methods)

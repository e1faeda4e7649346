"""What every kind shares: answer parts (hashed in handouts), check results, and the rejected-attempt signal.

A kind module defines NAME, TITLE, parse_params(Params) -> frozen params, generate(params, rng) -> frozen
data (raising Reject(constraint) for an attempt that misses a constraint), solve(data) -> frozen solution,
data_json / answer_json, parts(data, solution), view(data, solution) for its templates, figure(...) or None,
and optionally check_certificate(data_json, part, answers) for answers that have many right forms.
"""

from __future__ import annotations

import functools
from dataclasses import dataclass, field
from typing import Any, Callable


class Reject(Exception):
    """One generation attempt missed a constraint; `constraint` names it (e.g. `params.min_updates`)."""

    def __init__(self, constraint: str):
        super().__init__(constraint)
        self.constraint = constraint


def solved_once(solve: Callable[[Any], Any]) -> Callable[[Any], Any]:
    """`solve`, remembering its last result: a kind whose generate solves the attempt it keeps is asked again for
    that very object by the generator, which then costs nothing. Data is compared by identity, never by value."""
    last: list[tuple[Any, Any]] = [(None, None)]

    @functools.wraps(solve)
    def solved(data: Any) -> Any:
        seen, solution = last[0]
        if seen is data:
            return solution
        solution = solve(data)
        last[0] = (data, solution)
        return solution

    return solved


@dataclass(frozen=True)
class Part:
    """One checkable answer: `exact` (a value), `verdict` (true/false), `sequence` (a list checked item by
    item, e.g. trace updates) or `certificate` (any proof the checker can verify from the data)."""

    id: str
    label: str
    type: str
    value: Any = None
    example: str = ""
    item_keys: tuple[str, ...] = ()


@dataclass(frozen=True)
class PartResult:
    """The checker's verdict on one part: a status, and a reason code with facts that templates/ words.

    The facts never contain the expected answer.
    """

    id: str
    label: str
    status: str  # correct, incorrect, missing, invalid
    reason: str = ""
    facts: dict = field(default_factory=dict)

    @property
    def correct(self) -> bool:
        return self.status == "correct"

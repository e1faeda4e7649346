"""The bundled course presets: their folder and names (for help texts, without reading a file) and their outlines
(for `rosenblatt list`, read without validating)."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from rosenblatt.shared import AssignmentError, read_yaml_file

BUNDLED = Path(__file__).resolve().parent


def preset_names() -> list[str]:
    """The bundled presets' names, sorted (each is a `NAME.yaml` beside its handout `NAME.md`)."""
    return sorted(p.stem for p in BUNDLED.glob("*.yaml"))


@dataclass(frozen=True)
class Outline:
    """What `rosenblatt list` shows of a bundled preset: its name, title and graded functions (validated where it is
    used, by `grade` and `check`; the bundled ones by the tests)."""

    name: str
    title: str
    accepted: tuple[tuple[str, ...], ...]  # each graded function's every spelling, the course's own first
    klass: str = ""  # a class API's class, whose methods the functions are

    @property
    def function_names(self) -> tuple[str, ...]:
        return tuple(spelled[0] for spelled in self.accepted)


def outline(name: str) -> Outline:
    """A bundled preset's outline, read from its YAML without the validator."""
    doc = read_yaml_file(BUNDLED / f"{name}.yaml", AssignmentError)
    entries = doc.get("functions") or [doc]
    accepted = []
    for entry in entries:
        spelled = entry.get("function", entry.get("method"))
        accepted.append(tuple(map(str, spelled)) if isinstance(spelled, list) else (str(spelled),))
    klass = doc.get("class")
    return Outline(str(doc.get("name", name)), str(doc.get("title", accepted[0][0])), tuple(accepted),
                   str(klass.get("name", "")) if isinstance(klass, dict) else "")


def solution(name: str) -> Path | None:
    """A bundled preset's reference solution for the similarity check (`NAME.solution`: our code, written to the
    handout's contract in the handout's own terms), or None when the preset has none."""
    path = BUNDLED / f"{name}.solution"
    return path if path.is_file() else None

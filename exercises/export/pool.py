"""The variants an export writes: each with its sheet label and its question and key rendered for the export's formats."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Sequence

from exercises.generation import render_variant, Variant


@dataclass(frozen=True)
class Item:
    """One variant of one spec exercise as an export sees it."""

    spec: str
    label: str  # the sheet's label: v01, v02, ... or a student id
    variant: Variant
    fragments: dict[str, dict[str, str]]  # format -> role (question, key) -> rendered text


def items(spec: Any, sheets: Sequence[Any], formats: Sequence[str]) -> list[Item]:
    """Every variant of every sheet, in order, rendered in `formats` (e.g. `moodle`, `html`)."""
    return [Item(spec.name, sheet.label, v, render_variant(v, formats)) for sheet in sheets for v in sheet.variants]

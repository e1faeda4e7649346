"""Exports of generated exercises to where courses run: PrairieLearn questions, Moodle XML, Canvas QTI (one face)."""

from __future__ import annotations

import importlib
from typing import Any, Sequence

EXPORTS = ("prairielearn", "moodle", "qti")  # each one a module here whose files(spec, sheets) gives its files
__all__ = ['EXPORTS', 'export_files']


def export_files(fmt: str, spec: Any, sheets: Sequence[Any]) -> dict[str, bytes]:
    """The files of one export format, by path relative to the output folder."""
    if fmt not in EXPORTS:
        raise ValueError(f"unknown export {fmt!r}")
    return importlib.import_module(f"exercises.export.{fmt}").files(spec, sheets)

"""Exports of generated exercises to where courses run: PrairieLearn questions, Moodle XML, Canvas QTI (one face)."""

from __future__ import annotations

from typing import Any, Sequence

EXPORTS = ("prairielearn", "moodle", "qti")


def export_files(fmt: str, spec: Any, sheets: Sequence[Any]) -> dict[str, bytes]:
    """The files of one export format, by path relative to the output folder."""
    if fmt == "moodle":
        from exercises.export.moodle import moodle_xml

        return {"moodle.xml": moodle_xml(spec, sheets)}
    if fmt == "qti":
        from exercises.export.qti import qti_zip

        return {"qti.zip": qti_zip(spec, sheets)}
    if fmt == "prairielearn":
        from exercises.export.prairielearn import prairielearn_files

        return prairielearn_files(spec, sheets)
    raise ValueError(f"unknown export {fmt!r}")

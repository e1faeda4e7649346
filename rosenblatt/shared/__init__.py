"""Shared infrastructure, used by the exercise side and the grader alike: the exception tree, exact numbers
at the edges, the one jinja2 Environment, atomic writes, inert text, data files and rosters.

It may import only the standard library and third-party packages: every other room imports it, it imports none.
Names load on first use (PEP 562): `rosenblatt --help` needs the exception tree, not jinja2."""

from __future__ import annotations

from typing import TYPE_CHECKING

from rosenblatt.shared.faces import lazy

_HOME = {  # public name -> the module under rosenblatt.shared that defines it (imported on first use)
    "AnswerError": "errors",
    "AssignmentError": "errors",
    "DataError": "errors",
    "InternalError": "errors",
    "RosenblattError": "errors",
    "RosterError": "errors",
    "SpecError": "errors",
    "Student": "roster",
    "Scan": "scan",
    "SubmissionError": "errors",
    "TEMPLATES": "templating",
    "UsageError": "errors",
    "atomic_write": "atomic",
    "csv_cell": "inert",
    "display_name": "inert",
    "exact_str": "numbers",
    "folder_name": "inert",
    "folder_names": "roster",
    "fraction_str": "numbers",
    "load_data": "datafile",
    "load_yaml_text": "datafile",
    "md_code": "inert",
    "md_inline": "inert",
    "read_roster": "roster",
    "read_yaml_file": "datafile",
    "render": "templating",
    "student_seed": "roster",
    "template": "templating",
    "to_fraction": "numbers",
    "to_sympy": "numbers",
    "vector_str": "numbers",
}
__all__ = sorted([*_HOME, "lazy"])
__getattr__, __dir__ = lazy(__name__, _HOME, globals())

if TYPE_CHECKING:
    from rosenblatt.shared.atomic import atomic_write
    from rosenblatt.shared.datafile import load_data, load_yaml_text, read_yaml_file
    from rosenblatt.shared.errors import (
        AnswerError,
        AssignmentError,
        DataError,
        InternalError,
        RosenblattError,
        RosterError,
        SpecError,
        SubmissionError,
        UsageError,
    )
    from rosenblatt.shared.inert import csv_cell, display_name, folder_name, md_code, md_inline
    from rosenblatt.shared.numbers import exact_str, fraction_str, to_fraction, to_sympy, vector_str
    from rosenblatt.shared.templating import TEMPLATES, render, template
    from rosenblatt.shared.roster import Student, folder_names, read_roster, student_seed
    from rosenblatt.shared.scan import Scan

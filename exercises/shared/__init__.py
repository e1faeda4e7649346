"""Shared infrastructure, used by the exercise side and the grader alike: the exception tree, exact numbers
at the edges, the one jinja2 Environment, atomic writes, inert text, data files and rosters.

It may import only the standard library and third-party packages: every other room imports it, it imports none."""

from __future__ import annotations

from exercises.shared.atomic import atomic_write
from exercises.shared.datafile import load_data, load_yaml_text, read_yaml_file
from exercises.shared.errors import (
    AnswerError,
    AssignmentError,
    DataError,
    InternalError,
    RosenblattError,
    SpecError,
    SubmissionError,
    UsageError,
)
from exercises.shared.inert import csv_cell, display_name, folder_name
from exercises.shared.numbers import exact_str, fraction_str, to_fraction, to_sympy, vector_str
from exercises.shared.templating import TEMPLATES, render, template
from exercises.shared.roster import Student, folder_names, read_roster, student_seed

__all__ = ['AnswerError', 'AssignmentError', 'DataError', 'InternalError', 'RosenblattError', 'SpecError',
    'Student', 'SubmissionError', 'TEMPLATES', 'UsageError', 'atomic_write', 'csv_cell', 'display_name',
    'exact_str', 'folder_name', 'folder_names', 'fraction_str', 'load_data', 'load_yaml_text', 'read_roster',
    'read_yaml_file', 'render', 'student_seed', 'template', 'to_fraction', 'to_sympy', 'vector_str']

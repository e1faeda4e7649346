"""Reading submissions: a file read safely (no links, bounded size), and notebooks (the code that runs, its
lines mapped back to cells).

It may import rosenblatt.shared only."""

from __future__ import annotations

from grader.intake.definitions import definitions_only
from grader.intake.files import read_submission
from grader.intake.names import defined_names, used_names
from grader.intake.notebook import Notebook, NotebookError, assemble, read_cells, summary

__all__ = ['Notebook', 'NotebookError', 'assemble', 'defined_names', 'definitions_only', 'read_cells', 'read_submission', 'summary',
    'used_names']

"""What people read: the student's results.json, feedback.md and feedback.html, the gradebook, and the
instructor's class view (summary.json, summary.html).

It may import the rooms below it and grader.grading (the Report it shows); nothing below imports it."""

from __future__ import annotations

from grader.reports.fit import fit_warnings
from grader.reports.gradebook import row_from_results, write_gradebook
from grader.reports.report import check_text, load_results, results_json, view, write_submission

__all__ = ['check_text', 'fit_warnings', 'load_results', 'results_json', 'row_from_results', 'view', 'write_gradebook',
    'write_submission']

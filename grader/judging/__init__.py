"""Calling the student's code and deciding right or wrong: build a case's arguments and harness plans, read what
came back, judge it exactly or by its properties, and shrink a failing case. Naming the bug is the diagnosis room's.

It may import rosenblatt.shared, rosenblatt.core, grader.assignments, grader.cases and grader.tasks."""

from __future__ import annotations

from grader.judging.calling import NOT_LABELS, NOT_TUPLE, Answer, read_vector, spec_of
from grader.judging.judgement import (FAILED_RUN, Verdict, compare, compare_exact, compare_properties,
                                      expected_values, judge, show, show_row)
from grader.judging.online import ATOL, close, reachable
from grader.judging.plans import case_input, read
from grader.judging.properties import batch_answer
from grader.judging.shrinking import Shrunk, shrink, shrink_probes

__all__ = ['ATOL', 'Answer', 'FAILED_RUN', 'NOT_LABELS', 'NOT_TUPLE', 'Shrunk', 'Verdict', 'batch_answer', 'case_input', 'close',
           'compare', 'compare_exact', 'compare_properties', 'expected_values', 'judge', 'reachable', 'read', 'read_vector', 'shrink', 'shrink_probes', 'show', 'show_row', 'spec_of']

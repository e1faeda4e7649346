"""Calling the student's code and judging it: build a case's arguments and harness plans, read what came
back, judge it exactly or by its properties, diagnose the bug and shrink a failing case.

It may import exercises.shared, exercises.core, grader.assignments, grader.cases and grader.tasks."""

from __future__ import annotations

from grader.judging.calling import spec_of
from grader.judging.diagnosis import MutantTable
from grader.judging.finding import Finding
from grader.judging.explain import diagnose
from grader.judging.hooks import note as hook_note
from grader.judging.judgement import Verdict, judge, show, show_row
from grader.judging.plans import case_input
from grader.judging.structure import definitions, star_imports, trains, unloaded as unloaded_hint
from grader.judging.probes import Probe, build as build_probes, findings as probe_findings, \
    random_functions, read as probe_verdicts, wanted as wanted_probes
from grader.judging.shrinking import Shrunk, shrink, shrink_probes

__all__ = ['Finding', 'MutantTable', 'Probe', 'Shrunk', 'Verdict', 'build_probes', 'case_input', 'definitions', 'diagnose', 'hook_note', 'judge', 'probe_findings', 'probe_verdicts',
    'random_functions', 'show', 'show_row', 'shrink', 'shrink_probes', 'spec_of', 'star_imports', 'trains', 'unloaded_hint', 'wanted_probes']

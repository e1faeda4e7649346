"""Naming the bug: the student's outputs matched against the classic mistakes (and pairs of them), behaviour
probes, structural findings (placeholders, shapes, definitions), what was observed, hook notes, and the wording.

It may import rosenblatt.shared, rosenblatt.core, grader.assignments, grader.cases, grader.tasks and
grader.judging."""

from __future__ import annotations

from grader.diagnosis.explain import diagnose
from grader.diagnosis.finding import Finding
from grader.diagnosis.hooks import note as hook_note
from grader.diagnosis.matching import MutantTable
from grader.diagnosis.other_terms import class_methods
from grader.diagnosis.probes import Probe, build as build_probes, findings as probe_findings, \
    random_functions, read as probe_verdicts, wanted as wanted_probes
from grader.diagnosis.structure import definitions, numbers_aside, star_imports, trains, unloaded as unloaded_hint

__all__ = ['Finding', 'MutantTable', 'Probe', 'build_probes', 'class_methods', 'definitions', 'diagnose', 'hook_note',
           'numbers_aside',
           'probe_findings', 'probe_verdicts', 'random_functions', 'star_imports', 'trains', 'unloaded_hint',
           'wanted_probes']

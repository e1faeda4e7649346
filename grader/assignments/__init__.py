"""Assignments: load and validate an assignment (a bundled course preset or a YAML file) into a frozen
Assignment, with its course convention, graded functions, the exact reference and the derived tolerance.

The presets and their handouts (*.yaml, *.md) sit beside these modules. It may import exercises.shared only."""

from __future__ import annotations

from grader.assignments.assignment import BUNDLED, TERMS, Assignment, bundled, load, parse, resolve
from grader.assignments.convention import Convention
from grader.assignments.functions import FunctionSpec
from grader.assignments.orders import visiting_order
from grader.assignments.reference import Knobs, augment, classify, run, visited
from grader.assignments.tolerance import derived as derived_tolerance, within as within_bounds

__all__ = ['Assignment', 'BUNDLED', 'Convention', 'FunctionSpec', 'Knobs', 'TERMS', 'augment', 'bundled',
    'classify', 'derived_tolerance', 'load', 'parse', 'resolve', 'run', 'visited', 'visiting_order',
    'within_bounds']

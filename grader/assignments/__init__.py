"""Assignments: load and validate an assignment (a bundled course preset or a YAML file) into a frozen
Assignment, with its course convention, graded functions, the exact reference and the derived tolerance.

The presets, their handouts and reference solutions (*.yaml, *.md, *.solution) sit beside these modules. It may
import rosenblatt.shared only.
Names load on first use (PEP 562): a help text lists the presets without loading the validator."""

from __future__ import annotations

from typing import TYPE_CHECKING

from rosenblatt.shared import lazy

_HOME = {  # public name -> the module under grader.assignments that defines it ("module:attr" if renamed)
    "Assignment": "assignment", "TERMS": "assignment", "bundled": "assignment", "load": "assignment",
    "parse": "assignment", "require": "assignment", "resolve": "assignment",
    "BUNDLED": "presets", "preset_names": "presets", "outline": "presets", "solution": "presets",
    "SHAPES": "shapes", "Shape": "shapes",
    "Convention": "convention", "FunctionSpec": "functions", "MAX_NAMES": "functions", "visiting_order": "orders",
    "Knobs": "reference", "augment": "reference", "classify": "reference", "run": "reference", "visited": "reference",
    "case_seed": "starts", "course_start": "starts",
    "derived_tolerance": "tolerance:derived", "within_bounds": "tolerance:within",
}
__all__ = sorted(_HOME)
__getattr__, __dir__ = lazy(__name__, _HOME, globals())

if TYPE_CHECKING:
    from grader.assignments.assignment import TERMS, Assignment, bundled, load, parse, require, resolve
    from grader.assignments.convention import Convention
    from grader.assignments.functions import MAX_NAMES, FunctionSpec
    from grader.assignments.orders import visiting_order
    from grader.assignments.presets import BUNDLED, outline, preset_names, solution
    from grader.assignments.shapes import SHAPES, Shape
    from grader.assignments.starts import case_seed, course_start
    from grader.assignments.reference import Knobs, augment, classify, run, visited
    from grader.assignments.tolerance import derived as derived_tolerance, within as within_bounds

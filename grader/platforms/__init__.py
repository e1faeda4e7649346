"""Platforms: Gradescope's autograder and its zip, PrairieLearn's external grader and example course, and the
vendored copy of Rosenblatt both packages carry.

It may import everything below grader.cli: grading, suite, reports, intake, assignments."""

from __future__ import annotations

from typing import TYPE_CHECKING

from rosenblatt.shared import lazy

_HOME = {  # public name -> the module under grader.platforms that defines it (imported on first use)
    "build_package": "gradescope",
    "grade_in_container": "gradescope",
}
__all__ = sorted(_HOME)
__getattr__, __dir__ = lazy(__name__, _HOME, globals())

if TYPE_CHECKING:
    from grader.platforms.gradescope import build_package, grade_in_container

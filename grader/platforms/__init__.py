"""Platforms: Gradescope's autograder and its zip, PrairieLearn's external grader and example course, and the
vendored copy of Rosenblatt both packages carry.

It may import everything below grader.cli: grading, suite, reports, intake, assignments."""

from __future__ import annotations

from grader.platforms.gradescope import build_package, grade_in_container

__all__ = ['build_package', 'grade_in_container']

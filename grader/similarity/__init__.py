"""Similarity: which submissions of a class (and of its earlier terms) share code of their own, by winnowed
fingerprints of canonical syntax trees, less the course's template and the class's common code.

Student code is parsed with `ast`, never run or imported. It may import rosenblatt.shared and grader.intake only
(the command line passes the assignment's graded names and handout in)."""

from __future__ import annotations

from grader.similarity.check import COMMON, THRESHOLD, Options, Result, compare
from grader.similarity.output import document, write

__all__ = ["COMMON", "THRESHOLD", "Options", "Result", "compare", "document", "write"]

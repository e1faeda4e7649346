"""Rosenblatt's base: the exact core and the shared infrastructure that the exercise and grading flows stand on.

It imports neither `exercises` nor `grader`; both import it. The version lives here."""

__version__ = "0.1.0"

"""The `rosenblatt` command line: the parser, the error boundary (one sentence, its exit code), and the
exercise and core commands; the grading commands live in grader.cli and grader.platforms.

It may import every other room; nothing imports it but `python -m exercises` and the console script."""

from __future__ import annotations

from exercises.cli.main import build_parser, entry, main

__all__ = ['build_parser', 'entry', 'main']

"""Answers and handouts: parse a student's exact answers, check them against a handout's digests or the key,
write the offline self-check page, and report a class's answers (most common wrong answers, trace slips).

It may import rosenblatt.shared, rosenblatt.core and exercises.kinds; never generation, export, cli or the grader."""

from __future__ import annotations

from typing import TYPE_CHECKING

from rosenblatt.shared import lazy

_HOME = {  # public name -> the module under exercises.answers that defines it (imported on first use)
    "DEFAULT_GUESS_MS": "digests",
    "DEFAULT_ITERATIONS": "kdf",
    "DEFAULT_PLAN": "digests",
    "DigestPlan": "digests",
    "answer_key": "handout",
    "as_set": "answer_parse",
    "build_handout": "handout",
    "canonical": "answer_parse",
    "check_answers": "answer_check",
    "check_class": "class_answers",
    "check_iterations": "kdf",
    "render_handout_page": "handout_page",
    "summary": "class_answers",
    "write_report": "class_report",
}
__all__ = sorted(_HOME)
__getattr__, __dir__ = lazy(__name__, _HOME, globals())

if TYPE_CHECKING:
    from exercises.answers.answer_check import check_answers
    from exercises.answers.answer_parse import as_set, canonical
    from exercises.answers.class_answers import check_class, summary
    from exercises.answers.class_report import write_report
    from exercises.answers.digests import DEFAULT_GUESS_MS, DEFAULT_PLAN, DigestPlan
    from exercises.answers.handout import answer_key, build_handout
    from exercises.answers.handout_page import render_handout_page
    from exercises.answers.kdf import DEFAULT_ITERATIONS, check_iterations

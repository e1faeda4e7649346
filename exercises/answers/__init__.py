"""Answers and handouts: parse a student's exact answers, check them against a handout's digests or the key,
write the offline self-check page, and report a class's answers (most common wrong answers, trace slips).

It may import exercises.shared, exercises.core and exercises.kinds; never generation, export, cli or the grader."""

from __future__ import annotations

from exercises.answers.answer_check import check_answers
from exercises.answers.answer_parse import as_set, canonical
from exercises.answers.class_answers import check_class, summary
from exercises.answers.class_report import write_report
from exercises.answers.digests import DEFAULT_GUESS_MS, DEFAULT_PLAN, DigestPlan
from exercises.answers.handout import answer_key, build_handout
from exercises.answers.handout_page import render_handout_page
from exercises.answers.kdf import DEFAULT_ITERATIONS, check_iterations

__all__ = ['DEFAULT_GUESS_MS', 'DEFAULT_ITERATIONS', 'DEFAULT_PLAN', 'DigestPlan', 'answer_key', 'as_set',
    'build_handout', 'canonical', 'check_answers', 'check_class', 'check_iterations', 'render_handout_page', 'summary', 'write_report']

"""What the grader asks: visible and hidden cases drawn from a seeded numpy Generator and verified by the exact
core, and the classic perceptron mistakes as mutants of the exact reference.

It may import rosenblatt.shared, rosenblatt.core and grader.assignments."""

from __future__ import annotations

from grader.cases.case import (
    Case,
    Expected,
    auto_tags,
    family_recipes,
    hidden_cases,
    make_case,
    seed_rng,
    visible_cases,
    visible_recipes,
)
from grader.cases import passes, telling
from grader.cases.draw import _tie as draw_tie
from grader.cases.draw import DrawFailed, MAX_TRIES, as_points, draw_large, draw_nonseparable, draw_separable, dyadic
from grader.cases.mutants import (EXACT_VARIANTS, FLIP, NEAR_MARGIN, TOLERANCE, catalogue, run_normalized, run_variant,
                                  shared_mistakes, training_mistakes)

__all__ = ['Case', 'DrawFailed', 'EXACT_VARIANTS', 'Expected', 'MAX_TRIES', 'as_points', 'auto_tags',
    'family_recipes',
    'catalogue', 'draw_large', 'draw_tie', 'passes', 'telling', 'draw_nonseparable', 'draw_separable', 'dyadic', 'hidden_cases', 'make_case',
    'NEAR_MARGIN', 'TOLERANCE', 'run_normalized', 'run_variant', 'shared_mistakes', 'training_mistakes', 'FLIP', 'seed_rng', 'visible_cases', 'visible_recipes']

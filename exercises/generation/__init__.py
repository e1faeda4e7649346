"""From a spec to exact variants: load and validate specs, draw each exercise's data from its own seeded
Generator, solve it exactly, and render one variant's fragments per format through its kind's templates.

It may import rosenblatt.shared, rosenblatt.core and exercises.kinds; exercises.generate writes what it draws."""

from __future__ import annotations

from exercises.generation.fragments import ROLES, macros, render_variant
from exercises.generation.spec import BUNDLED, Exercise, Spec, bundled_names, load_spec, merge_specs
from exercises.generation.variants import MAX_VARIANTS, Sheet, Variant, build_sheets, variant_seeds

__all__ = ['BUNDLED', 'Exercise', 'MAX_VARIANTS', 'ROLES', 'Sheet', 'Spec', 'Variant', 'build_sheets',
    'bundled_names', 'load_spec', 'macros', 'merge_specs', 'render_variant', 'variant_seeds']

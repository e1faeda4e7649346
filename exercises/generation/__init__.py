"""From a spec to exact variants: load and validate specs, draw each exercise's data from its own seeded
Generator, solve it exactly, and render one variant's fragments per format through its kind's templates.

It may import rosenblatt.shared, rosenblatt.core and exercises.kinds; exercises.generate writes what it draws.
Names load on first use (PEP 562): `rosenblatt list` reads the specs without the drawing and rendering modules."""

from __future__ import annotations

from typing import TYPE_CHECKING

from rosenblatt.shared import lazy

_HOME = {  # public name -> the module under exercises.generation that defines it (imported on first use)
    "ROLES": "fragments", "macros": "fragments", "render_variant": "fragments",
    "BUNDLED": "spec", "Exercise": "spec", "Outline": "spec", "Spec": "spec", "bundled_names": "spec",
    "load_spec": "spec", "merge_specs": "spec", "outline": "spec",
    "MAX_VARIANTS": "variants", "Sheet": "variants", "Variant": "variants", "build_sheets": "variants",
    "variant_seeds": "variants",
}
__all__ = sorted(_HOME)
__getattr__, __dir__ = lazy(__name__, _HOME, globals())

if TYPE_CHECKING:
    from exercises.generation.fragments import ROLES, macros, render_variant
    from exercises.generation.spec import (BUNDLED, Exercise, Outline, Spec, bundled_names, load_spec, merge_specs,
                                           outline)
    from exercises.generation.variants import MAX_VARIANTS, Sheet, Variant, build_sheets, variant_seeds

"""One variant's question and key, rendered per format (md, tex, html, moodle, ...) through the kind's templates."""

from __future__ import annotations

from typing import Any, Sequence

from exercises.kinds import get_kind
from rosenblatt.shared import render, template
from exercises.generation.variants import Variant

ROLES = ("question", "key")


def render_variant(v: Variant, formats: Sequence[str], roles: Sequence[str] = ROLES) -> dict[str, dict[str, str]]:
    """The question and key fragments of one variant per format (templates do all the wording)."""
    if not formats:
        return {}
    module = get_kind(v.kind)
    view = module.view(v.data, v.solution)
    figs = {role: module.figure(v.data, v.solution, role == "key") for role in roles}
    return {fmt: {role: render(f"exercises/kinds/{v.kind}.{role}.j2", m=macros(fmt), v=view, fig=figs[role],
                               number=v.number, title=v.title) for role in roles} for fmt in formats}


def macros(fmt: str) -> Any:
    """The format's building blocks (`templates/exercises/format/<fmt>.j2`), loaded once and passed as `m`."""
    return template(f"exercises/format/{fmt}.j2").module

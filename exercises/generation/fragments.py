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
    view = _readable(module.view(v.data, v.solution))
    figs = {role: module.figure(v.data, v.solution, role == "key") for role in roles}
    return {fmt: {role: render(f"exercises/kinds/{v.kind}.{role}.j2", m=macros(fmt), v=view, fig=figs[role],
                               number=v.number, title=v.title) for role in roles} for fmt in formats}


class _View(dict):
    """A kind's view (a dict) whose keys read as attributes: jinja2 reads `v.rows` as getattr first, then the key,
    and a plain dict's failed getattr costs an exception each time. The same values, methods and missing keys."""

    __slots__ = ()

    def __getattr__(self, name: str) -> Any:
        try:
            return self[name]
        except KeyError:
            raise AttributeError(name) from None


def _readable(value: Any) -> Any:
    """The view with every dict, in lists too, a _View (a kind's view is plain data: dicts, lists and scalars)."""
    if type(value) is dict:
        return _View({key: _readable(item) for key, item in value.items()})
    if type(value) is list:
        return [_readable(item) for item in value]
    return value


def macros(fmt: str) -> Any:
    """The format's building blocks (`templates/exercises/format/<fmt>.j2`), loaded once and passed as `m`."""
    return template(f"exercises/format/{fmt}.j2").module

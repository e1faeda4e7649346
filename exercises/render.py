"""The one jinja2 Environment for all user-facing text (StrictUndefined; templates get data, never HTML)."""

from __future__ import annotations

import functools
from pathlib import Path
from typing import Any

import jinja2

from exercises import inert

TEMPLATES = Path(__file__).resolve().parent.parent / "templates"


def _escaped(name: str | None) -> bool:
    """HTML, SVG and XML templates are autoescaped, whether named `page.html` or `page.html.j2`."""
    return name is not None and name.removesuffix(".j2").endswith((".html", ".svg", ".xml"))


@functools.lru_cache(maxsize=1)
def environment() -> jinja2.Environment:
    """Build (once) the Environment over the top-level `templates/` folder."""
    env = jinja2.Environment(
        loader=jinja2.FileSystemLoader(str(TEMPLATES)),
        undefined=jinja2.StrictUndefined,
        autoescape=_escaped,
        keep_trailing_newline=True,
        trim_blocks=True,
        lstrip_blocks=True,
    )
    # Untrusted text (student output, file names): `md` inline in Markdown, `fence` a Markdown code block,
    # `term` multi-line terminal text, `name` a one-line display name. HTML templates are autoescaped as well.
    env.filters.update(md=inert.md_inline, fence=inert.md_fence, term=inert.terminal, name=inert.display_name)
    return env


def render(name: str, **data: Any) -> str:
    """Render the template `name` (a path under templates/) with `data`."""
    return environment().get_template(name).render(**data)

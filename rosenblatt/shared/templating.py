"""The one jinja2 Environment for all user-facing text (StrictUndefined; templates get data, never HTML).

jinja2 is imported when the first template is rendered, not when this module is imported (start-up of --help).
Compiled templates are cached in the templates folder's `__pycache__`, as Python caches its own bytecode beside
the sources: written when that folder is writable and bytecode writing is on, keyed by each template's source checksum.
"""

from __future__ import annotations

import functools
import os
import sys
from pathlib import Path
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    import jinja2

from rosenblatt.shared import inert, mathtext

# Where a wheel installs the templates (pyproject.toml maps the top-level `templates/` onto `rosenblatt._templates`);
# in a source checkout, an editable install or a copy on PYTHONPATH they are the top-level `templates/` itself.
_INSTALLED = Path(__file__).resolve().parent.parent / "_templates"
TEMPLATES = _INSTALLED if _INSTALLED.is_dir() else _INSTALLED.parent.parent / "templates"


def _escaped(name: str | None) -> bool:
    """HTML, SVG and XML templates are autoescaped, whether named `page.html` or `page.html.j2`."""
    return name is not None and name.removesuffix(".j2").endswith((".html", ".svg", ".xml"))


def _bytecode_cache() -> jinja2.BytecodeCache | None:
    """jinja2's cache of compiled templates in templates/__pycache__ (None where it cannot exist: compile in memory)."""
    import jinja2

    folder = TEMPLATES / "__pycache__"
    write = not sys.dont_write_bytecode
    if write and not folder.is_dir():
        try:
            folder.mkdir(mode=0o755)
        except OSError:  # a read-only install: compile in memory, as Python does without __pycache__
            return None
    if not folder.is_dir():
        return None
    write = write and os.access(folder, os.W_OK)

    class SourceSideCache(jinja2.FileSystemBytecodeCache):
        def dump_bytecode(self, bucket: jinja2.bccache.Bucket) -> None:
            if not write:
                return
            try:
                super().dump_bytecode(bucket)
            except OSError:  # disk full or the folder just went away: skip the cache, as Python skips a .pyc
                return

    return SourceSideCache(str(folder), "%s.jinja2")


@functools.lru_cache(maxsize=1)
def environment() -> jinja2.Environment:
    """Build (once) the Environment over the templates folder (`TEMPLATES`)."""
    import jinja2

    env = jinja2.Environment(
        loader=jinja2.FileSystemLoader(str(TEMPLATES)),
        undefined=jinja2.StrictUndefined,
        autoescape=_escaped,
        keep_trailing_newline=True,
        auto_reload=False,  # templates do not change during a run: no stat() of the file per render
        trim_blocks=True,
        lstrip_blocks=True,
        bytecode_cache=_bytecode_cache(),
    )
    # Untrusted text (student output, file names): `md` inline in Markdown (escaped prose), `code` an inline code
    # span, `fence` a Markdown code block, `term` multi-line terminal text, `name` a one-line display name. HTML
    # templates are autoescaped as well.
    env.filters.update(md=inert.md_inline, code=inert.md_code, fence=inert.md_fence, term=inert.terminal,
                       name=inert.display_name)
    # Mathematics in running text (`$…$` spans, exact numbers as `\\num{…}`): see rosenblatt.shared.mathtext.
    env.filters.update(spans=mathtext.spans, mathtex=mathtext.to_tex, mathplain=mathtext.to_plain,
                       mathhtml=mathtext.html_text, mathjax=mathtext.to_mathjax, num=mathtext.num, mnum=mathtext.mnum,
                       codespans=mathtext.code_spans)
    return env


@functools.lru_cache(maxsize=None)
def template(name: str) -> jinja2.Template:
    """The compiled template `name` (a path under templates/), looked up once per process."""
    return environment().get_template(name)


def render(name: str, **data: Any) -> str:
    """Render the template `name` (a path under templates/) with `data`."""
    return template(name).render(**data)

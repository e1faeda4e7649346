"""The one jinja2 Environment for all user-facing text (StrictUndefined; templates get data, never HTML).

jinja2 is imported when the first template is rendered, not when this module is imported (start-up of --help).
Compiled templates are cached in the templates folder's `__pycache__`, as Python caches its own bytecode beside
the sources: written when that folder is writable and bytecode writing is on, keyed by each template's source checksum.
The macros of the format building blocks (`exercises/format/`) remember what they returned: see `Remembered`.
"""

from __future__ import annotations

import dataclasses
import functools
import os
import sys
from fractions import Fraction
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


# Modules whose macros remember their results: the format building blocks, which a roster calls hundreds of
# thousands of times, mostly with arguments seen before (a table row of small numbers, a heading, the same SVG figure
# for Markdown and HTML). Their macros see only their arguments and their module (imported without context).
REMEMBERING = ("exercises/format/",)
REMEMBERED = 16_384  # results kept per macro, then forgotten all at once (the same bytes, only slower)
RECENT = 64  # results kept per macro for a figure (a frozen dataclass), compared by identity


def _key(value: Any, exact: frozenset) -> Any:
    """A dictionary key equal only for arguments that render the same way, or None (not remembered).

    Strings (str or Markup), whole numbers, None, Fractions, floats and lists/tuples of them compare by exact type
    and value: `1`, `1.0`, `True` and `Markup("1")` are four keys, and floats compare by repr (0.0 and -0.0 print
    apart). A plain str is its own key; every other key is a tuple that starts with a type. Anything else (a dict,
    an Undefined, a figure) has no key.
    """
    kind = type(value)
    if kind is str:
        return value
    if kind is list or kind is tuple:
        if all(type(item) is str for item in value):
            return kind, tuple(value)
        items = tuple(_key(item, exact) for item in value)
        return None if None in items else (kind, items)
    if kind in exact:
        return kind, value
    if kind is float:
        return kind, repr(value)
    if kind is Fraction:
        return kind, value.numerator, value.denominator
    return None


def _frozen(value: Any) -> bool:
    return dataclasses.is_dataclass(value) and type(value).__dataclass_params__.frozen  # type: ignore[attr-defined]


class Remembered:
    """A macro that returns, for arguments it has seen, what it returned then instead of rendering again.

    Arguments compare by exact type and value (see `_key`), a frozen dataclass by identity: such a result keeps its
    arguments, so no other object takes that id while the result is kept. The caller's autoescaping is part of the
    key, as it decides whether the macro returns Markup. Calls with keyword arguments (the `caller` of a call block
    among them), or with an argument that has no key, render every time.
    """

    def __init__(self, macro: Any, exact: frozenset, eval_context: type):
        self.macro, self.exact, self.eval_context, self.seen, self.recent = macro, exact, eval_context, {}, {}

    def __call__(self, *args: Any, **kwargs: Any) -> Any:  # marked pass_eval_context, as jinja2's Macro is
        given, escape = args, None
        if args and type(args[0]) is self.eval_context:
            given, escape = args[1:], args[0].autoescape
        key, store, limit = _key(given, self.exact), self.seen, REMEMBERED
        if key is None and any(_frozen(a) for a in given):
            key, store, limit = tuple((id, id(a)) if _frozen(a) else _key(a, self.exact) for a in given), \
                self.recent, RECENT
        if kwargs or key is None or None in key:
            return self.macro(*args, **kwargs)
        key = (escape, key)
        found = store.get(key)
        if found is not None:
            return found[1]
        value = self.macro(*args)
        if len(store) >= limit:
            store.clear()
        store[key] = (given, value)
        return value


def _template_class() -> type:
    import jinja2
    import markupsafe
    from jinja2.nodes import EvalContext

    exact = frozenset({str, markupsafe.Markup, int, bool, type(None)})
    jinja2.pass_eval_context(Remembered.__call__)

    class RememberingTemplate(jinja2.Template):
        """A template whose module (what `{% import %}` and `.module` give) has remembering macros when its name
        starts with one of REMEMBERING."""

        def make_module(self, vars=None, shared=False, locals=None) -> jinja2.environment.TemplateModule:
            module = super().make_module(vars, shared, locals)
            if self.name and self.name.startswith(REMEMBERING):
                for name, value in list(module.__dict__.items()):
                    if isinstance(value, jinja2.runtime.Macro):
                        setattr(module, name, Remembered(value, exact, EvalContext))
            return module

    return RememberingTemplate


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
    env.template_class = _template_class()
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


class Fields(dict):
    """A dict whose keys also read as attributes. Templates read `v.rows` as jinja2 does for any object: getattr
    first, then the key; a plain dict's failed getattr costs a raised and caught AttributeError each time, this one
    answers at once. The same values, the same dict methods, the same missing keys."""

    __slots__ = ()

    def __getattr__(self, name: str) -> Any:
        try:
            return self[name]
        except KeyError:
            raise AttributeError(name) from None


def _readable(value: Any) -> Any:
    """Data for a template with every dict, in dicts and lists too, a Fields."""
    kind = type(value)
    if kind is dict:
        return Fields({key: _readable(item) for key, item in value.items()})
    if kind is list:
        return [_readable(item) for item in value]
    return value


def render(name: str, **data: Any) -> str:
    """Render the template `name` (a path under templates/) with `data` (its dicts read as attributes: `Fields`)."""
    return template(name).render(**{key: _readable(value) for key, value in data.items()})

"""Submissions and templates read as `grade` reads them (grader.intake), and fingerprinted; never run or imported."""

from __future__ import annotations

import re
from dataclasses import dataclass
from pathlib import Path

from rosenblatt.shared import UsageError
from grader.intake import NotebookError, assemble, read_submission
from grader.similarity.tokens import units
from grader.similarity.winnow import all_grams, fingerprints

_FENCE = re.compile(r"^```(?:python|py)\s*\n(.*?)^```", re.S | re.M)


@dataclass(frozen=True)
class Template:
    """What the course gives: every k-gram of its code (subtracted), and the code's text (a helper a submission
    calls but does not define is read as the course's own, as the template's code reads it)."""

    prints: frozenset[int] = frozenset()
    code: tuple[str, ...] = ()


NONE = Template()


@dataclass(frozen=True)
class Source:
    """One submission's comparable code: its text as read, its fingerprints, and why it was left out, if it was."""

    name: str
    text: str  # the code compared (for a notebook: its code cells in order, as `grade` reads them)
    prints: dict[int, tuple[int, int]]  # fingerprint -> (first line, last line) in `text`
    why_not: str = ""  # non-empty: not compared, and the reason
    cells: tuple[tuple[int, int] | None, ...] = ()  # for a notebook: text line k -> (cell, line in cell)
    archive: bool = False  # an earlier term's: compared with this term only
    given: int = 0  # fingerprints left out as the template's (the course's code, not the student's)


def _code(filename: str, raw: bytes) -> tuple[str, tuple]:
    """(Python text, line -> cell map) of a .py file or a notebook's code cells."""
    if filename.endswith(".ipynb"):
        nb = assemble(filename, raw, "all")
        try:
            compile(nb.text, filename, "exec", flags=0x400, dont_inherit=True)  # PyCF_ONLY_AST: parse, never run
        except (SyntaxError, ValueError):
            nb = assemble(filename, raw, "definitions")  # a cell that does not parse: keep the cells that do
        return nb.text, nb.origins
    return raw.decode("utf-8", errors="replace"), ()


def fingerprint(name: str, path: str, graded: tuple[str, ...], archive: bool = False,
                template: Template = NONE) -> Source:
    """Read and fingerprint one submission, less the template (plain data in and out, so it can run in a worker
    process)."""
    return fingerprint_read(name, *read_submission(Path(path)), graded, archive, template)


def read(name: str, path: str, graded: tuple[str, ...], archive: bool, template: Template) -> tuple:
    """One submission read here, for a worker elsewhere: (name, its bytes, file name, why not, …) as plain data."""
    return (name, *read_submission(Path(path)), graded, archive, template)


def fingerprint_many(batch: list[tuple]) -> list[tuple]:
    """A worker's share (of `read` tuples): each submission's Source as a plain tuple, nothing but str, int,
    bool, tuple and dict of them (a Dask worker's answer crosses the network)."""
    out = []
    for args in batch:
        s = fingerprint_read(*args)
        out.append((s.name, s.text, tuple((h, lo, hi) for h, (lo, hi) in s.prints.items()), s.why_not, s.cells,
                    s.archive, s.given))
    return out


def from_plain(t: tuple) -> Source:
    """The Source `fingerprint_many` sent, checked for shape as it is rebuilt."""
    name, text, prints, why, cells, archive, given = t
    return Source(str(name), str(text), {int(h): (int(lo), int(hi)) for h, lo, hi in prints}, str(why),
                  tuple(None if c is None else (int(c[0]), int(c[1])) for c in cells), bool(archive), int(given))


def fingerprint_read(name: str, raw: bytes, filename: str, why: str, graded: tuple[str, ...], archive: bool,
                     template: Template) -> Source:
    """Fingerprint one submission already read (its bytes, its file name, or why it could not be read)."""
    if why:
        return Source(name, "", {}, why, archive=archive)
    try:
        text, cells = _code(filename, raw)
        prints, given = fingerprints(units(text, graded, template.code), template=template.prints)
    except NotebookError as err:
        return Source(name, "", {}, str(err), archive=archive)
    except (SyntaxError, ValueError) as err:
        return Source(name, "", {}, f"the code does not parse ({type(err).__name__}: {getattr(err, 'msg', err)})",
                      archive=archive)
    except (RecursionError, MemoryError):
        return Source(name, "", {}, "the code is nested too deeply to compare", archive=archive)
    if not prints and not given:
        return Source(name, text, {}, "too little code to compare", cells, archive)
    return Source(name, text, prints, "", cells, archive, given)


def template_prints(paths: list[Path], handout: str | None, solutions: list[Path] = ()) -> Template:
    """Every k-gram of the course's code: each --template file (.py or .ipynb), the handout's Python blocks and
    each reference solution (--solution, or the preset's own), subtracted alike."""
    texts: list[tuple[str, str]] = []
    for option, p in [("--template", p) for p in paths] + [("--solution", p) for p in solutions]:
        raw, filename, why = read_submission(p)
        if why:
            raise UsageError(f"{option} {p}: {why}")
        try:
            texts.append((f"{option} {p}", _code(filename, raw)[0]))
        except NotebookError as err:
            raise UsageError(f"{option} {err}") from None
    if handout:
        texts += [(handout, block) for block in _FENCE.findall(Path(handout).read_text(encoding="utf-8"))]
    found: set[int] = set()
    code: list[str] = []
    for where, text in texts:
        try:
            found |= all_grams(units(text))
            code.append(text)
        except (SyntaxError, ValueError, RecursionError):
            if not where.endswith(".md"):  # a handout block may be a sketch: it adds what it can
                raise UsageError(f"{where}: the course's code does not parse as Python") from None
    return Template(frozenset(found), tuple(code))

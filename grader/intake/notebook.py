"""Notebook submissions: choose the code of a .ipynb (read by ipynb.py) that runs, and map its lines back to cells."""

from __future__ import annotations

import ast
import re
from dataclasses import dataclass, replace
from typing import Any

from grader.intake.ipynb import NotebookError, read_cells

POLICIES = ("definitions", "all", "graded")
GRADED_OPEN = re.compile(r"^\s*#\s*<GRADED>\s*$")
GRADED_CLOSE = re.compile(r"^\s*#\s*</GRADED>\s*$")
SHOWN = 80  # characters of a skipped line kept for the report
BODY_MAGICS = ("time", "capture", "timeit")  # cell magics whose body is plain Python (the magic line is skipped)
_TARGET = frozenset("_.,()[] \t")  # besides letters and digits, what `x, y[0] = !ls` may hold left of its =
_FRAME = re.compile(r'(File "([^"]*)", )line (\d+)')  # over a traceback of at most 2 KiB


@dataclass(frozen=True)
class Skipped:
    """Code of a cell that does not run: an IPython magic or shell line, a whole cell, or a statement."""

    cell: int  # 1-based position of the cell in the notebook (markdown cells count)
    line: int  # 1-based line in the cell; 0 for the whole cell
    reason: str  # magic | shell | help | cell-magic | not-a-definition | syntax-error
    text: str  # the first line of what was skipped (shortened)
    detail: str = ""  # for a syntax error: the parser's message


@dataclass(frozen=True)
class Notebook:
    """What runs in the sandbox for a notebook: assembled Python text and the cell and line of each of its lines."""

    filename: str
    policy: str
    text: str
    origins: tuple[tuple[int, int] | None, ...]  # assembled line k (1-based) -> (cell, line in cell), None: scaffolding
    code_cells: tuple[int, ...]  # positions of the code cells
    cells: int  # all cells, Markdown included (cell numbers count them all)
    skipped: tuple[Skipped, ...]

    @property
    def source(self) -> bytes:
        return self.text.encode("utf-8")

    def where(self, line: int) -> str:
        """`cell 4, line 2` for a line of the assembled text (the nearest mapped line before it for scaffolding)."""
        for k in range(min(line, len(self.origins)), 0, -1):
            if self.origins[k - 1] is not None:
                cell, at = self.origins[k - 1]
                return f"cell {cell}, line {at}"
        return "the notebook"

    def locate(self, text: str) -> str:
        """Rewrite `File "<this notebook>", line N` in a traceback or syntax error to name the cell and its line."""
        def swap(m: re.Match) -> str:
            if m.group(2) != self.filename:
                return m.group(0)
            return f"{m.group(1)}{self.where(int(m.group(3)))}"
        return _FRAME.sub(swap, text or "")

    def last_line(self, error: str) -> int | None:
        """The last line of this notebook's text named in a traceback, if any."""
        lines = [int(m.group(3)) for m in _FRAME.finditer(error or "") if m.group(2) == self.filename]
        return lines[-1] if lines else None

    def locate_outcome(self, outcome: Any) -> Any:
        """A case outcome whose traceback names cells, its last line saying where the exception came from."""
        if getattr(outcome, "status", "") != "raised" or not getattr(outcome, "error", ""):
            return outcome
        line = self.last_line(outcome.error)
        text = self.locate(outcome.error).rstrip()
        if line is not None:
            text += f" ({self.where(line)})"
        return replace(outcome, error=text)

    @property
    def syntax_errors(self) -> tuple[Skipped, ...]:
        return tuple(s for s in self.skipped if s.reason == "syntax-error")


def _ipython(line: str) -> str:
    """Which IPython syntax a line is (magic, shell, help) or "": string methods and set lookups only, each character
    looked at a bounded number of times (no regular expression that could backtrack over a student's line)."""
    text = line.strip()
    if text[:1] in ("%", "!"):
        return "shell" if text[0] == "!" else "magic"
    target, sep, value = text.partition("=")
    value = value.lstrip()
    if sep and target and value[:1] in ("%", "!") and all(ch.isalnum() or ch in _TARGET for ch in target):
        return "shell" if value[0] == "!" else "magic"
    name = text.strip("?")
    if text != name and name and len(text) - len(name) <= 2 and (text.startswith("?") != text.endswith("?")) \
            and all(ch.isalnum() or ch in "_." for ch in name):
        return "help"
    return ""


def _strip_magics(cell: int, lines: list[str]) -> tuple[list[str], list[Skipped]]:
    """Replace IPython magic, shell and help lines by `pass` at the same indentation (line numbers stay)."""
    out, skipped = [], []
    for k, line in enumerate(lines, 1):
        reason = _ipython(line)
        if reason:
            skipped.append(Skipped(cell, k, reason, line.strip()[:SHOWN]))
            line = line[:len(line) - len(line.lstrip())] + "pass"
        out.append(line)
    return out, skipped


def _parse(lines: list[str]) -> ast.Module | SyntaxError:
    try:
        return ast.parse("\n".join(lines) + "\n")
    except SyntaxError as err:
        return err
    except (ValueError, RecursionError, MemoryError) as err:  # null bytes, absurd nesting
        return SyntaxError(f"cannot be parsed ({type(err).__name__})")


def cell_code(cell: int, source: str) -> tuple[list[str], list[Skipped], ast.Module | SyntaxError]:
    """A code cell's lines with IPython syntax neutralised, what was skipped, and its parse (or the SyntaxError)."""
    lines = source.splitlines()
    if lines and lines[0].lstrip().startswith("%%"):
        name = lines[0].lstrip()[2:].split(maxsplit=1)[0] if lines[0].strip() != "%%" else ""
        if name not in BODY_MAGICS:
            return [], [Skipped(cell, 0, "cell-magic", lines[0].strip()[:SHOWN])], ast.Module(body=[], type_ignores=[])
        lines = ["pass"] + lines[1:]
        first = [Skipped(cell, 1, "magic", source.splitlines()[0].strip()[:SHOWN])]
    else:
        first = []
    tree = _parse(lines)
    if not isinstance(tree, SyntaxError):
        return lines, first, tree
    cleaned, skipped = _strip_magics(cell, lines)
    return cleaned, first + skipped, _parse(cleaned) if skipped else tree


def _literal(node: ast.AST) -> bool:
    """A literal as ast.literal_eval reads them (numbers, strings, containers of literals, signed numbers)."""
    if isinstance(node, ast.Constant):
        return True
    if isinstance(node, (ast.Tuple, ast.List, ast.Set)):
        return all(_literal(e) for e in node.elts)
    if isinstance(node, ast.Dict):
        return all(k is not None and _literal(k) for k in node.keys) and all(_literal(v) for v in node.values)
    if isinstance(node, ast.UnaryOp) and isinstance(node.op, (ast.UAdd, ast.USub)):
        return isinstance(node.operand, ast.Constant) and isinstance(node.operand.value, (int, float, complex))
    return False


def _names(target: ast.AST) -> bool:
    if isinstance(target, ast.Name):
        return True
    return isinstance(target, (ast.Tuple, ast.List)) and all(_names(t) for t in target.elts)


def is_definition(stmt: ast.stmt) -> bool:
    """What the `definitions` policy runs: def, class, import, a literal assigned to names, a docstring, pass."""
    if isinstance(stmt, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef, ast.Import, ast.ImportFrom, ast.Pass)):
        return True
    if isinstance(stmt, ast.Assign):
        return all(_names(t) for t in stmt.targets) and _literal(stmt.value)
    if isinstance(stmt, ast.AnnAssign):
        return isinstance(stmt.target, ast.Name) and (stmt.value is None or _literal(stmt.value))
    return isinstance(stmt, ast.Expr) and isinstance(stmt.value, ast.Constant)


def _statement(lines: list[str], stmt: ast.stmt) -> tuple[int, list[str]]:
    """(first line, its text lines): whole lines for compound statements (with decorators), else the exact segment.

    Only the statement's own lines are read (ast's offsets are in UTF-8 bytes): never the whole cell again, so a
    cell of many statements costs linear time."""
    first = min([stmt.lineno] + [d.lineno for d in getattr(stmt, "decorator_list", [])])
    if isinstance(stmt, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
        return first, lines[first - 1:stmt.end_lineno]
    end, end_col = stmt.end_lineno or stmt.lineno, stmt.end_col_offset
    own = [line.encode("utf-8", "surrogatepass") for line in lines[stmt.lineno - 1:end]]
    if not own or end_col is None:
        return first, [""]
    own[-1] = own[-1][:end_col]
    own[0] = own[0][stmt.col_offset:]
    return first, [b.decode("utf-8", "replace") for b in own]


class _Builder:
    """The assembled text, line by line, each line tagged with its cell and line (or None for scaffolding)."""

    def __init__(self) -> None:
        self.lines: list[str] = []
        self.origins: list[tuple[int, int] | None] = []

    def add(self, text: str, origin: tuple[int, int] | None) -> None:
        self.lines.append(text)
        self.origins.append(origin)

    def block(self, cell: int, first: int, lines: list[str], indent: str = "") -> None:
        for k, line in enumerate(lines):
            self.add(indent + line if line.strip() else "", (cell, first + k))


def _definitions(b: _Builder, cell: int, lines: list[str], tree: ast.Module) -> list[Skipped]:
    skipped = []
    for stmt in tree.body:
        first, text = _statement(lines, stmt)
        if not is_definition(stmt):
            skipped.append(Skipped(cell, first, "not-a-definition", text[0].strip()[:SHOWN]))
        elif isinstance(stmt, (ast.Import, ast.ImportFrom)):
            b.add("try:", None)  # a module the grader lacks (a course helper, a plotting library) is skipped
            b.block(cell, first, text, "    ")
            b.add("except Exception:", None)
            b.add("    pass", None)
        else:
            b.block(cell, first, text)
    return skipped


def _graded_only(source: str) -> str:
    """A cell with only its #<GRADED> ... #</GRADED> lines kept; the others blank, so line numbers stay."""
    out, inside = [], False
    for line in source.splitlines():
        if GRADED_OPEN.match(line) or GRADED_CLOSE.match(line):
            inside = bool(GRADED_OPEN.match(line))
            out.append("")
        else:
            out.append(line if inside else "")
    return "\n".join(out)


def assemble(filename: str, raw: bytes, policy: str = "definitions") -> Notebook:
    """The Python text that runs for a notebook under `policy`; NotebookError when the file cannot be read.

    `definitions`: every code cell's def, class, import (an import that fails is skipped) and literal assignments,
    in order. `all`: every code cell in order, like Restart & Run All. `graded` (CS4780's notebooks): where the
    notebook marks code with #<GRADED> ... #</GRADED>, only those blocks, read as `definitions` reads a cell (as
    the course's own grader runs only them); a notebook without the markers is read as `definitions`.
    IPython magics and shell lines never run.
    """
    if policy not in POLICIES:
        raise ValueError(f"unknown notebook policy {policy!r}")
    b, skipped, code = _Builder(), [], []
    cells = read_cells(filename, raw)
    marked = policy == "graded" and any(k == "code" and any(GRADED_OPEN.match(x) for x in s.splitlines())
                                        for _, k, s, _ in cells)
    for cell, kind, source, _count in cells:
        if kind != "code":
            continue
        source = _graded_only(source) if marked else source
        code.append(cell)
        lines, magic, tree = cell_code(cell, source)
        skipped += magic
        if policy == "all":
            b.block(cell, 1, lines)
        elif isinstance(tree, SyntaxError):
            at = tree.lineno if tree.lineno and tree.lineno <= len(lines) else 0
            shown = lines[at - 1].strip()[:SHOWN] if at else (lines[0].strip()[:SHOWN] if lines else "")
            skipped.append(Skipped(cell, at, "syntax-error", shown, str(tree.msg)[:SHOWN]))
        else:
            skipped += _definitions(b, cell, lines, tree)
    if not code:
        raise NotebookError(f"{filename}: the notebook has no code cells")
    text = "\n".join(b.lines) + "\n"
    skipped.sort(key=lambda s: (s.cell, s.line))
    return Notebook(filename, policy, text, tuple(b.origins), tuple(code), len(cells), tuple(skipped))


def summary(nb: Notebook | None, limit: int = 20) -> dict | None:
    """Data for the report templates: the policy, the code cells, and the first `limit` skipped items."""
    if nb is None:
        return None
    items = sorted(nb.skipped, key=lambda s: (s.cell, s.line))
    shown = [{"where": f"cell {s.cell}" + (f", line {s.line}" if s.line else ""), "reason": s.reason,
              "text": s.text, "detail": s.detail} for s in items[:limit]]
    return {"policy": nb.policy, "cells": nb.cells, "code_cells": len(nb.code_cells), "skipped": shown,
            "more": len(items) - len(shown)}

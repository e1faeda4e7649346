"""A .py file's definitions only (def, class, import, literals), its other top-level code blanked line for line."""

from __future__ import annotations

import ast

from grader.intake.notebook import is_definition


def definitions_only(source: bytes) -> bytes:
    """The file with every top-level statement that is not a definition (as a notebook's `definitions` policy
    reads a cell) replaced by empty lines, so that line numbers stay the file's own. An experiment script's driver
    code (a thousand runs at import, a data file read) then does not run. A file that does not parse is returned
    as it is (the sandbox reports the syntax error)."""
    text = source.decode("utf-8")
    try:
        tree = ast.parse(text)
    except (SyntaxError, ValueError, RecursionError, MemoryError):
        return source
    lines = text.splitlines(keepends=True)
    keep, drop = set(), set()
    for stmt in tree.body:
        first = min([stmt.lineno] + [d.lineno for d in getattr(stmt, "decorator_list", [])])
        span = set(range(first - 1, (stmt.end_lineno or stmt.lineno)))
        (keep if is_definition(stmt) else drop).update(span)
    keep -= drop  # a line shared with other code (`import x; run()`) is left out whole
    out = [line if i in keep else ("\n" if line.endswith(("\n", "\r")) else "") for i, line in enumerate(lines)]
    return "".join(out).encode("utf-8")

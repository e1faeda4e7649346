"""The bundled presets that grade what a file defines, named when the chosen preset finds its function missing."""

from __future__ import annotations

import ast
from functools import lru_cache

from grader.assignments import Assignment, outline, preset_names

MAX_NAMED = 3


def class_methods(source: bytes | str) -> dict[str, frozenset[str]]:
    """Each top-level class of the file with the names of the methods it defines (read with ast, never run)."""
    try:
        tree = ast.parse(source)
    except (SyntaxError, ValueError, RecursionError, MemoryError):
        return {}
    return {node.name: frozenset(m.name for m in node.body if isinstance(m, (ast.FunctionDef, ast.AsyncFunctionDef)))
            for node in tree.body if isinstance(node, ast.ClassDef)}


@lru_cache(maxsize=1)
def _outlines() -> tuple:
    return tuple(outline(name) for name in preset_names())


def graded_elsewhere(a: Assignment, functions: frozenset[str], methods: dict[str, frozenset[str]]) -> tuple[str, ...]:
    """The bundled presets (other than `a`) whose every graded function the file defines, at least one of them a
    name `a` does not grade: the file was written for that course or term (CS188's `train_model`, Udacity's
    `perceptronStep` under another course). At most MAX_NAMED, by name."""
    ours = {n for f in a.functions for n in f.names}
    out = []
    for o in _outlines():
        have = methods.get(o.klass, frozenset()) if o.klass else functions
        found = [next((s for s in spelled if s in have), None) for spelled in o.accepted]
        if o.name != a.name and o.accepted and all(found) and any(n not in ours for n in found):
            out.append(o.name)
    return tuple(out[:MAX_NAMED])

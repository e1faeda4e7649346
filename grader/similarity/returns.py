"""A value named only to be returned, read as the return: `r = E` then `return r` as `return E`, an if/else whose
branches end storing `r` then `return r` as the if/else returning each, and a default overridden by an `if` then
returned (`r = A`, `if c: r = B`, `return r`) as the two-way return `if c: return B` / `return A` (for canon)."""

from __future__ import annotations

import ast
import copy
from collections import Counter

from grader.similarity.spelling import reads


def returned(stmts: list[ast.stmt], uses: Counter) -> list[ast.stmt]:
    """A block ending `r = E` then `return r` as `return E`, and `if c: ... r = A else: ... r = B` then
    `return r` as the if/else returning A and B: on every path the last store of `r` is what is returned, and
    nothing runs after a return. Where that return is the function's only read of `r`, the block's other plain
    stores of `r` are dead and go too."""
    last = stmts[-1] if len(stmts) > 1 else None
    if not (isinstance(last, ast.Return) and isinstance(last.value, ast.Name)):
        return stmts
    name = last.value.id
    stmts = _overridden(stmts, name)
    pushed = _push(stmts[-2], name)
    if pushed is None:
        return stmts
    if uses["load", name] != 1:
        return stmts[:-2] + pushed
    return [s for s in stmts[:-2] if not (_stores(s, name) and not _calls(s.value))] + pushed


def _overridden(stmts: list[ast.stmt], name: str) -> list[ast.stmt]:
    """`r = A` then `if c: ... r = B` then `return r` (a default overridden, then returned) as `if c: ... r = B
    else: r = A` then `return r`, so that it reads as `if c: return B` then `return A` and the conditional
    expression do: `A` calls nothing (it is worked out after `c` here) and neither `c` nor the branch reads `r`."""
    if len(stmts) < 3 or not _stores(stmts[-3], name) or _calls(stmts[-3].value):
        return stmts
    test = stmts[-2]
    if not (isinstance(test, ast.If) and not test.orelse and test.body and _stores(test.body[-1], name)) \
            or reads(test, name):
        return stmts
    new = copy.copy(test)
    new.orelse = [stmts[-3]]
    return stmts[:-3] + [new, stmts[-1]]


def _calls(node: ast.expr) -> bool:
    return any(isinstance(n, ast.Call) for n in ast.walk(node))


def _stores(stmt: ast.stmt, name: str) -> bool:
    return (isinstance(stmt, ast.Assign) and len(stmt.targets) == 1 and isinstance(stmt.targets[0], ast.Name)
            and stmt.targets[0].id == name)


def _push(stmt: ast.stmt, name: str) -> list[ast.stmt] | None:
    """`stmt` with its final stores of `name` as returns of their values (a new tree), or None where a path
    through it may end without storing `name`."""
    if _stores(stmt, name):
        return [ast.copy_location(ast.Return(value=stmt.value), stmt)]
    if isinstance(stmt, ast.If) and stmt.orelse:
        body, orelse = _push_block(stmt.body, name), _push_block(stmt.orelse, name)
        if body is None or orelse is None:
            return None
        new = copy.copy(stmt)
        new.body, new.orelse = body, orelse
        return [new]
    return None


def _push_block(block: list[ast.stmt], name: str) -> list[ast.stmt] | None:
    if block and isinstance(block[-1], (ast.Return, ast.Raise)):
        return block  # this path returns already
    pushed = _push(block[-1], name) if block else None
    return None if pushed is None else block[:-1] + pushed

"""Control flow reshaped, read back to one shape for canon: an `if` whose only statement is another `if` (neither
with an else) as one `if` on both tests joined by `and`, and `if c: return True else: return False` as
`return c` (c a comparison or a boolean operation, so that its value is a bool)."""

from __future__ import annotations

import ast

_BOOLEAN = (ast.Compare, ast.BoolOp)


def _conjuncts(test: ast.expr) -> list[ast.expr]:
    return list(test.values) if isinstance(test, ast.BoolOp) and isinstance(test.op, ast.And) else [test]


def merged(node: ast.If) -> ast.If:
    """`if a: if b: X` (no else on either) as `if a and b: X` (what runs, and when, is the same)."""
    inner = node.body[0] if len(node.body) == 1 else None
    if node.orelse or not isinstance(inner, ast.If) or inner.orelse:
        return node
    test = ast.BoolOp(op=ast.And(), values=_conjuncts(node.test) + _conjuncts(inner.test))
    return ast.copy_location(ast.If(test=ast.copy_location(test, node.test), body=inner.body, orelse=[]), node)


def _returns(block: list[ast.stmt]) -> bool | None:
    """True or False for a block that is `return True` / `return False`, else None."""
    if len(block) == 1 and isinstance(block[0], ast.Return) and isinstance(block[0].value, ast.Constant) \
            and isinstance(block[0].value.value, bool):
        return block[0].value.value
    return None


def boolean(node: ast.If) -> ast.expr | None:
    """The value `if c: return True else: return False` returns (`c`, or `not c` turned around), else None."""
    yes, no = _returns(node.body), _returns(node.orelse)
    if yes is None or no is None or yes == no:
        return None
    test = node.test
    is_bool = isinstance(test, _BOOLEAN) or isinstance(test, ast.UnaryOp) and isinstance(test.op, ast.Not)
    if not is_bool:
        return None
    return test if yes else ast.copy_location(ast.UnaryOp(op=ast.Not(), operand=test), test)

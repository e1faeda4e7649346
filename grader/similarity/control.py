"""Control flow and helpers reshaped, read back to one shape for canon: an `if` whose only statement is another
`if` (neither with an else) as one `if` on both tests joined by `and`; `if c: return True else: return False` as
`return c` (c a comparison or a boolean operation, so that its value is a bool); a list comprehension as the loop
that appends; a helper written as a lambda as its `def`."""

from __future__ import annotations

import ast

_BOOLEAN = (ast.Compare, ast.BoolOp)
LISTED = "_listed"  # the name a returned list comprehension's loop builds its list in (a student's own name)


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


def unrolled(stmt: ast.stmt) -> list[ast.stmt] | None:
    """`r = [E for t in S if c]` (or that list returned) as the loop it stands for: `r = []`, then `for t in S:
    if c: r.append(E)` (and `return r`), as a student writing the loop by hand does; None for anything else."""
    value = stmt.value if isinstance(stmt, (ast.Assign, ast.Return)) else None
    if not (isinstance(value, ast.ListComp) and len(value.generators) == 1 and not value.generators[0].is_async):
        return None
    if isinstance(stmt, ast.Assign) and not (len(stmt.targets) == 1 and isinstance(stmt.targets[0], ast.Name)):
        return None
    name = stmt.targets[0].id if isinstance(stmt, ast.Assign) else LISTED
    gen = value.generators[0]
    append = ast.Expr(ast.Call(ast.Attribute(ast.Name(name, ast.Load()), "append", ast.Load()), [value.elt], []))
    body: ast.stmt = append
    for test in reversed(gen.ifs):
        body = ast.If(test=test, body=[body], orelse=[])
    out = [ast.Assign(targets=[ast.Name(name, ast.Store())], value=ast.List([], ast.Load())),
           ast.For(target=gen.target, iter=gen.iter, body=[body], orelse=[])]
    if isinstance(stmt, ast.Return):
        out.append(ast.Return(ast.Name(name, ast.Load())))
    return [ast.fix_missing_locations(ast.copy_location(s, stmt)) for s in out]


def lambdas_as_defs(tree: ast.Module) -> ast.Module:
    """The module with each `name = lambda args: E` at its top level (or a class's) as `def name(args): return E`,
    so that a helper written as a lambda is a helper like any other (inlined where it is called)."""
    for holder in [tree] + [s for s in tree.body if isinstance(s, ast.ClassDef)]:
        holder.body = [_as_def(s) for s in holder.body]
    return tree


def _as_def(stmt: ast.stmt) -> ast.stmt:
    if not (isinstance(stmt, ast.Assign) and len(stmt.targets) == 1 and isinstance(stmt.targets[0], ast.Name)
            and isinstance(stmt.value, ast.Lambda)):
        return stmt
    body = [ast.copy_location(ast.Return(value=stmt.value.body), stmt.value.body)]
    new = ast.FunctionDef(name=stmt.targets[0].id, args=stmt.value.args, body=body, decorator_list=[], returns=None)
    if "type_params" in ast.FunctionDef._fields:  # Python 3.12 and later
        new.type_params = []
    return ast.copy_location(new, stmt)

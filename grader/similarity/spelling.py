"""Rewrites of how a student spells a step, for canon: a condition, a score or a call's result named once and
tested once as the test, an arithmetic step named once and read once by the next statement in
place (a value named only to be returned: returns.py), a conditional expression as its if/else, an
index loop that names its elements (`x = X[i]`) as the for-each loop it stands for (`for x in X`, `for x, t in
zip(X, y)`), `for i, x in enumerate(X)` as the index loop on `X[i]`, and `a, b = e1, e2` as two assignments."""

from __future__ import annotations

import ast
import copy
from collections import Counter

from grader.similarity.operators import arithmetic

_INDEX_PARTS = (ast.Constant, ast.Slice, ast.Tuple, ast.BinOp, ast.UnaryOp, ast.operator, ast.unaryop, ast.Load)
_SEQUENCES = (ast.Name, ast.Attribute, ast.Subscript)


class Put(ast.NodeTransformer):
    """A tree with the reads of some names replaced by the expressions they stand for (a fresh copy each)."""

    def __init__(self, given: dict[str, ast.expr]):
        self.given = given

    def visit_Name(self, node: ast.Name) -> ast.expr:
        if node.id in self.given and isinstance(node.ctx, ast.Load):
            return ast.copy_location(copy.deepcopy(self.given[node.id]), node)
        return node


def put_once(tree: ast.expr, name: str, value: ast.expr) -> ast.expr:
    """`tree` with its one read of `name` replaced by `value` itself (no copy: nothing else reads it)."""
    if isinstance(tree, ast.Name) and tree.id == name and isinstance(tree.ctx, ast.Load):
        return value
    stack = [tree]
    while stack:
        node = stack.pop()
        for field in node._fields:
            v = getattr(node, field, None)
            for k, child in enumerate(v) if type(v) is list else [(None, v)]:
                if type(child) is ast.Name and child.id == name and type(child.ctx) is ast.Load:
                    if k is None:
                        setattr(node, field, value)
                    else:
                        v[k] = value
                    return tree
                if isinstance(child, ast.AST):
                    stack.append(child)
    return tree


def _children(node: ast.AST) -> list[ast.AST]:
    out = []
    for field in node._fields:
        v = getattr(node, field, None)
        if type(v) is list:
            out.extend(x for x in v if isinstance(x, ast.AST))
        elif isinstance(v, ast.AST):
            out.append(v)
    return out


def reads(stmt: ast.AST, name: str) -> bool:
    """Whether the tree reads `name` (a walk without ast.walk's generators: this is asked of most statements)."""
    stack = [stmt]
    while stack:
        n = stack.pop()
        if type(n) is ast.Name:
            if n.id == name and type(n.ctx) is ast.Load:
                return True
        else:
            stack.extend(_children(n))
    return False


def temporaries(stmts: list[ast.stmt], uses: Counter) -> list[ast.stmt]:
    """A block with each condition the function names once and tests once, in the next statement, put where it
    is tested (`wrong = y * (w @ x) <= 0` then `if wrong:` as `if y * (w @ x) <= 0:`), likewise the scores an
    `if` test reads that are named just before it and read nowhere else (`s = y * (w @ x)` then `if s <= 0:`)
    and the arithmetic steps an assignment, a return or an expression reads so (`d = eta * y * x` then
    `w = w + d`), and a conditional expression given or returned as the if/else it stands for.
    A `while` test takes a named condition only: a value named before the loop is computed once, not per turn."""
    out: list[ast.stmt] = []
    for stmt in stmts:
        stmt = _as_if(stmt)  # `return a if s > 0 else b` is an if/else whose test may read a named score
        last = out[-1] if out else None
        if _flag(last, uses) and isinstance(stmt, (ast.If, ast.While)) and reads(stmt.test, last.targets[0].id):
            out.pop()
            stmt.test = put_once(stmt.test, last.targets[0].id, last.value)
        elif isinstance(stmt, ast.If):
            stmt.test = _put_named(out, stmt.test, uses, calls=True)
        elif isinstance(stmt, _SIMPLE) and stmt.value is not None:
            stmt.value = _put_named(out, stmt.value, uses)
        out.append(stmt)
    return out


_SIMPLE = (ast.Assign, ast.AugAssign, ast.Return, ast.Expr)


def _put_named(out: list[ast.stmt], value: ast.expr, uses: Counter, calls: bool = False) -> ast.expr:
    """`value` with the arithmetic values (with `calls`, any call's result) named just before it (popped from
    `out`) and read only there put in place."""
    given: dict[str, ast.expr] = {}
    while out and _once(out[-1], uses, calls) and reads(value, out[-1].targets[0].id) \
            and not any(reads(v, out[-1].targets[0].id) for v in given.values()) \
            and (not getattr(out[-1].value, "put", False) or _small(out[-1].value)):
        named = out.pop()
        given[named.targets[0].id] = named.value
    for name in reversed(list(given)):  # the earliest named first: a later value may read an earlier name
        value = put_once(value, name, given[name])
    if given:
        value.put = True  # a value built here: only such a value can grow along a chain (see _small)
    return value


def _small(value: ast.expr, most: int = 64) -> bool:
    """At most `most` nodes: a chain of named steps is put in place until its value grows past a few lines (so
    that a long chain neither nests without end nor costs its square)."""
    stack, count = [value], 0
    while stack:
        count += 1
        if count > most:
            return False
        stack.extend(_children(stack.pop()))
    return True


def _once(stmt: ast.stmt, uses: Counter, calls: bool = False) -> bool:
    """`v = E` with E arithmetic (a score: `y * (w @ x)`, `-m`, `np.dot(w, x)`), or with `calls` (the read is an
    `if` test) any call (`p = self.get_prediction(x)` then `if p != t:`), the function's only store of `v` and its
    only read. A call's result read by anything else stays named (measured: read in place in assignments too, two
    MIT 6.036 heavy copies that pass a named `params.get('T')` to a helper lose their source)."""
    return (isinstance(stmt, ast.Assign) and len(stmt.targets) == 1 and isinstance(stmt.targets[0], ast.Name)
            and (arithmetic(stmt.value) or calls and isinstance(stmt.value, ast.Call))
            and uses["store", stmt.targets[0].id] == 1 and uses["load", stmt.targets[0].id] == 1)


def _flag(stmt: ast.stmt | None, uses: Counter) -> bool:
    """`v = TEST` (a comparison, `and`/`or`, `not`), the function's only store of `v` and its only read."""
    return (isinstance(stmt, ast.Assign) and len(stmt.targets) == 1 and isinstance(stmt.targets[0], ast.Name)
            and (isinstance(stmt.value, (ast.Compare, ast.BoolOp))
                 or isinstance(stmt.value, ast.UnaryOp) and isinstance(stmt.value.op, ast.Not))
            and uses["store", stmt.targets[0].id] == 1 and uses["load", stmt.targets[0].id] == 1)


def _as_if(stmt: ast.stmt) -> ast.stmt:
    """`return a if c else b` and `v = a if c else b` as the if/else they stand for."""
    value = getattr(stmt, "value", None)
    if not isinstance(stmt, (ast.Return, ast.Assign)) or not isinstance(value, ast.IfExp):
        return stmt
    arms = []
    for part in (value.body, value.orelse):
        arm = copy.copy(stmt)
        arm.value = part
        arms.append(arm)
    return ast.copy_location(ast.If(test=value.test, body=[arms[0]], orelse=[arms[1]]), stmt)


def elements(loop: ast.For | ast.While, uses: Counter, indices: set[str]) -> list[ast.stmt]:
    """The loop's body read as a for-each loop's: an index loop's names for its elements (`x = X[i]`,
    `x, t = X[i], y[i]`, the function's only store of each name) left out, so that `for i in range(len(X)):
    x = X[i]` reads as `for x in X:` (the header does not count). A subscript read in place (`X[i]` in the body)
    is left as it is: independent solutions differ by that choice alone, and a disguise rarely makes it."""
    return [stmt for stmt in loop.body if not _alias(stmt, uses, indices)]


def _alias(stmt: ast.stmt, uses: Counter, indices: set[str]) -> dict[str, ast.expr]:
    """{x: X[i]} for `x = X[i]` (or `x = X[:, i:i + 1]`, and the tuple form) naming elements of the loop."""
    if not (isinstance(stmt, ast.Assign) and len(stmt.targets) == 1):
        return {}
    target, value = stmt.targets[0], stmt.value
    pairs = list(zip(target.elts, value.elts)) if isinstance(target, ast.Tuple) and isinstance(value, ast.Tuple) \
        and len(target.elts) == len(value.elts) else [(target, value)]
    found = {}
    for t, v in pairs:
        if not (isinstance(t, ast.Name) and uses["store", t.id] == 1 and isinstance(v, ast.Subscript)
                and isinstance(v.value, _SEQUENCES) and _counted(v.slice, indices)):
            return {}
        found[t.id] = v
    return found


def _counted(index: ast.expr, indices: set[str]) -> bool:
    """A subscript made of loop counters and literals only (`i`, `i, :`, `:, i:i + 1`), at least one counter."""
    counted = False
    for n in ast.walk(index):
        if isinstance(n, ast.Name):
            if n.id not in indices:
                return False
            counted = True
        elif not isinstance(n, _INDEX_PARTS):
            return False
    return counted


def split(stmts: list[ast.stmt]) -> list[ast.stmt]:
    """A block with each `a, b = e1, e2` as `a = e1` then `b = e2` (what it does unless one value reads another's
    target, as a swap does: that one stays whole)."""
    out: list[ast.stmt] = []
    for stmt in stmts:
        out.extend(_parts(stmt) or [stmt])
    return out


def _parts(stmt: ast.stmt) -> list[ast.stmt]:
    if not (isinstance(stmt, ast.Assign) and len(stmt.targets) == 1 and isinstance(stmt.targets[0], ast.Tuple)
            and isinstance(stmt.value, ast.Tuple) and len(stmt.targets[0].elts) == len(stmt.value.elts) > 1):
        return []
    targets, values = stmt.targets[0].elts, stmt.value.elts
    if any(isinstance(t, ast.Starred) for t in targets) or any(isinstance(v, ast.Starred) for v in values):
        return []
    stored = [{n.id for n in ast.walk(t) if isinstance(n, ast.Name)} for t in targets]
    read = [{n.id for n in ast.walk(v) if isinstance(n, ast.Name) and isinstance(n.ctx, ast.Load)} for v in values]
    if any(stored[i] & read[j] for i in range(len(targets)) for j in range(len(values)) if i != j):
        return []
    return [ast.copy_location(ast.Assign(targets=[t], value=v), stmt) for t, v in zip(targets, values)]


def enumerated(loop: ast.For, uses: Counter) -> ast.For:
    """`for i, x in enumerate(X)` whose `x` is only the loop's element read as the index loop it stands for: `x` in
    the body as `X[i]` (the header does not count), so that it reads as `for i in range(len(X))` on `X[i]`."""
    it, target = loop.iter, loop.target
    if not (isinstance(it, ast.Call) and isinstance(it.func, ast.Name) and it.func.id == "enumerate"
            and len(it.args) == 1 and not it.keywords and isinstance(it.args[0], _SEQUENCES)
            and isinstance(target, ast.Tuple) and len(target.elts) == 2
            and all(isinstance(e, ast.Name) and uses["store", e.id] == 1 for e in target.elts)):
        return loop
    index, element = target.elts
    sequence = it.args[0]
    if _stored_in(loop.body, sequence):
        return loop
    given = {element.id: ast.Subscript(value=sequence, slice=ast.Name(index.id, ast.Load()), ctx=ast.Load())}
    loop.body = [Put(given).visit(s) for s in loop.body]
    loop.target = ast.Name(index.id, ast.Store())
    return loop


def _stored_in(body: list[ast.stmt], sequence: ast.expr) -> bool:
    """Whether the loop's body assigns the name its sequence is read from (then `x` and `X[i]` may differ)."""
    root = sequence
    while isinstance(root, (ast.Attribute, ast.Subscript)):
        root = root.value
    name = root.id if isinstance(root, ast.Name) else None
    return any(isinstance(n, ast.Name) and n.id == name and not isinstance(n.ctx, ast.Load)
               for s in body for n in ast.walk(s))

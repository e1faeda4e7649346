"""Rewrites that make equivalent student code the same tree: `x += y` as `x = x + y`, `np.dot(a, b)` as `a @ b`,
`a > b` as `b < a`, `if c: continue` as an `if not c:` around the rest, `while True: if c: break` as
`while not c:` (and `while True: B; if f: break` on a flag as `while not f: B`), a name used once as what it
names (a test, a score tested, a value returned), `v = a if c else b` as an if/else, `x = X[i]` in a loop on `i`
as the element of `for x in X`, `for i, x in enumerate(X)` with `x` read as `X[i]`, `a, b = e1, e2` as two
assignments, and dead code and `assert`s dropped (never executed, or input checking only)."""

from __future__ import annotations

import ast

from grader.similarity.census import Census, Scope, constant_test, idle
from grader.similarity.control import LISTED, boolean, bottom_tested, initial_flag, iterated, merged, unrolled
from grader.similarity.operators import operator, transposed
from grader.similarity.spelling import elements, enumerated, returned, split, temporaries

_FLIP = {ast.Gt: ast.Lt, ast.GtE: ast.LtE}
_NEGATE = {ast.Lt: ast.GtE, ast.LtE: ast.Gt, ast.Gt: ast.LtE, ast.GtE: ast.Lt, ast.Eq: ast.NotEq, ast.NotEq: ast.Eq,
           ast.In: ast.NotIn, ast.NotIn: ast.In, ast.Is: ast.IsNot, ast.IsNot: ast.Is}
_EXITS = (ast.Return, ast.Raise, ast.Continue, ast.Break)
_LEAVING = (ast.Return, ast.Raise, ast.Break)  # a guard's last statement: what follows the guard is its else
_BLOCKS = ("body", "orelse", "finalbody")
_INERT = (ast.Name, ast.Constant, ast.expr_context, ast.operator, ast.cmpop, ast.unaryop, ast.boolop, ast.alias)


def _calls(node: ast.expr) -> bool:
    """An expression that calls something (its evaluation may do more than compute a value)."""
    return any(isinstance(n, ast.Call) for n in ast.walk(node))


def _initial(stmt: ast.stmt, counters: set[str]) -> bool:
    """`i = 0` (a literal) for one of a loop's counters."""
    return (isinstance(stmt, ast.Assign) and len(stmt.targets) == 1 and isinstance(stmt.targets[0], ast.Name)
            and stmt.targets[0].id in counters and isinstance(stmt.value, ast.Constant))


def _stop(stmt: ast.stmt, test: ast.expr, uses) -> bool:
    """`stop = E` (stored once, read once: in a counted loop's test): how far the loop counts, part of its header."""
    if not (isinstance(stmt, ast.Assign) and len(stmt.targets) == 1 and isinstance(stmt.targets[0], ast.Name)):
        return False
    name = stmt.targets[0].id
    return (uses["store", name] == 1 and uses["load", name] == 1
            and any(isinstance(n, ast.Name) and n.id == name for n in ast.walk(test)))


def _negative(test: ast.expr) -> bool:
    """The one of each pair of opposite comparisons an if/else is turned around on (`<=` of `<` and `<=`, `!=`,
    `not in`, `is not`), so that `if c: A else: B` and `if not c: B else: A` read alike however `c` is written."""
    return isinstance(test, ast.Compare) and len(test.ops) == 1 and isinstance(test.ops[0], _TURNED)


_TURNED = (ast.LtE, ast.NotEq, ast.NotIn, ast.IsNot)


def _bare_return(stmt: ast.stmt) -> bool:
    return isinstance(stmt, ast.Return) and (stmt.value is None
                                             or isinstance(stmt.value, ast.Constant) and stmt.value.value is None)


def _continue(stmt: ast.stmt) -> bool:
    return isinstance(stmt, ast.Continue)


def _trimmed(body: list[ast.stmt], idle_last) -> list[ast.stmt]:
    """A body without its last statement where that does nothing there (`return` ending a function, `continue`
    ending a loop's turn: a loop's is trimmed before its body is read, so a guard cannot take it as its else)."""
    return body[:-1] if body and idle_last(body[-1]) else body


def _counter(stmt: ast.stmt, names: set[str]) -> bool:
    """`i += 1` / `i = i + 1` on a name the loop test reads: the bookkeeping of a `while` written for a `for`."""
    if isinstance(stmt, ast.AugAssign) and isinstance(stmt.target, ast.Name):
        return (stmt.target.id in names and isinstance(stmt.op, (ast.Add, ast.Sub))
                and isinstance(stmt.value, ast.Constant))
    if isinstance(stmt, ast.Assign) and len(stmt.targets) == 1 and isinstance(stmt.targets[0], ast.Name):
        v = stmt.value
        return (stmt.targets[0].id in names and isinstance(v, ast.BinOp) and isinstance(v.op, (ast.Add, ast.Sub))
                and isinstance(v.right, ast.Constant))
    return False


class _Expressions(ast.NodeTransformer):
    """Part of Canon (which gives `generic_visit`): the expressions' canonical spellings (`not` pushed into a
    comparison, `a > b` as `b < a`, the products as `@`, `x += y` as `x = x + y`)."""

    def visit_UnaryOp(self, node: ast.UnaryOp) -> ast.AST:
        node = self.generic_visit(node)
        if isinstance(node.op, ast.Not):
            inner = node.operand
            if isinstance(inner, ast.UnaryOp) and isinstance(inner.op, ast.Not):
                return inner.operand
            if isinstance(inner, ast.Compare) and len(inner.ops) == 1 and type(inner.ops[0]) in _NEGATE:
                return self.visit_Compare(ast.Compare(inner.left, [_NEGATE[type(inner.ops[0])]()], inner.comparators))
        return node

    def visit_Compare(self, node: ast.Compare) -> ast.AST:
        node = self.generic_visit(node)
        if len(node.ops) == 1 and type(node.ops[0]) in _FLIP:
            node = ast.Compare(node.comparators[0], [_FLIP[type(node.ops[0])]()], [node.left])
        return node

    def visit_Attribute(self, node: ast.Attribute) -> ast.AST:
        return transposed(self.generic_visit(node))

    def visit_AugAssign(self, node: ast.AugAssign) -> ast.AST:
        load = ast.fix_missing_locations(ast.copy_location(_as_load(node.target), node))
        new = ast.Assign(targets=[node.target], value=ast.BinOp(load, node.op, node.value))
        return self.visit(ast.copy_location(new, node))

    def visit_Call(self, node: ast.Call) -> ast.AST:
        node = self.generic_visit(node)
        new = operator(node, self.lists)
        return node if new is None else self.visit_Compare(new) if isinstance(new, ast.Compare) else new


class _Loops(ast.NodeTransformer):
    """Part of Canon (which gives `scopes` and `generic_visit`): a loop's elements named or enumerated read as
    the for-each loop's, `while True: if c: break` as `while not c:`, and a `while`'s counter as bookkeeping."""

    def visit_For(self, node: ast.For) -> ast.AST:
        node = enumerated(node, self.scopes[-1].uses)
        node.body = _trimmed(elements(node, self.scopes[-1].uses, self.scopes[-1].indices), _continue)
        return self.generic_visit(node)

    visit_AsyncFor = visit_For

    def visit_While(self, node: ast.While) -> ast.AST | None:
        if constant_test(node.test) is False:
            return None
        first = node.body[0] if node.body else None
        if constant_test(node.test) is True and isinstance(first, ast.If) and not first.orelse \
                and len(first.body) == 1 and isinstance(first.body[0], ast.Break):
            node.test, node.body = ast.UnaryOp(ast.Not(), first.test), node.body[1:]  # `while True: if c: break`
        node = bottom_tested(node, self.scopes[-1].uses)  # `while True: B; if c: break`
        names = {n.id for n in ast.walk(node.test) if isinstance(n, ast.Name)}
        body = _trimmed(elements(node, self.scopes[-1].uses, self.scopes[-1].indices), _continue)
        node.body = [s for s in body if not _counter(s, names)]  # taken out before a guard's else can take them
        node.counters = {n.id for s in body if s not in node.body  # read by block: their `i = 0`
                         for n in ast.walk(s) if isinstance(n, ast.Name) and not isinstance(n.ctx, ast.Load)}
        return self.generic_visit(node)


class Canon(_Expressions, _Loops):
    """One pass over a module: every node rewritten to the canonical spelling of what it does."""

    def __init__(self, census: Census):
        self.dead = census.dead  # names assigned and never read anywhere in the file
        self.census = census
        self.lists = census.lists  # names the file stores a Python list in: numpy's `np.add` on them is not `+`
        # per function being rewritten (the module's code: the module): how often it stores and reads each name
        # and the names its loops count with (`x = X[i]` under them names an element, as `x` of `for x in X`)
        self.scopes: list[Scope] = [census.module]

    def visit_FunctionDef(self, node: ast.FunctionDef) -> ast.AST:
        self.scopes.append(self.census.scope(node))
        try:
            node = self.generic_visit(node)
        finally:
            self.scopes.pop()
        node.body = _trimmed(node.body, _bare_return)  # a last `return` / `return None` does nothing
        return node

    visit_AsyncFunctionDef = visit_FunctionDef

    def block(self, stmts: list[ast.stmt]) -> list[ast.stmt]:
        out: list[ast.stmt] = []
        uses = self.scopes[-1].uses
        stmts = iterated([s for s in split(stmts) if not (idle(s) or self._dead_store(s))], uses)
        stmts = temporaries(returned(stmts, uses), uses)
        stmts = [s for stmt in stmts for s in (self._unrolled(stmt) or [stmt])]
        for k, stmt in enumerate(stmts):
            if isinstance(stmt, ast.If) and not stmt.orelse and len(stmt.body) == 1 \
                    and isinstance(stmt.body[0], ast.Continue) and k + 1 < len(stmts):
                rest = ast.If(test=ast.UnaryOp(ast.Not(), stmt.test), body=stmts[k + 1:], orelse=[])
                out.extend(self.block([ast.copy_location(rest, stmt)]))
                break
            if isinstance(stmt, ast.If) and not stmt.orelse and stmt.body and isinstance(stmt.body[-1], _LEAVING) \
                    and k + 1 < len(stmts):  # a guard `if c: return a` (or `break`) then the rest: the rest is its else
                whole = ast.If(test=stmt.test, body=stmt.body, orelse=stmts[k + 1:])
                out.extend(self.block([ast.copy_location(whole, stmt)]))
                break
            new = self.visit(stmt)
            while out and getattr(new, "counters", None) and (_initial(out[-1], new.counters)
                                                               or _stop(out[-1], new.test, uses)):
                out.pop()  # `i = 0` (and `stop = n`) before `while i < stop: ... i += 1`: a `for`'s bookkeeping
            start = initial_flag(out, new, uses)
            if start is not None:
                del out[start]  # `done = False` before `while not done:`: the loop's starting state
            out.extend(new if isinstance(new, list) else [new] if new is not None else [])
            if isinstance(stmt, _EXITS):
                break  # what follows never runs
        return out

    def _unrolled(self, stmt: ast.stmt) -> list[ast.stmt] | None:
        """`r = [E for t in S]` as its loop (control.unrolled), whose list's name is the student's."""
        out = unrolled(stmt)
        if out:
            self.census.names.add(LISTED)
        return out

    def _dead_store(self, stmt: ast.stmt) -> bool:
        """`v = E` where nothing that counts reads `v` (a print or an `if debug:` test does not)."""
        return (isinstance(stmt, ast.Assign) and len(stmt.targets) == 1 and isinstance(stmt.targets[0], ast.Name)
                and stmt.targets[0].id in self.dead)

    def generic_visit(self, node: ast.AST) -> ast.AST:
        """Blocks through `block`, other children visited; names, literals and operators have nothing to rewrite
        (skipping them halves the time of the pass)."""
        blocks = not isinstance(node, ast.IfExp)
        for field in node._fields:
            value = getattr(node, field, None)
            if type(value) is list:
                if blocks and field in _BLOCKS:
                    setattr(node, field, self.block(value))
                elif value:
                    setattr(node, field, [self.visit(v) if isinstance(v, ast.AST) and not isinstance(v, _INERT)
                                          else v for v in value])
            elif isinstance(value, ast.AST) and not isinstance(value, _INERT):
                setattr(node, field, self.visit(value))
        return node

    def visit_Try(self, node: ast.Try) -> ast.AST | list[ast.stmt] | None:
        """`try: B except E: pass` or `except E: raise` (handlers that do nothing or raise again what they
        caught, no else or finally) is the code it wraps."""
        if not node.orelse and not node.finalbody and all(_reraises(h) or _idle(h.body) for h in node.handlers):
            return self.block(node.body) or None
        return self.generic_visit(node)

    def visit_If(self, node: ast.If) -> ast.AST | list[ast.stmt] | None:
        const = constant_test(node.test)
        if const is not None:
            return self.block(node.body if const else node.orelse) or None
        node = self.generic_visit(node)
        if not node.body and not node.orelse and not _calls(node.test):
            return None  # `if DEBUG: print(...)`: nothing left to run, and its test does nothing
        if not node.body:  # `if c: print(...) else: B` is `if not c: B`
            node.test, node.body, node.orelse = self.visit_UnaryOp(ast.UnaryOp(ast.Not(), node.test)), node.orelse, []
        if node.orelse and isinstance(node.test, ast.UnaryOp) and isinstance(node.test.op, ast.Not):
            node.test, node.body, node.orelse = node.test.operand, node.orelse, node.body
        elif node.orelse and _negative(node.test):  # `if a <= b: A else: B` as `if b < a: B else: A`
            node.test = self.visit_UnaryOp(ast.UnaryOp(ast.Not(), node.test))
            node.body, node.orelse = node.orelse, node.body
        value = boolean(node)  # `if c: return True else: return False` is `return c`
        if value is not None:
            return ast.copy_location(ast.Return(value=self.visit(value)), node)
        return merged(node)


def _idle(body: list[ast.stmt]) -> bool:
    return all(idle(s) for s in body)


def _reraises(handler: ast.ExceptHandler) -> bool:
    """`except E: raise` (or `except E as e: raise e`): what it catches goes on as if it were not caught."""
    body = [s for s in handler.body if not idle(s)]
    if len(body) != 1 or not isinstance(body[0], ast.Raise) or body[0].cause is not None:
        return False
    exc = body[0].exc
    return exc is None or (isinstance(exc, ast.Name) and handler.name is not None and exc.id == handler.name)


def _as_load(target: ast.expr) -> ast.expr:
    """The read of an assignment target (`x[i]` as read in `x[i] = x[i] + y`)."""
    new = ast.parse(ast.unparse(target), mode="eval").body
    return new


def canonical(tree: ast.Module, census: Census | None = None) -> ast.Module:
    """The module rewritten in place to its canonical form (and returned); `census`: its Census, if taken."""
    tree.body = Canon(census or Census(tree)).block(tree.body)
    return tree

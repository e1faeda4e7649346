"""Control flow and helpers reshaped, read back to one shape for canon: an `if` whose only statement is another
`if` (neither with an else) as one `if` on both tests joined by `and`; `if c: return True else: return False` as
`return c` (c a comparison or a boolean operation, so that its value is a bool); a list comprehension as the loop
that appends; a helper written as a lambda as its `def`; a logging call as the print it is; a convergence flag
tested at the bottom of its loop as the loop's test, and its starting value as the loop's header; a literal stored
in a flag moved up past the simple statements that do not name it (for tokens)."""

from __future__ import annotations

import ast
import copy

from grader.similarity.census import nodes

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
    if c: r.append(E)` (and `return r`), as a student writing the loop by hand does, and likewise the list given
    as the only argument of a call assigned or returned (`return np.array([E for t in S])`: the loop, then
    `return np.array(r)`); None for anything else."""
    value = holder = stmt.value if isinstance(stmt, (ast.Assign, ast.Return)) else None
    if isinstance(value, ast.Call) and len(value.args) == 1 and not value.keywords:
        value = value.args[0]  # `np.array([E for t in S])`: the list built, then given to the call
    if not (isinstance(value, ast.ListComp) and len(value.generators) == 1 and not value.generators[0].is_async):
        return None
    if isinstance(stmt, ast.Assign) and not (len(stmt.targets) == 1 and isinstance(stmt.targets[0], ast.Name)):
        return None
    name = stmt.targets[0].id if isinstance(stmt, ast.Assign) and holder is value else LISTED
    gen = value.generators[0]
    append = ast.Expr(ast.Call(ast.Attribute(ast.Name(name, ast.Load()), "append", ast.Load()), [value.elt], []))
    body: ast.stmt = append
    for test in reversed(gen.ifs):
        body = ast.If(test=test, body=[body], orelse=[])
    out = [ast.Assign(targets=[ast.Name(name, ast.Store())], value=ast.List([], ast.Load())),
           ast.For(target=gen.target, iter=gen.iter, body=[body], orelse=[])]
    if holder is not value:  # `r = f(the list)` or `return f(the list)`
        given = copy.copy(stmt)
        given.value = ast.Call(func=holder.func, args=[ast.Name(name, ast.Load())], keywords=[])
        out.append(given)
    elif isinstance(stmt, ast.Return):
        out.append(ast.Return(ast.Name(name, ast.Load())))
    return [ast.fix_missing_locations(ast.copy_location(s, stmt)) for s in out]


def lambdas_as_defs(tree: ast.Module) -> ast.Module:
    """The module with each `name = lambda args: E` at its top level (or a class's) as `def name(args): return E`,
    so that a helper written as a lambda is a helper like any other (inlined where it is called)."""
    for holder in [tree] + [s for s in tree.body if isinstance(s, ast.ClassDef)]:
        holder.body = [_as_def(s) for s in holder.body]
    return tree


def logged_as_prints(tree: ast.Module, source: str) -> ast.Module:
    """The module (parsed from `source`) with every call statement on the `logging` module or on a logger the file
    makes (`log = logging.getLogger(...)`, `self.log = ...`) as a `print` of its arguments: like a print it only
    shows something (`_log.debug("%s called", name)`, `logging.basicConfig(...)`), so it is dropped as prints are.
    A file whose text never names `logging` is returned as it is, unwalked."""
    if "logging" not in source:
        return tree
    modules = {(a.asname or a.name) for n in nodes(tree) if isinstance(n, ast.Import) for a in n.names
               if a.name == "logging"}
    if not modules:
        return tree
    loggers = {ast.unparse(t) for n in nodes(tree) if isinstance(n, ast.Assign) and _logging(n.value, modules, set())
               for t in n.targets if isinstance(t, (ast.Name, ast.Attribute))}
    for n in nodes(tree):
        if isinstance(n, ast.Expr) and isinstance(n.value, ast.Call) and _logging(n.value.func, modules, loggers):
            n.value = ast.copy_location(ast.Call(ast.Name("print", ast.Load()), n.value.args, []), n.value)
    return tree


def _logging(node: ast.expr, modules: set[str], loggers: set[str]) -> bool:
    """An expression on the logging module or a logger: `logging.getLogger(...)`, `log.debug`, `self.log.info`."""
    while True:
        if isinstance(node, ast.Name) and node.id in modules \
                or isinstance(node, (ast.Name, ast.Attribute)) and ast.unparse(node) in loggers:
            return True
        if isinstance(node, ast.Attribute):
            node = node.value
        elif isinstance(node, ast.Call):
            node = node.func
        else:
            return False


def _as_def(stmt: ast.stmt) -> ast.stmt:
    if not (isinstance(stmt, ast.Assign) and len(stmt.targets) == 1 and isinstance(stmt.targets[0], ast.Name)
            and isinstance(stmt.value, ast.Lambda)):
        return stmt
    body = [ast.copy_location(ast.Return(value=stmt.value.body), stmt.value.body)]
    new = ast.FunctionDef(name=stmt.targets[0].id, args=stmt.value.args, body=body, decorator_list=[], returns=None)
    if "type_params" in ast.FunctionDef._fields:  # Python 3.12 and later
        new.type_params = []
    return ast.copy_location(new, stmt)


def _call_of(value: ast.expr | None, name: str, count: int) -> bool:
    """`name(a)` with `count` plain positional arguments (`iter(S)`, `next(it)`)."""
    return (isinstance(value, ast.Call) and isinstance(value.func, ast.Name) and value.func.id == name
            and len(value.args) == count and not value.keywords
            and not any(isinstance(a, ast.Starred) for a in value.args))


def _stepped(loop: ast.stmt, it: str) -> ast.expr | None:
    """The target of `while True: try: T = next(it) except StopIteration: break` (first in the loop), else None."""
    if not (isinstance(loop, ast.While) and isinstance(loop.test, ast.Constant) and loop.test.value is True
            and not loop.orelse and loop.body and isinstance(loop.body[0], ast.Try)):
        return None
    t = loop.body[0]
    if t.orelse or t.finalbody or len(t.body) != 1 or len(t.handlers) != 1:
        return None
    step, handler = t.body[0], t.handlers[0]
    if not (isinstance(step, ast.Assign) and len(step.targets) == 1 and _call_of(step.value, "next", 1)
            and isinstance(step.value.args[0], ast.Name) and step.value.args[0].id == it):
        return None
    if not (isinstance(handler.type, ast.Name) and handler.type.id == "StopIteration"
            and len(handler.body) == 1 and isinstance(handler.body[0], ast.Break)):
        return None
    return step.targets[0]


def iterated(stmts: list[ast.stmt], uses) -> list[ast.stmt]:
    """A block with `it = iter(S)` then `while True: try: T = next(it) except StopIteration: break` + body (`it`
    read nowhere else) as the `for T in S:` + body it spells out, and a loop's iterable named just before it and
    read only there (`batches = data.iterate_once(1)` then `for x, y in batches:`) put in the loop's header."""
    out: list[ast.stmt] = []
    for stmt in stmts:
        last = out[-1] if out else None
        it = last.targets[0].id if isinstance(last, ast.Assign) and len(last.targets) == 1 \
            and isinstance(last.targets[0], ast.Name) and _call_of(last.value, "iter", 1) else None
        target = _stepped(stmt, it) if it and uses["load", it] == 1 and uses["store", it] == 1 else None
        if target is not None:
            out.pop()
            stmt = ast.copy_location(ast.For(target=target, iter=last.value.args[0], body=stmt.body[1:] or
                                             [ast.Pass()], orelse=[]), stmt)
        if isinstance(stmt, ast.For) and isinstance(stmt.iter, ast.Name) and out and _names_once(out[-1], stmt.iter.id,
                                                                                                 uses):
            stmt.iter = out.pop().value
        out.append(stmt)
    return out


def _names_once(stmt: ast.stmt, name: str, uses) -> bool:
    """`name = E`, the one store of `name` and E read once (where it is used next)."""
    return (isinstance(stmt, ast.Assign) and len(stmt.targets) == 1 and isinstance(stmt.targets[0], ast.Name)
            and stmt.targets[0].id == name and uses["store", name] == 1 and uses["load", name] == 1)


def _flag_of(test: ast.expr) -> tuple[str, bool] | None:
    """(f, the value of `f` that ends the loop) for a loop's test `not f` or `f`, else None."""
    negated = isinstance(test, ast.UnaryOp) and isinstance(test.op, ast.Not)
    name = test.operand if negated else test
    return (name.id, negated) if isinstance(name, ast.Name) else None


def _flag_read_once(test: ast.expr, uses) -> bool:
    """A test `f` or `not f` on a flag read nowhere else (`if converged: break`)."""
    flag = _flag_of(test)
    return flag is not None and uses["load", flag[0]] == 1


def _ends(stmt: ast.stmt, test: ast.expr, uses) -> bool:
    """`f = v` that ends a loop whose test is `not f` (v true) or `f` (v false), `f` read nowhere else."""
    flag = _flag_of(test)
    return (flag is not None and isinstance(stmt, ast.Assign) and len(stmt.targets) == 1
            and isinstance(stmt.targets[0], ast.Name) and stmt.targets[0].id == flag[0]
            and isinstance(stmt.value, ast.Constant) and bool(stmt.value.value) == flag[1]
            and uses["load", flag[0]] == 1)


def bottom_tested(node: ast.While, uses) -> ast.While:
    """A loop's flag tested as its body's last statement, `if f: break` (`f` read nowhere else), or set there, `if
    c: f = v` (`f` read only in the loop's test `not f`, and `v` ends it), as part of the loop's test: `while True:
    B; if f: break` reads as `while not f: B`, as `while True: if c: break; B` does (a loop's test is how it is
    counted, not its body)."""
    last = node.body[-1] if len(node.body) > 1 and not node.orelse else None
    if not (isinstance(last, ast.If) and not last.orelse and len(last.body) == 1
            and (isinstance(last.body[0], ast.Break) and _flag_read_once(last.test, uses)
                 or _ends(last.body[0], node.test, uses))):
        return node
    stop = ast.UnaryOp(ast.Not(), last.test)
    test = node.test
    node.test = stop if isinstance(test, ast.Constant) and test.value is True else ast.BoolOp(ast.And(), [test, stop])
    node.body = node.body[:-1]
    return node


def initial_flag(before: list[ast.stmt], loop: ast.stmt, uses) -> int | None:
    """Where in `before` (the statements just before a `while`, among the simple ones next to it) a literal is
    stored in a flag that the loop's test is the only place to read (`done = False` before `while not done:`):
    the loop's starting state, part of its header; None if there is none."""
    if not isinstance(loop, ast.While):
        return None
    tested = {n.id for n in ast.walk(loop.test) if isinstance(n, ast.Name) and uses["load", n.id] == 1}
    k = len(before) - 1
    while tested and k >= 0 and isinstance(before[k], _SIMPLE):
        stmt = before[k]
        stored = {n.id for n in ast.walk(stmt) if isinstance(n, ast.Name) and isinstance(n.ctx, ast.Store)}
        if stored & tested:
            one = isinstance(stmt, ast.Assign) and len(stmt.targets) == 1 and isinstance(stmt.targets[0], ast.Name)
            return k if one and isinstance(stmt.value, ast.Constant) else None
        k -= 1
    return None


def hoisted(stmts: list[ast.stmt]) -> list[ast.stmt]:
    """The statements with each literal stored in local names (`converged = False`) moved up past the simple
    statements before it that do not name them (`self.w.update(x, y)`: a call cannot read the caller's local), so
    that a flag set beside a call reads the same on either side of it."""
    if not any(_flag(s) for s in stmts):
        return stmts
    out: list[ast.stmt] = []
    named: dict[int, set[str]] = {}  # per statement passed: the names it mentions (each walked once)
    for stmt in stmts:
        k = len(out)
        if _flag(stmt):
            names = {t.id for t in stmt.targets}
            while k and isinstance(out[k - 1], _SIMPLE):
                before = named.get(id(out[k - 1]))
                if before is None:
                    before = named[id(out[k - 1])] = {n.id for n in nodes(out[k - 1]) if isinstance(n, ast.Name)}
                if names & before:
                    break
                k -= 1
        out.insert(k, stmt)
    return out


_SIMPLE = (ast.Assign, ast.AugAssign, ast.Expr)


def _flag(stmt: ast.stmt) -> bool:
    """A literal (`True`, `0`, `-1`) stored in names: it reads nothing and calls nothing."""
    value = stmt.value.operand if isinstance(stmt, ast.Assign) and isinstance(stmt.value, ast.UnaryOp) else \
        getattr(stmt, "value", None)
    return (isinstance(stmt, ast.Assign) and isinstance(value, ast.Constant)
            and all(isinstance(t, ast.Name) for t in stmt.targets))


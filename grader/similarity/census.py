"""One walk over a module for what the canonical rewrites and the emitter need to know of it: the names the
student chose, which are dead stores, and per function how often each name is stored and read, which names its
loops count with, and which names it calls (walking the tree once instead of once per question saves a third of
the time a submission takes). A read in a statement that does nothing (`idle`: a print, an `assert`, an
`if debug:` around prints) is no read: a name read only there is a dead store."""

from __future__ import annotations

import ast
from collections import Counter

from grader.similarity.operators import listed


_QUIET = {"print", "display", "pprint"}  # calls that only show something: dropped like comments
_SILENT = (ast.Pass, ast.Import, ast.ImportFrom, ast.Global, ast.Nonlocal, ast.Assert)


_NUMBER = (bool, int, float)
_ORDER = {ast.Lt: lambda a, b: a < b, ast.LtE: lambda a, b: a <= b, ast.Gt: lambda a, b: a > b,
          ast.GtE: lambda a, b: a >= b, ast.Eq: lambda a, b: a == b, ast.NotEq: lambda a, b: a != b}


def constant_test(test: ast.expr) -> bool | None:
    """True or False for a test whose value the code fixes: a literal (`if False:`, `while 0:`), a comparison of
    two number literals (`if 0 > 1:`, a guard that never runs), `not` of one; else None."""
    if isinstance(test, ast.Constant) and isinstance(test.value, (bool, int, float, str, type(None))):
        return bool(test.value)
    if isinstance(test, ast.UnaryOp) and isinstance(test.op, ast.Not):
        inner = constant_test(test.operand)
        return None if inner is None else not inner
    if isinstance(test, ast.Compare) and len(test.ops) == 1 and type(test.ops[0]) in _ORDER:
        a, b = test.left, test.comparators[0]
        if isinstance(a, ast.Constant) and isinstance(b, ast.Constant) and isinstance(a.value, _NUMBER) \
                and isinstance(b.value, _NUMBER):
            return _ORDER[type(test.ops[0])](a.value, b.value)
    return None


def quiet(stmt: ast.stmt) -> bool:
    """A statement that does nothing the grader or a reader counts: a string, `pass`, an import, a print, an
    `assert` (a check of the input a student adds; an inlined helper would carry it into the loop that calls it)."""
    if isinstance(stmt, _SILENT):
        return True
    if isinstance(stmt, ast.Expr):
        v = stmt.value
        if isinstance(v, ast.Constant):
            return True
        if isinstance(v, ast.Call) and isinstance(v.func, ast.Name) and v.func.id in _QUIET:
            return True
    return False


def never(stmt: ast.stmt) -> bool:
    """`if False: ...` with no else, `while 0: ...`: code that never runs."""
    return (isinstance(stmt, (ast.If, ast.While)) and not stmt.orelse
            and constant_test(stmt.test) is False)


def idle(stmt: ast.stmt) -> bool:
    """A statement that does nothing: quiet, never run, or an `if` whose test calls nothing and whose branches
    do nothing (`if debug: print(...)`); the names it reads are not read (a `debug = False` only tested there
    is a dead store)."""
    if quiet(stmt) or never(stmt):
        return True
    return (isinstance(stmt, ast.If) and all(idle(s) for s in stmt.body) and all(idle(s) for s in stmt.orelse)
            and not any(isinstance(n, ast.Call) for n in ast.walk(stmt.test)))


class Scope:
    """One function's (or the whole module's) facts: uses[("store"|"load", name)], loop counters, called names."""

    __slots__ = ("uses", "indices", "calls")

    def __init__(self) -> None:
        self.uses: Counter = Counter()
        self.indices: set[str] = set()
        self.calls: set[str] = set()


class Census:
    """The facts of one module, gathered in one walk (`scope(node)`: a function's, or the module's)."""

    def __init__(self, tree: ast.Module):
        self.names: set[str] = set()  # identifiers the student chose: assigned, arguments, defs, imports
        self.attrs: set[str] = set()  # attributes the code sets, and its defs (methods are called by attribute)
        self.stored: set[str] = set()
        self.lists: set[str] = set()  # names some statement stores a Python list in (`theta = [0.0] * d`)
        self.loaded: set[str] = set()
        self.module = Scope()
        self.scopes: dict[int, Scope] = {}
        self._walk(tree, [self.module])

    def scope(self, node: ast.AST) -> Scope:
        return self.scopes.get(id(node), self.module)

    @property
    def dead(self) -> set[str]:
        """Names assigned somewhere and read nowhere: dead stores a disguise adds."""
        return self.stored - self.loaded

    def _walk(self, node: ast.AST, active: list[Scope], muted: bool = False) -> None:
        """`muted`: inside a statement that does nothing (its reads are not counted)."""
        kind = type(node)
        if kind is ast.Name:
            self._name(node, active, muted)
            return
        if not muted and isinstance(node, ast.stmt) and idle(node):
            muted = True
        if kind is ast.FunctionDef or kind is ast.AsyncFunctionDef or kind is ast.ClassDef:
            self.names.add(node.name)
            self.attrs.add(node.name)
            if kind is not ast.ClassDef:
                own = self.scopes[id(node)] = Scope()
                active = active + [own]
        else:
            self._note(node, kind, active, muted)
        for field in node._fields:
            value = getattr(node, field, None)
            if type(value) is list:
                for v in value:
                    if isinstance(v, ast.AST):
                        self._walk(v, active, muted)
            elif isinstance(value, ast.AST):
                self._walk(value, active, muted)

    def _name(self, node: ast.Name, active: list[Scope], muted: bool) -> None:
        ctx = type(node.ctx)
        load = ctx is ast.Load
        if load and muted:
            return  # read only where nothing is done with it
        (self.stored if ctx is ast.Store else self.loaded).add(node.id)
        if not load:
            self.names.add(node.id)
        key = ("load" if load else "store", node.id)
        for s in active:
            s.uses[key] += 1

    def _note(self, node: ast.AST, kind: type, active: list[Scope], muted: bool) -> None:
        if kind is ast.Assign:
            self._lists(node)
        elif kind is ast.arg:
            self.names.add(node.arg)
        elif kind is ast.Attribute and type(node.ctx) is ast.Store:
            self.attrs.add(node.attr)
        elif kind is ast.alias:
            self.names.add((node.asname or node.name).split(".")[0])
        elif kind is ast.AugAssign and type(node.target) is ast.Name and not muted:
            self.loaded.add(node.target.id)
            for s in active:
                s.uses["load", node.target.id] += 1
        elif kind is ast.Call:
            f = node.func
            name = f.id if type(f) is ast.Name else f.attr if (type(f) is ast.Attribute and type(f.value) is ast.Name
                                                                and f.value.id in ("self", "cls")) else None
            for s in active[1:] if name else ():
                s.calls.add(name)
        elif kind is ast.For or kind is ast.AsyncFor:
            counted = [m.id for m in ast.walk(node.target) if type(m) is ast.Name]
            for s in active:
                s.indices.update(counted)
        elif kind is ast.While:
            counted = _counters(node)
            for s in active:
                s.indices.update(counted)


    def _lists(self, node: ast.Assign) -> None:
        """The names an assignment stores a Python list in (`theta = [0.0] * d`, `theta, b = [0.0] * d, 0`)."""
        for t in node.targets:
            pairs = zip(t.elts, node.value.elts) if type(t) is ast.Tuple and type(node.value) is ast.Tuple \
                and len(t.elts) == len(node.value.elts) else [(t, node.value)]
            self.lists.update(n.id for n, v in pairs if type(n) is ast.Name and listed(v))


def nodes(tree: ast.AST) -> list[ast.AST]:
    """Every node of the tree, in no set order (ast.walk's work without its generators: several times faster)."""
    out, stack = [], [tree]
    while stack:
        n = stack.pop()
        out.append(n)
        for field in n._fields:
            v = getattr(n, field, None)
            if type(v) is list:
                stack.extend(x for x in v if isinstance(x, ast.AST))
            elif isinstance(v, ast.AST):
                stack.append(v)
    return out


def _counters(loop: ast.While) -> list[str]:
    """Names the loop's test (or a `while True` loop's first `if ...: break`) reads and its body steps by a
    literal (`i += 1`, `i = i + 1`)."""
    first = loop.body[0] if loop.body else None
    exit_test = first.test if isinstance(first, ast.If) and first.body and isinstance(first.body[0], ast.Break) \
        else None
    tested = {m.id for t in (loop.test, exit_test) if t for m in ast.walk(t) if isinstance(m, ast.Name)}
    return [name for s in loop.body if (name := _stepped(s)) in tested]


def _stepped(stmt: ast.stmt) -> str | None:
    """The name `i += 1` or `i = i + 1` steps by a literal."""
    if isinstance(stmt, ast.AugAssign) and isinstance(stmt.target, ast.Name) and isinstance(stmt.value, ast.Constant):
        return stmt.target.id
    if isinstance(stmt, ast.Assign) and len(stmt.targets) == 1 and isinstance(stmt.targets[0], ast.Name):
        v = stmt.value
        if isinstance(v, ast.BinOp) and isinstance(v.left, ast.Name) and v.left.id == stmt.targets[0].id \
                and isinstance(v.right, ast.Constant):
            return v.left.id
    return None

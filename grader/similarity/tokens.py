"""A submission's code as canonical token streams, one per unit (a graded function or a root of the call graph),
with each token's source line: identifiers and literals become placeholders, helpers are inlined where called,
commutative operands and independent statements are put in one order."""

from __future__ import annotations

import ast
import functools

from grader.similarity.canon import canonical
from grader.similarity.control import hoisted, lambdas_as_defs
from grader.similarity.census import Census, nodes

Token = tuple[str, int]  # (token, source line)
INLINE_DEPTH = 3  # helpers inlined inside helpers at most this deep (recursion is never inlined)
_COMMUTATIVE = (ast.Add, ast.Mult, ast.BitAnd, ast.BitOr, ast.BitXor, ast.MatMult)
_CHAINED = (ast.Add, ast.Mult)  # associative too: a chain of them is one sum or product of its operands
_LOOPS = (ast.For, ast.While, ast.AsyncFor)
_DEFS = (ast.FunctionDef, ast.AsyncFunctionDef)
_LEAVES = {ast.Constant: "C", ast.JoinedStr: "C", ast.arg: "V"}  # literals and parameters: placeholders only


def _functions(tree: ast.Module) -> dict[str, ast.AST]:
    """Functions of the module and methods of its classes, by name (the first definition of a name wins)."""
    found: dict[str, ast.AST] = {}
    for stmt in tree.body:
        if isinstance(stmt, _DEFS):
            found.setdefault(stmt.name, stmt)
        elif isinstance(stmt, ast.ClassDef):
            for s in stmt.body:
                if isinstance(s, _DEFS):
                    found.setdefault(s.name, s)
    return found


def _callee(call: ast.Call, functions: dict[str, ast.AST]) -> str | None:
    """The own function a call names: `helper(...)` or `self.helper(...)`."""
    f = call.func
    if isinstance(f, ast.Name) and f.id in functions:
        return f.id
    if isinstance(f, ast.Attribute) and isinstance(f.value, ast.Name) and f.value.id in ("self", "cls") \
            and f.attr in functions:
        return f.attr
    return None


def _chain(node: ast.expr, op: type) -> list[ast.expr]:
    """The operands of a chain of one associative operator (`a * b * c` and `a * (b * c)`: a, b, c)."""
    if isinstance(node, ast.BinOp) and type(node.op) is op:
        return _chain(node.left, op) + _chain(node.right, op)
    return [node]


class _Operators:
    """Part of Emitter (which gives `emit`): operators whose operands may come in either order are emitted with
    their operands in one order."""

    def _BinOp(self, node: ast.BinOp, line: int) -> list[Token]:
        if isinstance(node.op, _CHAINED):  # `eta * y * x`, `x * (y * eta)`: one product of three, in one order
            parts = sorted((self.emit(p, line) for p in _chain(node, type(node.op))), key=_key)
            return [(type(node.op).__name__, line)] * (len(parts) - 1) + [t for p in parts for t in p]
        left, right = self.emit(node.left, line), self.emit(node.right, line)
        if isinstance(node.op, _COMMUTATIVE) and _key(right) < _key(left):
            left, right = right, left
        return [(type(node.op).__name__, line)] + left + right

    def _Compare(self, node: ast.Compare, line: int) -> list[Token]:
        parts = [self.emit(node.left, line)] + [self.emit(c, line) for c in node.comparators]
        if len(node.ops) == 1 and isinstance(node.ops[0], (ast.Eq, ast.NotEq, ast.Is, ast.IsNot)):
            parts.sort(key=_key)
        return [("Compare", line)] + [(type(op).__name__, line) for op in node.ops] + [t for p in parts for t in p]

    def _BoolOp(self, node: ast.BoolOp, line: int) -> list[Token]:
        parts = sorted((self.emit(v, line) for v in node.values), key=_key)
        return [(type(node.op).__name__, line)] + [t for p in parts for t in p]


class _Names:
    """Part of Emitter (which gives `emit`, `bound`, `own`, `own_attrs`): a name is `V` where the student chose
    it, an inlined helper's parameter the argument given, a library's name itself."""

    def _Name(self, node: ast.Name, line: int) -> list[Token]:
        if self.bound and node.id in self.bound[-1]:  # a parameter of an inlined helper: the argument given
            return self.bound[-1][node.id]
        return [("V" if node.id in self.own else "N:" + node.id, line)]

    def _Attribute(self, node: ast.Attribute, line: int) -> list[Token]:
        attr = "A" if node.attr in self.own_attrs else "A:" + node.attr
        return self.emit(node.value, line) + [(attr, line)]

    def _bind(self, spec: ast.arguments, call: ast.Call, line: int) -> dict[str, list[Token]]:
        """A helper's parameters bound to the tokens of what the call gives them: by position, by keyword, or
        else the parameter's default (`step(x=X[i], w=w)` binds as `step(X[i], w)` does)."""
        positional = spec.posonlyargs + spec.args
        params = [a.arg for a in positional if a.arg not in ("self", "cls")]
        given = {p: self.emit(a, line) for p, a in zip(params, call.args) if not isinstance(a, ast.Starred)}
        named = {a.arg for a in spec.args + spec.kwonlyargs}
        given.update((k.arg, self.emit(k.value, line)) for k in call.keywords if k.arg in named)
        defaults = list(zip(positional[len(positional) - len(spec.defaults):], spec.defaults))
        defaults += [(a, d) for a, d in zip(spec.kwonlyargs, spec.kw_defaults) if d is not None]
        for a, d in defaults:
            if a.arg not in given:
                given[a.arg] = self.emit(d, line)
        return given


class Emitter(_Operators, _Names):
    """Turns canonical trees into token streams; one per submission."""

    def __init__(self, tree: ast.Module, own: tuple[set[str], set[str]], course: dict[str, ast.AST] | None = None):
        self.own, self.own_attrs = own  # the student's names, read before canonical rewrites drop their stores
        self.functions = _functions(tree)
        self.callable = {**(course or {}), **self.functions}  # a course helper the file calls but does not define
        self.stack: list[str] = []
        self.bound: list[dict[str, list[Token]]] = []  # per inlined helper: parameter -> the argument's tokens
        self.prelude: list[list[Token]] = []  # per statement being emitted: the inlined helpers' statements

    def emit(self, node: ast.AST, line: int) -> list[Token]:
        line = getattr(node, "lineno", line)
        if type(node) in _LEAVES:
            return [(_LEAVES[type(node)], line)]
        method = getattr(self, "_" + type(node).__name__, None)
        if method is not None:
            return method(node, line)
        out: list[Token] = [(type(node).__name__, line)]
        for field, value in ast.iter_fields(node):
            if field in ("ctx", "type_comment", "decorator_list", "returns", "annotation", "kind"):
                continue
            if isinstance(value, list):
                if value and isinstance(value[0], ast.stmt):
                    out += self.block(value, line)
                else:
                    for v in value:
                        out += self.emit(v, line) if isinstance(v, ast.AST) else []
            elif isinstance(value, ast.AST):
                out += self.emit(value, line)
            elif field == "op" or isinstance(value, ast.operator):
                out.append((type(value).__name__, line))
        return out

    def block(self, stmts: list[ast.stmt], line: int) -> list[Token]:
        """Statements in order, except that a run of independent assignments is put in one canonical order, and
        a plain copy (`a = b`, `a, b = c, d`) is left out (it renames, and names do not count)."""
        out: list[Token] = []
        run: list[_Step] = []
        for stmt in hoisted(stmts):
            if _plain_copy(stmt):
                continue
            self.prelude.append([])  # the bodies of helpers this statement calls, emitted before it
            tokens = self.emit(stmt, line)
            if _renames(stmt, tokens, self.callable):
                tokens = []  # `a, b = helper(a, b)` once the helper's body is out: a plain copy of its result
            step = _Step(stmt, self.prelude.pop() + tokens)
            if run and not step.independent_of(run):
                out += _sorted_run(run)
                run = []
            run.append(step)
        return out + _sorted_run(run)

    def _loop(self, node: ast.AST, line: int) -> list[Token]:
        """`for` and `while` alike: the body counts, the header (how the loop is counted) does not."""
        return [("Loop", line)] + self.block(node.body, line) + self.block(node.orelse, line)

    _For = _While = _AsyncFor = _loop

    def _FunctionDef(self, node: ast.FunctionDef, line: int) -> list[Token]:
        return [("Def", line)] + self.block(node.body, line)

    _AsyncFunctionDef = _FunctionDef

    def _Expr(self, node: ast.Expr, line: int) -> list[Token]:
        return self.emit(node.value, line)

    def _Call(self, node: ast.Call, line: int) -> list[Token]:
        name = _callee(node, self.callable)
        if name is None or name in self.stack or len(self.stack) >= INLINE_DEPTH:
            out = [("Call", line)] + self.emit(node.func, line)
            for a in [*node.args, *node.keywords]:
                out += self.emit(a, line)
            return out
        helper = self.callable[name]
        given = self._bind(helper.args, node, line)
        self.stack.append(name)  # a helper counts as its body at the call, whether split out or written inline
        self.bound.append(given)
        try:
            return self._inlined(helper.body, line)
        finally:
            self.stack.pop()
            self.bound.pop()

    def _inlined(self, body: list[ast.stmt], line: int) -> list[Token]:
        """A helper's body as if written at the call by hand, its parameters read as the arguments given: its
        statements before the statement that calls it, and its final `return VALUE` as the value
        (`a, b = helper(x[i], a, b)` reads as the helper's body on `x[i]`, then `a, b = ...`)."""
        value = body and isinstance(body[-1], ast.Return) and body[-1].value is not None
        statements = self.block(body[:-1] if value else body, line)
        if self.prelude:
            self.prelude[-1].extend(statements)
            statements = []
        return statements + (self.emit(body[-1].value, line) if value else [])


def _names(node: ast.expr) -> bool:
    return isinstance(node, ast.Name) or (isinstance(node, (ast.Tuple, ast.List))
                                          and all(isinstance(e, ast.Name) for e in node.elts))


def _plain_copy(stmt: ast.stmt) -> bool:
    """`a = b` or `a, b = c, d`: names given other names (an inlined helper's arguments, a renamed result)."""
    if not (isinstance(stmt, ast.Assign) and all(_names(t) for t in stmt.targets) and _names(stmt.value)):
        return False
    given = {n.id for n in ast.walk(stmt.value) if isinstance(n, ast.Name)}
    return not any(isinstance(n, ast.Name) and n.id in given for t in stmt.targets for n in ast.walk(t))  # a swap


def _renames(stmt: ast.stmt, tokens: list[Token], functions: dict[str, ast.AST]) -> bool:
    """An assignment of an inlined helper's result that, its body emitted before it, only names names."""
    return (isinstance(stmt, ast.Assign) and isinstance(stmt.value, ast.Call)
            and _callee(stmt.value, functions) is not None and {t for t, _ in tokens} <= {"Assign", "Tuple", "V"})


def _key(tokens: list[Token]) -> str:
    return " ".join(t for t, _ in tokens)


class _Step:
    """One statement of a block with its tokens, and for an assignment the names it writes and reads."""

    def __init__(self, stmt: ast.stmt, tokens: list[Token]):
        self.tokens = tokens
        self.assign = isinstance(stmt, ast.Assign)
        self.calls = False
        self.writes: set[str] = set()
        self.reads: set[str] = set()
        for n in nodes(stmt) if self.assign else ():
            if isinstance(n, ast.Name):
                (self.writes if isinstance(n.ctx, ast.Store) else self.reads).add(n.id)
            self.calls = self.calls or isinstance(n, ast.Call)

    def independent_of(self, run: list[_Step]) -> bool:
        """Whether this call-free assignment may swap with every assignment of the run (no name one writes,
        another touches)."""
        if not self.assign or self.calls or not all(s.assign for s in run):
            return False
        return not any(self.writes & (s.writes | s.reads) or self.reads & s.writes for s in run)


def _sorted_run(run: list[_Step]) -> list[Token]:
    if len(run) > 1:
        run = sorted(run, key=lambda s: _key(s.tokens))
    return [t for s in run for t in s.tokens]


@functools.lru_cache(maxsize=8)
def _course(code: tuple[str, ...]) -> tuple[dict[str, ast.AST], frozenset[str]]:
    """The course's functions in canonical form, by name, and the names its code chooses (read once a process)."""
    functions: dict[str, ast.AST] = {}
    names: set[str] = set()
    for text in code:
        tree = lambdas_as_defs(ast.parse(text))
        census = Census(tree)
        for name, f in _functions(canonical(tree, census)).items():
            functions.setdefault(name, f)
        names |= census.names
    return functions, frozenset(names)


def units(source: str, graded: tuple[str, ...] = (), course: tuple[str, ...] = ()) -> list[list[Token]]:
    """The token streams of a module's units (SyntaxError etc. propagate: the caller says why a file is skipped).

    Units are the graded functions (and every method of a graded class) where the file defines any, else every
    function no other function calls, and the module's remaining top-level code. `course`: the course's code (a
    helper it defines that the file calls without defining is inlined, as it is in the course's own code)."""
    tree = lambdas_as_defs(ast.parse(source))
    census = Census(tree)
    tree = canonical(tree, census)
    helpers, names = _course(course) if course else ({}, frozenset())
    em = Emitter(tree, (census.names | names, census.attrs), helpers)
    classes = {s.name: s for s in tree.body if isinstance(s, ast.ClassDef)}
    roots = [em.functions[g] for g in graded if g in em.functions]
    roots += [m for g in graded if g in classes for m in classes[g].body if isinstance(m, _DEFS)]
    loose: list[ast.stmt] = []
    if not roots:
        called = {c for name, f in em.functions.items() for c in census.scope(f).calls
                  if c in em.functions and c != name}
        roots = [f for name, f in em.functions.items() if name not in called]
        loose = [s for s in tree.body if not isinstance(s, (*_DEFS, ast.ClassDef))]
    streams = [em.emit(f, f.lineno) for f in roots]
    if loose:
        streams.append(em.block(loose, loose[0].lineno))
    return [s for s in streams if s]

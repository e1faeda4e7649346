"""Structural findings, before any mutant: a missing function, a stub, a signature that does not fit, Python 2.

Facts come from the function's own outcomes (what every call raised or returned) and from the file's top-level
definitions, read with `ast` (parsed, never run) or, better, from the sandboxed child (`inspect.signature`)."""

from __future__ import annotations

import ast
import difflib
import re
from typing import Any, Mapping, Sequence

from grader.assignments import Assignment
from grader.cases import Case
from grader.judging import spec_of
from grader.diagnosis.finding import Finding, finding
from grader.diagnosis.other_terms import class_methods, graded_elsewhere
from grader.diagnosis.placeholders import placeholder, returned_failures, value_of
from grader.diagnosis.array_shapes import broadcast_square, fixed_length, flag_not_count, list_not_tuple, \
    numpy_matrix, one_value, reordered, same_value, transposed, unappended
from grader.diagnosis.wording import words

PY2_NAMES = {"xrange": "range", "raw_input": "input", "unicode": "str", "basestring": "str", "unichr": "chr",
             "long": "int", "izip": "zip", "imap": "map", "reduce": "functools.reduce", "file": "open"}
PY2_ATTRS = {"iteritems": "items()", "itervalues": "values()", "iterkeys": "keys()", "has_key": "`key in d`"}
# NumPy names removed in 1.20-1.24 that old course code still uses: (what it was, what to write now)
NUMPY_REMOVED = {"asscalar": "a.item()", "float": "float", "int": "int", "bool": "bool", "object": "object",
                 "complex": "complex", "str": "str", "long": "int", "unicode": "str", "alen": "len(a)",
                 "rank": "a.ndim", "msort": "np.sort(a, axis=0)"}
SIGNATURE = r"(got an unexpected keyword argument|missing \d+ required|takes \d+ positional|takes from \d+ to \d+ " \
            r"positional|got multiple values|takes no arguments)"
MAX_NAMES = 8


def last_line(error: str) -> str:
    lines = [line.strip() for line in (error or "").splitlines() if line.strip()]
    return lines[-1][:300] if lines else ""


_NUMBER = re.compile(r"-?[0-9]+(\.[0-9]+)?([eE][-+]?[0-9]+)?")


def numbers_aside(line: str) -> str:
    """An error line with every number (its sign, decimals and exponent too) as #: the same error on other data
    (`got (np.float64(-2.5), np.float64(1.0))` and `got (np.float64(1.0), np.float64(-1.5))` alike)."""
    return _NUMBER.sub("#", line)


def definitions(source: bytes | str) -> dict[str, list]:
    """Top-level functions and classes of a file, with their parameters, read with ast (never run)."""
    try:
        tree = ast.parse(source)
    except (SyntaxError, ValueError, RecursionError, MemoryError):
        return {}
    out: dict[str, list] = {}
    for node in tree.body:
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
            out[node.name] = _params(node.args)
        elif isinstance(node, ast.ClassDef):
            out[node.name] = []
        elif isinstance(node, ast.Assign) and isinstance(node.value, ast.Lambda):
            for t in node.targets:
                if isinstance(t, ast.Name):
                    out[t.id] = _params(node.value.args)
    return out


def trains(source: bytes | str) -> set[str]:
    """The top-level functions (and methods, by name) whose body could train: a loop, a comprehension, or a call of
    another function defined in the file (or of itself). A perceptron without any of these is a stub."""
    try:
        tree = ast.parse(source)
    except (SyntaxError, ValueError, RecursionError, MemoryError):
        return set()
    defs = [n for n in ast.walk(tree) if isinstance(n, (ast.FunctionDef, ast.AsyncFunctionDef))]
    names = {n.name for n in defs}
    out = set()
    for node in defs:
        for sub in ast.walk(node):
            called = getattr(getattr(sub, "func", None), "id", None) or getattr(getattr(sub, "func", None), "attr", None)
            if isinstance(sub, (ast.For, ast.While, ast.comprehension)) or (isinstance(sub, ast.Call) and called in names):
                out.add(node.name)
                break
    return out


def star_imports(source: bytes | str) -> set[str]:
    """The modules the file imports everything from (`from pylab import *`), read with ast."""
    try:
        tree = ast.parse(source)
    except (SyntaxError, ValueError, RecursionError, MemoryError):
        return set()
    return {n.module for n in ast.walk(tree) if isinstance(n, ast.ImportFrom) and n.module
            and any(alias.name == "*" for alias in n.names)}


def _params(args: ast.arguments) -> list:
    """[[name, kind, default or None]] as inspect.signature lists them."""
    plain = args.posonlyargs + args.args
    defaults = [None] * (len(plain) - len(args.defaults)) + [ast.unparse(d)[:40] for d in args.defaults]
    out = [[a.arg, "positional", d] for a, d in zip(plain, defaults)]
    if args.vararg:
        out.append([args.vararg.arg, "*", None])
    out += [[a.arg, "keyword", ast.unparse(d)[:40] if d is not None else None]
            for a, d in zip(args.kwonlyargs, args.kw_defaults)]
    if args.kwarg:
        out.append([args.kwarg.arg, "**", None])
    return out


def closest(want: str, names: Sequence[str]) -> list[str]:
    """The file's names, closest to `want` first (case-insensitive similarity), at most MAX_NAMES."""
    score = {n: difflib.SequenceMatcher(None, want.lower(), n.lower()).ratio() for n in names}
    return sorted(score, key=lambda n: (-score[n], n))[:MAX_NAMES]


def shown_signature(params: list) -> str:
    parts = []
    for name, kind, default in params:
        star = {"*": "*", "**": "**"}.get(kind, "")
        parts.append(f"{star}{name}" + (f"={default}" if default is not None else ""))
    return "(" + ", ".join(parts) + ")"


def course_call(a: Assignment, f, case: Case | None) -> str:
    """How the course calls the function, in its own names: perceptron(data, labels, params={'T': 100}, hook=…)."""
    def slot(s: str) -> str:
        if s == "params":
            inner = ", ".join(f"'{k}': {_param(v, case)}" for k, v in f.params)
            return "{" + inner + "}"
        return "…" if s == "hook" else a.term(s)
    parts = [slot(s) for s in f.arguments] + [f"{name}={slot(s)}" for name, s in f.keywords]
    return f"{f.name}({', '.join(parts)})"


def _param(slot: str, case: Case | None) -> str:
    if slot == "epochs" and case is not None and case.max_epochs is not None:
        return str(case.max_epochs)
    return "…"


def structural(a: Assignment, cases: Sequence[Case], outcomes: Mapping[str, Any], facts: Mapping,
               verdicts: Mapping[str, Any] | None = None) -> Finding | None:
    """The one structural fact that accounts for a function's failures, or None."""
    f, verdicts = spec_of(a, cases[0]), verdicts or {}
    stub = placeholder(f, cases, outcomes, verdicts, facts)
    if stub is not None:
        title, hint = words("stub", fn=f.name, how=stub[0], theta=a.term("theta"), n=len(stub[1]))
        return finding(a, cases, "stub", stub[1], "structure", title, hint)
    all_ids = tuple(c.case_id for c in cases)
    errors = [last_line(outcomes[c.case_id].error) for c in cases if outcomes[c.case_id].status == "raised"]
    every = len(errors) == len(cases) and bool(cases)
    defined = facts.get("signatures") or {}
    if every and all(f"does not define {f.name}" in e or f"has no attribute '{f.name}'" in e for e in errors):
        if not f.method and any(n in (facts.get("written") or ()) for n in f.names):  # written, never reached
            title, hint = words("defined-late", fn=next(n for n in f.names if n in facts["written"]))
            return finding(a, cases, "defined-late", all_ids, "structure", title, hint)
        methods = facts.get("methods") or {}
        own = methods.get(a.klass.name, frozenset()) if f.method and a.klass else defined
        names = [n for n in own if n not in f.names]
        elsewhere = graded_elsewhere(a, frozenset(defined), methods)
        title, hint = words("missing-function", fn=" or ".join(f.names), names=closest(f.name, names),
                            method=f.method, elsewhere=elsewhere)
        return finding(a, cases, "missing-function", all_ids, "structure", title, hint)
    if every and all(e.startswith("NotImplementedError") for e in errors):
        title, hint = words("stub", fn=f.name, how="raise")
        return finding(a, cases, "stub", all_ids, "structure", title, hint)
    if not f.method and all(outcomes[c.case_id].status == "returned" and value_of(outcomes[c.case_id]) is None
                            for c in cases) and cases:
        title, hint = words("stub", fn=f.name, how="none", returns=[a.term(r) for r in f.returns])
        return finding(a, cases, "stub", all_ids, "structure", title, hint)
    own = {f.name, (facts.get("aliases") or {}).get(f.name, f.name)}  # `perceptron = _train` raises as _train
    pattern = re.compile(rf"TypeError: (?:{'|'.join(map(re.escape, own))})\(\) {SIGNATURE}")
    if every and not f.method and all(pattern.search(e) for e in errors):
        params = defined.get(f.name)
        title, hint = words("signature", fn=f.name, theirs=shown_signature(params) if params is not None else None,
                            call=course_call(a, f, next((c for c in cases if c.visible), cases[0])),
                            error=errors[0].split(": ", 1)[-1])
        return finding(a, cases, "signature", all_ids, "structure", title, hint)
    return _count(a, f, cases, verdicts) or one_value(a, cases, outcomes, verdicts) \
        or flag_not_count(a, cases, verdicts) or reordered(a, cases, outcomes, verdicts) \
        or list_not_tuple(a, cases, verdicts) \
        or fixed_length(a, cases, outcomes, verdicts) or transposed(a, cases, outcomes, verdicts) \
        or unappended(a, cases, outcomes, verdicts) or broadcast_square(a, cases, outcomes, verdicts) \
        or numpy_matrix(a, cases, outcomes, verdicts) or same_value(a, cases, outcomes, verdicts) \
        or python2(a, cases, outcomes)


def _count(a: Assignment, f, cases, verdicts) -> Finding | None:
    """Every failed case came back as a tuple of the same wrong length: the function returns other values."""
    failed = returned_failures(cases, verdicts)
    # one array alone (of whatever shape) is one value: `return w` where the course expects `return w, b`
    problems = {re.sub(r"returned an array of shape \([\d, ]*\)", "returned 1 values", verdicts[c.case_id].message)
                for c in failed}
    if not failed or len(problems) != 1 or any(verdicts[c.case_id].status != "malformed" for c in failed):
        return None
    m = re.search(r"returned (\d+) values; expected a tuple of (\d+) values", problems.pop())
    if not m:
        return None
    title, hint = words("return-count", fn=f.name, got=int(m.group(1)), want=int(m.group(2)), number=False,
                        returns=[a.term(r) for r in f.returns])
    return finding(a, cases, "return-count", tuple(c.case_id for c in failed), "structure", title, hint)


def python2(a: Assignment, cases: Sequence[Case], outcomes: Mapping[str, Any]) -> Finding | None:
    """A Python 2 name or method that raised on some case (xrange, iteritems, ...)."""
    hit, what = [], None
    for c in cases:
        o = outcomes[c.case_id]
        if o.status != "raised":
            continue
        found = py2_construct(last_line(o.error))
        if found:
            hit.append(c.case_id)
            what = what or found
    if not hit:
        return None
    title, hint = words("python2", old=what[0], new=what[1], fn="")
    name = "old-numpy" if what[0].startswith("np.") else "python2"
    return finding(a, cases, name, tuple(hit), "structure", title, hint)


def py2_construct(line: str) -> tuple[str, str] | None:
    m = re.search(r"AttributeError: module 'numpy' has no attribute '(\w+)'", line)
    if m and m.group(1) in NUMPY_REMOVED:
        return f"np.{m.group(1)}", NUMPY_REMOVED[m.group(1)]
    m = re.search(r"NameError: name '(\w+)' is not defined", line)
    if m and m.group(1) in PY2_NAMES:
        return m.group(1), PY2_NAMES[m.group(1)]
    m = re.search(r"AttributeError: .* has no attribute '(\w+)'", line)
    if m and m.group(1) in PY2_ATTRS:
        return m.group(1), PY2_ATTRS[m.group(1)]
    if re.search(r"'float' object cannot be interpreted as an integer|expected a sequence of integers or a single "
                 r"integer, got '\d+\.0'|slice indices must be integers", line):
        return "/ between integers", "// (in Python 3, / always gives a float)"
    m = re.search(r"'(range|map|zip|filter|dict_keys|dict_values|dict_items)' object (does not support item "
                  r"assignment|is not subscriptable|has no attribute '(?:append|remove|pop|sort|insert|extend)')", line)
    if m:  # Python 2's range, map, zip, filter and a dict's keys() were lists; Python 3's are lazy views
        call = {"dict_keys": "d.keys()", "dict_values": "d.values()", "dict_items": "d.items()"}.get(m.group(1),
                                                                                                   f"{m.group(1)}(...)")
        return f"{call} used as a list", f"a lazy view: write list({call}) where a list is needed"
    m = re.search(r"Missing parentheses in call to '(\w+)'", line)
    if m:
        return f"the {m.group(1)} statement", f"{m.group(1)}(...)"
    return None


CONFLICT = re.compile(r"^(<{7}|={7}|>{7})(?: .*)?$")


def conflict_markers(source: bytes | str) -> list[int]:
    """The line numbers of git merge-conflict markers (`<<<<<<< HEAD`, `=======`, `>>>>>>> 7c8f32b`), if the file
    has a whole conflict (an opening and a closing marker); else none."""
    text = source.decode("utf-8", "replace") if isinstance(source, bytes) else source
    marked = [(k, line[0]) for k, line in enumerate(text.splitlines(), 1) if CONFLICT.match(line.rstrip())]
    return [k for k, _ in marked] if {"<", ">"} <= {kind for _, kind in marked} else []


def unloaded(status: str, error: str, a: Assignment, source: bytes | str) -> str:
    """One more sentence for a file that did not load: the names it does define (and the bundled presets that grade
    them), Python 2, a missing module."""
    line, function_names = last_line(error), a.names
    if status == "missing-function":
        names = list(definitions(source))
        if not names:
            return ""
        elsewhere = graded_elsewhere(a, frozenset(names), class_methods(source))
        return words("unloaded-names", names=closest(function_names[0], names), elsewhere=elsewhere)[1]
    conflict = conflict_markers(source) if status == "syntax-error" else []
    if conflict:
        return words("unloaded-conflict", lines=conflict[:MAX_NAMES])[1]
    found = py2_construct(line)
    if found:
        return words("python2", old=found[0], new=found[1], fn="")[1]
    m = re.search(r"ModuleNotFoundError: No module named '([\w.]+)'", line)
    if status == "import-error" and m:
        return words("unloaded-import", module=m.group(1))[1]
    names = list(definitions(source)) if status == "import-error" else []
    if names and not set(function_names) & set(names):  # and it would not have found the function either
        return words("unloaded-unnamed", fn=function_names[0], names=closest(function_names[0], names))[1]
    return ""

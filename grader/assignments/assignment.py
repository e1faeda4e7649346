"""Load and validate an assignment YAML file into a frozen Assignment (messages name file, key path, choices)."""

from __future__ import annotations

import hashlib
import importlib.util
import os
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Any

from rosenblatt.shared import read_yaml_file, AssignmentError
from grader.assignments import classapi, convention, fields, functions, script
from grader.assignments.classapi import ClassSpec
from grader.assignments.script import ScriptSpec
from grader.assignments.presets import BUNDLED, preset_names
from grader.assignments.convention import Convention
from grader.assignments.functions import FunctionSpec

FAMILIES = functions.SHAPES["perceptron"].families
SLOTS = functions.SLOTS
RETURNS = functions.SHAPES["perceptron"].returns
TOP_KEYS = ("name", "title", "handout", "data", "case_seconds", "large_seconds", "large_points", "total_seconds",
            "load_seconds", "functions",
            "class", "terms", "notebook_cells", "stand_ins", "legacy_names", "script", "requires", "py_code")
REQUIRABLE = {"torch": "torch"}  # modules a course's files need installed here -> the extra that installs them
SINGLE_KEYS = functions.KEYS
KNOWN_KEYS = TOP_KEYS + SINGLE_KEYS + convention.KEYS
LARGE_POINTS = 20_000  # the large family's points, unless a preset sizes them from its course's data (large_points)
TERMS = {"theta": "θ", "theta0": "θ₀", "data": "X", "labels": "y", "epochs": "max_epochs", "step": "η",
         "offset": "offset", "point": "x", "label": "y", "update": "update", "hook": "hook"}


@dataclass(frozen=True)
class Assignment:
    """What to call, how to call it, what comes back, and how the hidden suite is weighted."""

    name: str
    title: str
    data: str  # rows | columns
    functions: tuple[FunctionSpec, ...]
    klass: ClassSpec | None
    terms: tuple[tuple[str, str], ...]
    case_seconds: float
    large_seconds: float
    total_seconds: float
    handout: str | None
    source: str
    digest: str
    notebook_cells: str = "definitions"  # what runs of a .ipynb submission: definitions | all | graded
    stand_ins: tuple[str, ...] = ()  # modules the course's files import, stood in for where not installed
    load_seconds: float = 2.0  # importing the file (a course's files may run the course's own tests at import)
    legacy_names: bool = False  # Python 2 builtins (xrange, ...) and NumPy's removed aliases (np.float, ...)
    script: ScriptSpec | None = None  # main(args): the argparse values passed, the course modules feeding data
    requires: tuple[str, ...] = ()  # modules the course's files import that must be installed (checked at load)
    py_code: str = "all"  # what runs of a .py submission: all | definitions (an experiment script's driver code not)
    large_points: int = LARGE_POINTS  # the large family's size: a few times the course's own data, at most 20,000

    @property
    def primary(self) -> FunctionSpec:
        return self.functions[0]

    @property
    def qualified(self) -> bool:
        """Whether case ids and families carry the function's name (more than one graded function)."""
        return len(self.functions) > 1

    @property
    def function(self) -> str:
        """The name the sandbox must find in the student's file (the class, for a class API)."""
        return self.klass.name if self.klass else self.primary.name

    @property
    def names(self) -> tuple[str, ...]:
        """Every top-level name students define (their functions, or their class)."""
        return (self.klass.name,) if self.klass else tuple(n for f in self.functions for n in f.names)

    @property
    def aliased(self) -> bool:
        """Whether some function accepts more than one name."""
        return any(len(f.names) > 1 for f in self.functions)

    def spelled(self) -> str:
        """The names students may define, for messages: `perceptronUpdate (or perceptron_update) or perceptron`."""
        return self.klass.name if self.klass else " or ".join(f.spelled() for f in self.functions)

    # The single-function view (the primary function), used where an assignment has one function.
    arguments = property(lambda self: self.primary.arguments)
    keywords = property(lambda self: self.primary.keywords)
    params = property(lambda self: self.primary.params)
    returns = property(lambda self: self.primary.returns)
    offset = property(lambda self: self.primary.offset)
    order = property(lambda self: self.primary.order)
    visible_points = property(lambda self: self.primary.visible_points)
    hidden = property(lambda self: self.primary.hidden)

    def offsets(self) -> tuple[bool, ...]:
        return self.primary.offsets()

    @property
    def max_score(self) -> int:
        return sum(f.visible_points + sum(p for _, p in f.hidden) for f in self.functions)

    def spec(self, name: str) -> FunctionSpec:
        return next(f for f in self.functions if f.name == name)

    def term(self, key: str) -> str:
        return dict(self.terms).get(key, TERMS.get(key, key))

    def family_key(self, f: FunctionSpec, family: str) -> str:
        """How a (function, family) pair is named in scores and the gradebook."""
        return f"{f.name}/{family}" if self.qualified else family

    def family_keys(self) -> list[str]:
        return [self.family_key(f, fam) for f in self.functions for fam, _ in f.hidden]

    def with_hidden(self, keep) -> Assignment:
        """A copy whose functions keep only the hidden families for which keep(family) is true (for tests)."""
        fs = tuple(replace(f, hidden=tuple(h for h in f.hidden if keep(h[0]))) for f in self.functions)
        return replace(self, functions=fs)


def bundled() -> list[Assignment]:
    """Every bundled assignment, by name."""
    return [load(name) for name in preset_names()]


def resolve(spec: str | None) -> Path:
    """Map `--assignment NAME|FILE` (None: the default) to a file path; unknown names are an AssignmentError.

    NAME is a bundled preset unless it looks like a path (contains a / or ends in .yaml or .yml): a folder or
    file named `cs188` in the working directory does not shadow the preset."""
    spec = spec or "default"
    path = Path(spec)
    if path.suffix in (".yaml", ".yml") or "/" in spec or os.sep in spec:
        return path
    named = BUNDLED / f"{spec}.yaml"
    if not named.is_file():
        names = ", ".join(preset_names())
        hint = f" (for the file {spec!r} here, write ./{spec})" if path.is_file() else ""
        raise AssignmentError(f"no assignment named {spec!r}; bundled assignments: {names} (or give a .yaml "
                              f"file){hint}")
    return named


def load(spec: str | None = None) -> Assignment:
    """Load an assignment by bundled name or file path."""
    path = resolve(spec)
    doc = read_yaml_file(path, error=AssignmentError)
    return parse(doc, path.name, path.read_bytes(), handout_dir=path.parent)


def _terms(where: str, raw: Any) -> tuple[tuple[str, str], ...]:
    if raw is None:
        return ()
    doc = fields.mapping(where, "terms", raw, "the course's names for theta, theta0, epochs, step, ...")
    fields.unknown_keys(where, "terms.", doc, tuple(TERMS))
    for key, value in doc.items():
        if not isinstance(value, str) or not value.strip() or len(value) > 40:
            raise fields.fail(where, f"terms.{key}", f"must be a short name such as th0, got {value!r}")
    return tuple((str(k), str(v)) for k, v in doc.items())


def _functions(where: str, doc: dict, conv: Convention, klass: ClassSpec | None) -> tuple[FunctionSpec, ...]:
    if "functions" not in doc:
        if klass is not None:
            raise fields.fail(where, "class", "needs a functions: list naming the methods to grade")
        return (functions.parse(where, "", doc, conv, False, {}),)
    mixed = sorted(k for k in SINGLE_KEYS if k in doc and k != "title")
    if mixed:
        raise fields.fail(where, mixed[0], "belongs inside a functions: entry when the file lists functions")
    raw = doc["functions"]
    if not isinstance(raw, list) or not raw or len(raw) > 8:
        raise fields.fail(where, "functions", "must be a list of 1 to 8 function entries")
    out: list[FunctionSpec] = []
    for i, entry in enumerate(raw):
        prefix = f"functions[{i}]."
        entry = fields.mapping(where, f"functions[{i}]", entry, "function, task, arguments, returns, hidden, ...")
        fields.unknown_keys(where, prefix, entry, SINGLE_KEYS + convention.KEYS)
        conv_i = convention.parse(where, prefix, entry, conv)
        f = functions.parse(where, prefix, entry, conv_i, klass is not None, {})
        twice = [n for n in f.names if any(n in g.names for g in out)]
        if twice:
            raise fields.fail(where, prefix + ("method" if f.method else "function"), f"{twice[0]!r} is listed twice")
        out.append(f)
    return tuple(out)


MAX_STAND_INS = 16
NEVER_STOOD_IN = ("numpy", "grader", "exercises", "rosenblatt", "builtins", "sys", "os")


def _flag(where: str, key: str, raw: Any) -> bool:
    if not isinstance(raw, bool):
        raise fields.fail(where, key, f"must be true or false, got {raw!r}")
    return raw


def _stand_ins(where: str, raw: Any) -> tuple[str, ...]:
    """Top-level module names the course's files import (matplotlib, scipy, pandas, utils, ...), or `any`: every
    module that is not installed (whole project files that import libraries for their ungraded parts)."""
    if raw == "any":
        return ("*",)
    if not isinstance(raw, list) or len(raw) > MAX_STAND_INS:
        raise fields.fail(where, "stand_ins", f"must be `any` or a list of at most {MAX_STAND_INS} module names, "
                                              f"e.g. [matplotlib, scipy, utils], got {raw!r}")
    for i, name in enumerate(raw):
        fields.identifier(where, f"stand_ins[{i}]", name, "a top-level module such as matplotlib")
        if name in NEVER_STOOD_IN:
            raise fields.fail(where, f"stand_ins[{i}]", f"{name} cannot be stood in for")
    if len(set(raw)) != len(raw):
        raise fields.fail(where, "stand_ins", "lists the same module twice")
    return tuple(raw)


def _handout(where: str, raw: Any, handout_dir: Path | None) -> str | None:
    if raw is not None and (not isinstance(raw, str) or handout_dir is None or not (handout_dir / raw).is_file()):
        raise fields.fail(where, "handout", f"must name a Markdown file next to the assignment, got {raw!r}")
    return str(handout_dir / raw) if raw else None


def parse(doc: Any, where: str, raw: bytes, handout_dir: Path | None = None) -> Assignment:
    """Validate a parsed YAML document; `where` names the file in messages."""
    if not isinstance(doc, dict):
        raise AssignmentError(f"{where}: expected a mapping with keys such as function, data, returns, hidden")
    fields.unknown_keys(where, "", doc, KNOWN_KEYS)
    conv = convention.parse(where, "", doc, Convention())
    klass = classapi.parse(where, doc["class"]) if "class" in doc else None
    funcs = _functions(where, doc, conv, klass)
    scr = script.parse(where, doc["script"]) if "script" in doc else None
    takes = any(f.passes("args") for f in funcs)
    if takes and scr is None:
        raise fields.fail(where, "script", "is missing: a function takes the script's `args`")
    if scr is not None and not takes:
        raise fields.fail(where, "script", "is given but no function takes `args`")
    title = doc.get("title", funcs[0].name)
    if not isinstance(title, str) or not title.strip() or len(title) > 200:
        raise fields.fail(where, "title", f"must be a short line of text, got {title!r}")
    return Assignment(
        name=str(doc.get("name", Path(where).stem)), title=title,
        data=fields.choice(where, "data", doc.get("data", "rows"), ("rows", "columns")),
        functions=funcs, klass=klass, terms=_terms(where, doc.get("terms")),
        case_seconds=fields.number(where, "case_seconds", doc.get("case_seconds", 2.0), 0.1, 600),
        large_seconds=fields.number(where, "large_seconds", doc.get("large_seconds", 3.0), 0.1, 600),
        large_points=fields.number(where, "large_points", doc.get("large_points", LARGE_POINTS), 1000, LARGE_POINTS,
                                   integer=True),
        total_seconds=fields.number(where, "total_seconds", doc.get("total_seconds", 30.0), 1, 3600),
        load_seconds=fields.number(where, "load_seconds", doc.get("load_seconds", 2.0), 0.1, 600),
        handout=_handout(where, doc.get("handout"), handout_dir),
        source=where, digest=hashlib.sha256(raw).hexdigest(),
        notebook_cells=fields.choice(where, "notebook_cells", doc.get("notebook_cells", "definitions"),
                                     ("definitions", "all", "graded")),
        stand_ins=_stand_ins(where, doc.get("stand_ins", [])),
        legacy_names=_flag(where, "legacy_names", doc.get("legacy_names", False)), script=scr,
        requires=_requires(where, doc.get("requires", [])),
        py_code=fields.choice(where, "py_code", doc.get("py_code", "all"), ("all", "definitions")),
    )


def _requires(where: str, raw: Any) -> tuple[str, ...]:
    """Modules the course's files need installed (PyTorch), checked by `require` before grading."""
    if not isinstance(raw, list) or not all(isinstance(m, str) for m in raw):
        raise fields.fail(where, "requires", f"must be a list of module names among {', '.join(REQUIRABLE)}, "
                                             f"got {raw!r}")
    for i, module in enumerate(raw):
        fields.choice(where, f"requires[{i}]", module, tuple(REQUIRABLE))
    return tuple(raw)


def require(a: Assignment) -> Assignment:
    """The assignment, if the modules its course's files need are installed here; else one sentence naming the
    extra that installs them (an AssignmentError: exit code 2, before anything is graded or written)."""
    for module in a.requires:
        if importlib.util.find_spec(module) is None:
            raise AssignmentError(f"{a.source}: requires: this course's files import {module}, which is not "
                                  f"installed here: pip install 'rosenblatt[{REQUIRABLE[module]}]'")
    return a

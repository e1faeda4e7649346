"""A class API read from the reference's text (its classes, their methods' parameters, the course modules it imports):
the candidates the class probes then try. Parsed, never run here."""

from __future__ import annotations

import ast
from dataclasses import dataclass

from grader.inference.model import NotAPerceptron

NN = "nn"  # CS188's nn module (Fall 2018 on): the preset's module block is one of its variants (the probes decide)
BACKEND_STREAM = "make_get_data_and_monitor"  # CS188 Spring 2018's backend: a factory of the data stream


@dataclass(frozen=True)
class Method:
    name: str
    params: tuple[str, ...]  # positional parameters after self, without defaults


@dataclass(frozen=True)
class ClassText:
    """One class of the reference: its constructor's parameters and its other methods."""

    name: str
    init: tuple[str, ...]
    methods: tuple[Method, ...]


@dataclass(frozen=True)
class Reading:
    """What the text says: its classes, and the course modules it imports (module -> block description)."""

    classes: tuple[ClassText, ...]
    nn: bool  # `import nn`
    streams: tuple[str, ...]  # backend attributes the file calls to get the data stream
    torch: bool
    updates: tuple[str, ...] = ()  # the update calls the text makes on self (self.update, self.w.update), in order


def _positional(fn: ast.FunctionDef) -> tuple[str, ...]:
    args = fn.args.posonlyargs + fn.args.args
    required = args[:len(args) - len(fn.args.defaults)] if fn.args.defaults else args
    return tuple(a.arg for a in required[1:])  # after self


def _class(node: ast.ClassDef) -> ClassText:
    init, methods = (), []
    for item in node.body:
        if isinstance(item, ast.FunctionDef) and not item.decorator_list:
            if item.name == "__init__":
                init = _positional(item)
            elif not item.name.startswith("__"):
                methods.append(Method(item.name, _positional(item)))
    return ClassText(node.name, init, tuple(methods))


def read(source: bytes, filename: str) -> Reading:
    """The classes and course imports of the reference; NotAPerceptron (one sentence) when it cannot be parsed."""
    try:
        tree = ast.parse(source, filename)
    except (SyntaxError, ValueError, RecursionError, MemoryError) as err:
        raise NotAPerceptron(f"probe class-text: {filename} cannot be parsed ({type(err).__name__})") from None
    imported, streams, updates = set(), [], []
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            imported |= {a.name.split(".")[0] for a in node.names}
        elif isinstance(node, ast.ImportFrom) and node.module:
            imported.add(node.module.split(".")[0])
        elif isinstance(node, ast.Attribute) and isinstance(node.value, ast.Name) and node.value.id == "backend":
            if node.attr.startswith(BACKEND_STREAM) and node.attr not in streams:
                streams.append(node.attr)
        elif isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute) and node.func.attr == "update":
            spelled = _spelled(node.func)
            if spelled and spelled.startswith("self.") and spelled not in updates:
                updates.append(spelled)
    classes = tuple(_class(n) for n in tree.body if isinstance(n, ast.ClassDef))
    return Reading(classes, NN in imported, tuple(streams), "torch" in imported, tuple(updates))


def _spelled(node) -> str | None:
    """a.b.c for a chain of attributes on a name; None otherwise."""
    parts = []
    while isinstance(node, ast.Attribute):
        parts.append(node.attr)
        node = node.value
    return ".".join([node.id] + parts[::-1]) if isinstance(node, ast.Name) else None


def modules(reading: Reading, filename: str, cls: str) -> list[tuple[str, object]]:
    """The course modules a class preset installs, as candidates (the nn variant is the probes' to decide)."""
    if reading.torch:
        raise NotAPerceptron(f"probe class-text: {filename}'s {cls} imports torch; Rosenblatt does not infer a "
                             f"PyTorch class API (start from the bundled cs188-torch.yaml)")
    if reading.nn:
        return [(NN, NN)]
    if reading.streams:
        return [("backend", {s: "data-stream" for s in reading.streams})]
    raise NotAPerceptron(f"probe class-text: {filename} defines the class {cls} but imports neither the course's nn "
                         f"module nor calls its backend's {BACKEND_STREAM}...(); Rosenblatt infers CS188's class "
                         f"APIs only (write a class: preset by hand, as the bundled cs188.yaml does)")


def candidates(reading: Reading) -> tuple[ClassText, ...]:
    """Classes built from one argument (the dimensions), in the file's order."""
    return tuple(c for c in reading.classes if len(c.init) == 1)

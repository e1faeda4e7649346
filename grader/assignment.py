"""Load and validate an assignment YAML file into a frozen Assignment (messages name file, key path, choices)."""

from __future__ import annotations

import hashlib
import re
from fractions import Fraction
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from exercises.datafile import read_yaml_file
from exercises.errors import AssignmentError

BUNDLED = Path(__file__).resolve().parent / "assignments"
FAMILIES = ("separable", "offset-only", "non-separable", "single-point", "tie", "one-dimensional",
            "fractional", "large", "input-mutation", "interface")
SLOTS = ("data", "labels", "epochs", "offset", "params")
PARAM_SLOTS = ("epochs", "offset")
RETURNS = ("theta", "theta0", "converged", "mistakes")
KNOWN_KEYS = ("name", "title", "handout", "function", "data", "arguments", "keywords", "params", "returns",
              "offset", "order", "visible_points", "hidden", "case_seconds", "large_seconds", "total_seconds",
              "notebook_cells")
_IDENT = re.compile(r"[A-Za-z_][A-Za-z0-9_]*")


@dataclass(frozen=True)
class Assignment:
    """What to call, how to call it, what comes back, and how the hidden suite is weighted."""

    name: str
    title: str
    function: str
    data: str  # rows | columns
    arguments: tuple[str, ...]
    keywords: tuple[tuple[str, str], ...]
    params: tuple[tuple[str, str], ...]
    returns: tuple[str, ...]
    offset: str  # choice | always | never
    order: str  # fixed | free
    visible_points: int
    hidden: tuple[tuple[str, int], ...]
    case_seconds: float
    large_seconds: float
    total_seconds: float
    handout: str | None
    source: str
    digest: str
    notebook_cells: str = "definitions"  # what runs of a .ipynb submission: definitions | all

    @property
    def max_score(self) -> int:
        return self.visible_points + sum(p for _, p in self.hidden)

    def offsets(self) -> tuple[bool, ...]:
        """The offset settings the suite may use."""
        return {"choice": (True, False), "always": (True,), "never": (False,)}[self.offset]


def resolve(spec: str | None) -> Path:
    """Map `--assignment NAME|FILE` (None: the default) to a file path; unknown names are an AssignmentError."""
    spec = spec or "default"
    path = Path(spec)
    if path.suffix in (".yaml", ".yml") or path.exists() or "/" in spec:
        return path
    bundled = BUNDLED / f"{spec}.yaml"
    if not bundled.is_file():
        names = ", ".join(sorted(p.stem for p in BUNDLED.glob("*.yaml")))
        raise AssignmentError(f"no assignment named {spec!r}; bundled assignments: {names} (or give a .yaml file)")
    return bundled


def load(spec: str | None = None) -> Assignment:
    """Load an assignment by bundled name or file path."""
    path = resolve(spec)
    doc = read_yaml_file(path, error=AssignmentError)
    return parse(doc, path.name, path.read_bytes(), handout_dir=path.parent)


def _fail(where: str, key: str, message: str) -> AssignmentError:
    return AssignmentError(f"{where}: {key}: {message}")


def _choice(where: str, key: str, value: Any, allowed: tuple[str, ...]) -> str:
    if value not in allowed:
        raise _fail(where, key, f"must be one of {', '.join(allowed)}, got {value!r}")
    return value


def _number(where: str, key: str, value: Any, low: float, high: float, integer: bool = False) -> Any:
    numeric = isinstance(value, (int, float, Fraction)) and not isinstance(value, bool)
    if not numeric or (integer and not isinstance(value, int)) or not low <= value <= high:
        kind = "an integer" if integer else "a number"
        raise _fail(where, key, f"must be {kind} between {low} and {high}, got {value!r}")
    return int(value) if integer else float(value)


def _slot_map(where: str, key: str, raw: Any, allowed: tuple[str, ...]) -> tuple[tuple[str, str], ...]:
    if raw is None:
        return ()
    if not isinstance(raw, dict):
        raise _fail(where, key, "must be a mapping of names to what they carry, e.g. {max_epochs: epochs}")
    for name, slot in raw.items():
        if not isinstance(name, str) or not _IDENT.fullmatch(name):
            raise _fail(where, f"{key}.{name}", "must be a Python identifier")
        _choice(where, f"{key}.{name}", slot, allowed)
    return tuple((str(k), str(v)) for k, v in raw.items())


def _list(where: str, key: str, raw: Any, allowed: tuple[str, ...]) -> tuple[str, ...]:
    if not isinstance(raw, list) or not raw:
        raise _fail(where, key, f"must be a non-empty list of {', '.join(allowed)}")
    for i, item in enumerate(raw):
        _choice(where, f"{key}[{i}]", item, allowed)
    if len(set(raw)) != len(raw):
        raise _fail(where, key, "lists the same item twice")
    return tuple(raw)


def _hidden(where: str, raw: Any) -> tuple[tuple[str, int], ...]:
    if not isinstance(raw, dict) or not raw:
        raise _fail(where, "hidden", "must map hidden test families to points, e.g. {separable: 10}")
    for family, points in raw.items():
        if family not in FAMILIES:
            raise _fail(where, f"hidden.{family}", f"unknown family; must be one of {', '.join(FAMILIES)}")
        _number(where, f"hidden.{family}", points, 0, 1000, integer=True)
    return tuple((str(f), int(p)) for f, p in raw.items())


def _check_calling(where: str, arguments: tuple[str, ...], keywords, params) -> None:
    carried = list(arguments) + [slot for _, slot in keywords] + [slot for _, slot in params]
    for needed in ("data", "labels", "epochs"):
        if carried.count(needed) != 1:
            raise _fail(where, "arguments", f"{needed!r} must be passed exactly once (as a positional argument, "
                                            f"a keyword or a params key), got {carried.count(needed)}")
    if params and "params" not in carried:
        raise _fail(where, "params", "keys are given but no argument carries 'params'")
    if "params" in carried and not params:
        raise _fail(where, "params", "an argument carries 'params' but no params keys are given")


def parse(doc: Any, where: str, raw: bytes, handout_dir: Path | None = None) -> Assignment:
    """Validate a parsed YAML document; `where` names the file in messages."""
    if not isinstance(doc, dict):
        raise AssignmentError(f"{where}: expected a mapping with keys such as function, data, returns, hidden")
    unknown = sorted(str(k) for k in doc if k not in KNOWN_KEYS)
    if unknown:
        raise _fail(where, unknown[0], f"unknown key; allowed keys are {', '.join(KNOWN_KEYS)}")
    function = doc.get("function")
    if not isinstance(function, str) or not _IDENT.fullmatch(function):
        raise _fail(where, "function", f"must be the name of the students' Python function, got {function!r}")
    arguments = _list(where, "arguments", doc.get("arguments"), SLOTS)
    keywords = _slot_map(where, "keywords", doc.get("keywords"), SLOTS)
    params = _slot_map(where, "params", doc.get("params"), PARAM_SLOTS)
    offset = _choice(where, "offset", doc.get("offset", "choice"), ("choice", "always", "never"))
    _check_calling(where, arguments, keywords, params)
    carried = list(arguments) + [s for _, s in keywords] + [s for _, s in params]
    if offset == "choice" and "offset" not in carried:
        raise _fail(where, "offset", "is 'choice' but no argument, keyword or params key carries 'offset'")
    returns = _list(where, "returns", doc.get("returns"), RETURNS)
    if "theta" not in returns:
        raise _fail(where, "returns", "must include theta")
    handout = doc.get("handout")
    if handout is not None and (not isinstance(handout, str) or handout_dir is None
                                or not (handout_dir / handout).is_file()):
        raise _fail(where, "handout", f"must name a Markdown file next to the assignment, got {handout!r}")
    return Assignment(
        name=str(doc.get("name", Path(where).stem)), title=str(doc.get("title", function)), function=function,
        data=_choice(where, "data", doc.get("data", "rows"), ("rows", "columns")),
        arguments=arguments, keywords=keywords, params=params, returns=returns, offset=offset,
        order=_choice(where, "order", doc.get("order", "fixed"), ("fixed", "free")),
        visible_points=_number(where, "visible_points", doc.get("visible_points", 20), 0, 1000, integer=True),
        hidden=_hidden(where, doc.get("hidden")),
        case_seconds=_number(where, "case_seconds", doc.get("case_seconds", 2.0), 0.1, 600),
        large_seconds=_number(where, "large_seconds", doc.get("large_seconds", 3.0), 0.1, 600),
        total_seconds=_number(where, "total_seconds", doc.get("total_seconds", 30.0), 1, 3600),
        handout=str(handout_dir / handout) if handout else None,
        source=where, digest=hashlib.sha256(raw).hexdigest(),
        notebook_cells=_choice(where, "notebook_cells", doc.get("notebook_cells", "definitions"),
                               ("definitions", "all")),
    )

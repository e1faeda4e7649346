"""Load and validate exercise specs (one kind, or a problem set of several) at load time, naming file and key."""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from pathlib import Path
from typing import Any

from rosenblatt.shared import read_yaml_file, SpecError, fraction_str
from exercises.kinds import KIND_NAMES, Params, get_kind

BUNDLED = Path(__file__).resolve().parent.parent / "specs"
TOP_KEYS = ("title", "kind", "params", "exercises", "max_attempts", "description", "unique")
EXERCISE_KEYS = ("kind", "title", "params", "unique")
MAX_EXERCISES = 20


@dataclass(frozen=True)
class Exercise:
    """One exercise of a spec: its kind, validated params and heading."""

    kind: str
    title: str
    params: Any
    raw_params: Any
    unique: bool = True


@dataclass(frozen=True)
class Spec:
    """A validated spec file."""

    name: str
    source: str
    title: str
    description: str
    exercises: tuple[Exercise, ...]
    max_attempts: int

    def to_json(self) -> dict:
        return {"name": self.name, "title": self.title,
                "exercises": [{"kind": e.kind, "title": e.title, "unique": e.unique, "params": _jsonable(e.raw_params)}
                              for e in self.exercises]}


def _jsonable(value: Any) -> Any:
    if isinstance(value, dict):
        return {str(k): _jsonable(v) for k, v in sorted(value.items(), key=lambda kv: str(kv[0]))}
    if isinstance(value, list):
        return [_jsonable(v) for v in value]
    if isinstance(value, Fraction):
        return fraction_str(value)
    return value


def resolve(name: str) -> Path:
    """A spec argument is a path, or the name of a bundled spec (`hand_trace` or `hand_trace.yaml`)."""
    path = Path(name)
    if path.exists() or path.suffix in (".yaml", ".yml") and path.parent != Path("."):
        return path
    bundled = BUNDLED / (name if name.endswith(".yaml") else f"{name}.yaml")
    if bundled.is_file():
        return bundled
    if path.suffix in (".yaml", ".yml"):
        return path  # reading it reports "no such file"
    raise SpecError(f"{name}: no such spec file or bundled spec; bundled specs are {', '.join(bundled_names())}")


def bundled_names() -> list[str]:
    return sorted(p.stem for p in BUNDLED.glob("*.yaml"))


@dataclass(frozen=True)
class Outline:
    """What `rosenblatt list` shows of a bundled spec: its name, title and kinds, read without drawing anything (its
    params are validated where they are used, by `show` and `generate`; the bundled ones by the tests)."""

    name: str
    title: str
    kinds: tuple[str, ...]


def outline(name: str) -> Outline:
    """A bundled spec's outline (the YAML read, its kinds' modules not loaded)."""
    path = resolve(name)
    doc = read_yaml_file(path, SpecError)
    items = [doc] if isinstance(doc, dict) and "kind" in doc else (doc or {}).get("exercises") or []
    kinds = tuple(str(e.get("kind")) for e in items if isinstance(e, dict))
    return Outline(path.stem, str(doc.get("title", path.stem)), kinds)


def load_spec(name: str) -> Spec:
    """Read, validate and return the spec `name` (a path or a bundled name); raise SpecError on any problem."""
    path = resolve(name)
    source = path.name if path.parent == BUNDLED else str(path)
    return parse_spec(read_yaml_file(path, SpecError), path.stem, source)  # type: ignore[arg-type]


def parse_spec(doc: Any, name: str, source: str) -> Spec:
    """Validate an already-parsed spec document; `source` prefixes every message."""
    if not isinstance(doc, dict):
        raise SpecError(f"{source}: expected a mapping with `kind` and `params`, or `exercises`")
    top = Params(doc, source, "", TOP_KEYS)
    if ("kind" in doc) == ("exercises" in doc):
        raise SpecError(f"{source}: give either `kind` (one exercise) or `exercises` (a problem set), not "
                        f"{'both' if 'kind' in doc else 'neither'}")
    if "kind" in doc:
        exercises = (_exercise(source, "", doc),)
    else:
        items = doc["exercises"]
        if not isinstance(items, list) or not 1 <= len(items) <= MAX_EXERCISES:
            raise SpecError(f"{source}: exercises: must be a list of 1 to {MAX_EXERCISES} exercises")
        exercises = tuple(_exercise(source, f"exercises[{k}].", item) for k, item in enumerate(items))
    title = doc.get("title", name)
    description = doc.get("description", "")
    for key, value in (("title", title), ("description", description)):
        if not isinstance(value, str) or len(value) > 500:
            raise SpecError(f"{source}: {key}: must be text of at most 500 characters")
    return Spec(name, source, title, description, exercises, top.integer("max_attempts", 2000, 1, 100_000))


def _exercise(source: str, prefix: str, raw: Any) -> Exercise:
    if not isinstance(raw, dict):
        raise SpecError(f"{source}: {prefix.rstrip('.')}: expected a mapping with kind and params")
    where = Params(raw, source, prefix.rstrip("."), EXERCISE_KEYS if prefix else TOP_KEYS)
    kind = raw.get("kind")
    if kind not in KIND_NAMES:
        raise SpecError(f"{source}: {prefix}kind: must be one of {', '.join(KIND_NAMES)}, got {kind!r:.40}")
    module = get_kind(kind)
    params = module.parse_params(Params(raw.get("params"), source, f"{prefix}params", module.OPTIONS))
    title = raw.get("title", module.TITLE)
    if not isinstance(title, str) or len(title) > 200:
        raise SpecError(f"{source}: {prefix}title: must be text of at most 200 characters")
    return Exercise(kind, title, params, raw.get("params") or {}, where.flag("unique", True))


def merge_specs(specs: list[Spec]) -> Spec:
    """Several SPEC arguments make one problem set: their exercises in order, under the first title."""
    if len(specs) == 1:
        return specs[0]
    return Spec(
        name="+".join(s.name for s in specs), source=", ".join(s.source for s in specs),
        title=specs[0].title if len({s.title for s in specs}) == 1 else "Perceptron exercises",
        description="", exercises=tuple(e for s in specs for e in s.exercises),
        max_attempts=max(s.max_attempts for s in specs),
    )

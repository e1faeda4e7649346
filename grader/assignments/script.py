"""A course script's main(args): the argparse values the grader passes, and the course modules that feed it data."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from grader.assignments import fields

KEYS = ("args", "modules")
BLOCKS = {
    "make-classification": "sklearn.datasets.make_classification(n_samples=..., ...): the case's points (features "
                           "as given) and labels 0/1, whatever the other arguments say",
}
POINTS = "points"  # an argument's value: the number of points of the case (NPFL129's --data_size)


@dataclass(frozen=True)
class ScriptSpec:
    """What main(args) receives (the course parser's defaults, then these values) and the modules it imports."""

    args: tuple[tuple[str, Any], ...]  # name -> a literal, or `points`
    modules: tuple[tuple[str, tuple[tuple[str, str], ...]], ...]  # dotted module -> ((attribute, block), ...)

    def values(self, n: int) -> dict:
        """The namespace's values for a case of n points."""
        return {name: (n if value == POINTS else value) for name, value in self.args}

    def setup(self) -> dict:
        return {"modules": {name: dict(attrs) for name, attrs in self.modules}}


def _module_name(where: str, key: str, raw: Any) -> str:
    if not isinstance(raw, str) or not all(fields.IDENT.fullmatch(p) for p in raw.split(".")):
        raise fields.fail(where, key, f"must be a module name such as sklearn.datasets, got {raw!r}")
    return raw


def parse(where: str, raw: Any) -> ScriptSpec:
    doc = fields.mapping(where, "script", raw, "args, modules")
    fields.unknown_keys(where, "script.", doc, KEYS)
    args_raw = fields.mapping(where, "script.args", doc.get("args", {}), "argument names to values or `points`")
    args = []
    for name, value in args_raw.items():
        fields.identifier(where, f"script.args.{name}", name, "an argparse destination")
        if not isinstance(value, (bool, int, float, str)) or isinstance(value, str) and value != POINTS:
            raise fields.fail(where, f"script.args.{name}", f"must be a number, true/false or `points`, got {value!r}")
        args.append((str(name), value))
    mods_raw = fields.mapping(where, "script.modules", doc.get("modules", {}), "module names to attributes")
    modules = []
    for mod, attrs_raw in mods_raw.items():
        _module_name(where, f"script.modules.{mod}", mod)
        attrs = fields.mapping(where, f"script.modules.{mod}", attrs_raw, "attribute names to building blocks")
        pairs = []
        for attr, block in attrs.items():
            fields.identifier(where, f"script.modules.{mod}.{attr}", attr, "a module attribute")
            fields.choice(where, f"script.modules.{mod}.{attr}", block, tuple(BLOCKS))
            pairs.append((str(attr), str(block)))
        modules.append((str(mod), tuple(pairs)))
    return ScriptSpec(args=tuple(args), modules=tuple(modules))

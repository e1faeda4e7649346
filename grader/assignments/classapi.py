"""A class API (students write a class; the grader constructs it and calls methods), and the course modules it uses."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from grader.assignments import fields

KEYS = ("name", "init", "weights", "values", "modules")
INIT_SLOTS = ("dimensions",)
# Building blocks the sandbox's harness can provide as (attributes of) a course module, from plain data only.
BLOCKS = {
    "data-stream": "a factory: calling it returns f(model), which yields the case's (x, y) in order, one pass "
                   "per call, and reads the model's weights after each pass",
    "nn": "the course's nn module, reduced to what a perceptron uses: Parameter, Constant, DotProduct, as_scalar",
    "nn-multiplier-first": "the same nn module as the CS188 term with train_model(dataset) ships it: "
                           "Parameter.update(multiplier, direction), the scalar first",
    "nn-either-order": "the nn module of the terms with train(dataset), which differ in the order of "
                       "Parameter.update's arguments: a Constant and a Python number, in either order",
}
MODULE_BLOCKS = ("nn", "nn-multiplier-first", "nn-either-order")  # blocks that are a whole module rather than one attribute


@dataclass(frozen=True)
class ClassSpec:
    """The class students define, its constructor's arguments, and the course modules their file imports."""

    name: str
    init: tuple[str, ...]
    weights: str  # the method that returns the current weights
    values: str  # how points reach methods and leave datasets: numpy arrays, the course's nn.Constant nodes, or
    # torch tensors (a map-style dataset of {'x': (d,), 'label': (1,)} float32 tensors, as CS188's torch terms)
    modules: tuple[tuple[str, Any], ...]  # module name -> block name, or ((attribute, block), ...)

    def setup(self) -> dict:
        """Plain data for the harness: which modules to build before the student's file is loaded."""
        mods = {}
        for name, spec in self.modules:
            mods[name] = spec if isinstance(spec, str) else {attr: block for attr, block in spec}
        return {"modules": mods, "names": [self.name]}


def _module(where: str, key: str, raw: Any) -> Any:
    if isinstance(raw, str):
        return fields.choice(where, key, raw, MODULE_BLOCKS)
    fields.mapping(where, key, raw, "attribute names to building blocks, e.g. {make_get_data: data-stream}")
    if not raw:
        raise fields.fail(where, key, "must name at least one attribute")
    attrs = []
    for attr, block in raw.items():
        fields.identifier(where, f"{key}.{attr}", attr, "a module attribute")
        fields.choice(where, f"{key}.{attr}", block, tuple(b for b in BLOCKS if b not in MODULE_BLOCKS))
        attrs.append((str(attr), str(block)))
    return tuple(attrs)


def parse(where: str, raw: Any) -> ClassSpec:
    doc = fields.mapping(where, "class", raw, "name, init, weights, values, modules")
    fields.unknown_keys(where, "class.", doc, KEYS)
    name = fields.identifier(where, "class.name", doc.get("name"), "the students' class")
    init = fields.listed(where, "class.init", doc.get("init", []), INIT_SLOTS, empty=True)
    weights = fields.identifier(where, "class.weights", doc.get("weights"), "the method returning the weights")
    values = fields.choice(where, "class.values", doc.get("values", "arrays"), ("arrays", "nn", "torch"))
    mods_raw = fields.mapping(where, "class.modules", doc.get("modules", {}), "module names to building blocks")
    modules = []
    for mod, spec in mods_raw.items():
        fields.identifier(where, f"class.modules.{mod}", mod, "a module")
        modules.append((str(mod), _module(where, f"class.modules.{mod}", spec)))
    if values == "nn" and not any(spec in MODULE_BLOCKS for _, spec in modules):
        raise fields.fail(where, "class.values", f"is nn but no module is an nn building block "
                                                 f"({' or '.join(MODULE_BLOCKS)})")
    return ClassSpec(name=name, init=init, weights=weights, values=values, modules=tuple(modules))

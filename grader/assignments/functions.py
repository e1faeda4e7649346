"""One graded function of an assignment: its task, how it is called, what it returns, its points and families."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from grader.assignments import fields
from grader.assignments.convention import Convention
from grader.assignments.shapes import SHAPES, Shape

SLOTS = ("data", "labels", "epochs", "offset", "params", "point", "label", "theta", "theta0", "step", "hook",
         "dataset", "args")
PARAM_SLOTS = ("epochs", "offset", "step", "hook")
NEEDS_LIMIT = ("non-separable", "offset-only")  # data on which the perceptron never stops
KEYS = ("function", "method", "task", "title", "arguments", "keywords", "params", "returns", "visible_points",
        "hidden")


@dataclass(frozen=True)
class FunctionSpec:
    """A function (or method) the students write, how the grader calls it, and how it is scored."""

    name: str
    task: str  # a shape's name in grader/assignments/shapes.py: perceptron | averaged | update | classify
    title: str
    arguments: tuple[str, ...]
    keywords: tuple[tuple[str, str], ...]
    params: tuple[tuple[str, str], ...]
    returns: tuple[str, ...]
    convention: Convention
    visible_points: int
    hidden: tuple[tuple[str, int], ...]
    method: bool = False  # a method of the assignment's class rather than a module-level function
    names: tuple[str, ...] = ()  # every name the course accepts, the canonical one (`name`) first

    def __post_init__(self):
        if not self.names:
            object.__setattr__(self, "names", (self.name,))

    def spelled(self) -> str:
        """The accepted names for messages: `perceptronUpdate (or perceptron_update)`."""
        return self.name + (f" (or {' or '.join(self.names[1:])})" if len(self.names) > 1 else "")

    @property
    def shape(self) -> Shape:
        return SHAPES[self.task]

    @property
    def trains(self) -> bool:
        """Runs the perceptron over a data set (perceptron, averaged)."""
        return self.shape.trains

    @property
    def averages(self) -> bool:
        return self.shape.averages

    @property
    def final_weights(self) -> bool:
        """Trains and returns the final weights (the plain perceptron, not an average)."""
        return self.shape.trains and not self.shape.averages

    @property
    def single_step(self) -> bool:
        """One update of given weights (update)."""
        return self.shape.single_step

    @property
    def predicts(self) -> bool:
        """Labels points with given weights (classify)."""
        return self.shape.predicts

    @property
    def given_weights(self) -> bool:
        """Starts from weights the case gives (update, classify): their length is the dimension."""
        return self.shape.single_step or self.shape.predicts

    @property
    def order(self) -> str:
        return self.convention.order

    @property
    def offset(self) -> str:
        return self.convention.offset

    def offsets(self) -> tuple[bool, ...]:
        return self.convention.offsets()

    def carried(self) -> list[str]:
        """Every slot the call carries, once per argument, keyword or params key."""
        return list(self.arguments) + [s for _, s in self.keywords] + [s for _, s in self.params]

    def passes(self, slot: str) -> bool:
        return slot in self.carried()


def _hidden(where: str, key: str, raw: Any, task: str) -> tuple[tuple[str, int], ...]:
    if not isinstance(raw, dict) or not raw:
        raise fields.fail(where, key, "must map hidden test families to points, e.g. {separable: 10}")
    for family, points in raw.items():
        if family not in SHAPES[task].families:
            raise fields.fail(where, f"{key}.{family}", f"unknown family; must be one of "
                                                        f"{', '.join(SHAPES[task].families)}")
        fields.number(where, f"{key}.{family}", points, 0, 1000, integer=True)
    return tuple((str(f), int(p)) for f, p in raw.items())


MAX_NAMES = 4


def _names(where: str, key: str, raw: Any, method: bool) -> tuple[str, ...]:
    """`function: perceptronUpdate` or `function: [perceptronUpdate, perceptron_update]` (canonical first)."""
    what = "the students' method" if method else "the students' Python function"
    if not isinstance(raw, list):
        return (fields.identifier(where, key, raw, what),)
    if method:
        raise fields.fail(where, key, f"must be one method name (a class has one spelling), got {raw!r}")
    if not 1 <= len(raw) <= MAX_NAMES:
        raise fields.fail(where, key, f"must be a name or a list of 1 to {MAX_NAMES} accepted names (the course's "
                                      f"own first), got {len(raw)} names")
    names = tuple(fields.identifier(where, f"{key}[{i}]", v, what) for i, v in enumerate(raw))
    if len(set(names)) != len(names):
        raise fields.fail(where, key, f"lists the name {next(n for n in names if names.count(n) > 1)!r} twice")
    return names


def _count(where: str, key: str, carried: list[str], slot: str, want: int, why: str = "") -> None:
    got = carried.count(slot)
    if got == want:
        return
    if want:
        message = (f"{slot!r} must be passed exactly once (as a positional argument, a keyword or a params key), "
                   f"got {got}")
    else:
        message = f"{slot!r} must not be passed ({why}), got {got}"
    raise fields.fail(where, key, message)


def _check_slots(where: str, prefix: str, f: FunctionSpec) -> None:
    c, carried, key = f.convention, f.carried(), prefix + "arguments"
    for slot in ("hook", "step", "dataset", "offset", "args"):
        if carried.count(slot) > 1:
            raise fields.fail(where, key, f"{slot!r} is passed more than once")
    data_slots = ("point",) if f.predicts and f.method else f.shape.data  # a method labels one point per call
    if "args" in carried and "args" not in f.arguments:
        raise fields.fail(where, key, "'args' (the script's argparse namespace) must be a positional argument")
    fed = f.method and f.trains or "args" in carried  # a class's or a script's data come from a course module
    for slot in data_slots:
        _count(where, key, carried, slot, 0 if fed else 1, "the course module provides the data")
    if f.trains:
        _count(where, key, carried, "epochs", int(c.epochs == "argument"), f"the convention's epochs is {c.epochs}")
        given = c.start == "given"
        _count(where, key, carried, "theta", int(given), f"the start is {c.start}")
        if c.bias == "separate":
            _count(where, key, carried, "theta0", int(given), f"the start is {c.start}")
    elif not f.method:
        _count(where, key, carried, "theta", 1)
        if c.bias == "separate":
            _count(where, key, carried, "theta0", 1)
    if c.offset == "choice" and c.bias == "separate" and not f.predicts and "offset" not in carried:
        raise fields.fail(where, prefix + "offset", "is 'choice' but no argument, keyword or params key carries "
                                                    "'offset'")
    if len(c.steps) > 1 and "step" not in carried:
        raise fields.fail(where, prefix + "step", "lists several step sizes but no argument carries 'step'")


def _check_returns(where: str, prefix: str, f: FunctionSpec) -> None:
    conv = f.convention
    if f.shape.needs_theta and not f.method and "theta" not in f.returns:
        raise fields.fail(where, prefix + "returns", "must include theta")
    if "theta0" in f.returns and conv.bias != "separate":
        raise fields.fail(where, prefix + "returns", f"cannot include theta0 with bias {conv.bias} "
                                                     "(a folded bias is a coordinate of theta)")
    if f.predicts and conv.tie == "mistake":
        raise fields.fail(where, prefix + "tie", "must be positive, negative or avoid for a classify function "
                                                 "(which label a score of 0 gets), got 'mistake'")
    if not f.predicts and conv.tie == "avoid":
        raise fields.fail(where, prefix + "tie", "avoid applies only to classify functions")
    if f.given_weights and conv.folded:
        raise fields.fail(where, prefix + "bias", f"must be separate or none for a{'n' if f.task[0] in 'aeiou' else ''} "
                                                  f"{f.task} function (it takes the weights and the bias as given)")


def _check_families(where: str, prefix: str, f: FunctionSpec) -> None:
    conv = f.convention
    for family, _ in f.hidden:
        key = f"{prefix}hidden.{family}"
        if family in NEEDS_LIMIT and conv.epochs == "none":
            raise fields.fail(where, key, "needs an epoch limit: with epochs none the function loops until a clean "
                                          "pass, so the suite gives only data on which it terminates")
        if family == "many-passes" and (conv.limit is not None or conv.by_property):
            raise fields.fail(where, key, "does not apply: its data need 150 to 600 passes in the course's order, "
                                          "more than a fixed limit or every visiting order allows (epochs: none or "
                                          "argument, order fixed)")
        if family == "input-mutation" and conv.mutation != "forbidden":
            raise fields.fail(where, key, "does not apply: the convention allows changing the inputs (mutation: "
                                          f"{conv.mutation})")
        if family == "one-dimensional" and conv.features != "any":
            raise fields.fail(where, key, f"does not apply: the data have {conv.features} features (features: "
                                          f"{conv.features}); use features: any to test other dimensions")
        if family == "correct" and conv.update == "either":
            raise fields.fail(where, key, "does not apply: with update either the course leaves open whether the "
                                          "update checks for a mistake, so correctly classified points are not tested")
        if family == "tie" and conv.tie == "avoid":
            raise fields.fail(where, key, "does not apply: the convention avoids scores of exactly 0 (tie: avoid)")
    if f.averages and (conv.by_property or conv.epochs == "none" or not conv.exact_floats):
        raise fields.fail(where, prefix + "task", "averaged needs a fixed order, a known start and an epoch "
                                                  "limit and dyadic step sizes (the average is over all n·T visits)")


def parse(where: str, prefix: str, doc: dict, conv: Convention, method: bool, defaults: dict) -> FunctionSpec:
    """One function entry (or the top level of a single-function file)."""
    name_key = "method" if method else "function"
    names = _names(where, prefix + name_key, doc.get(name_key), method)
    name = names[0]
    task = fields.choice(where, prefix + "task", doc.get("task", "perceptron"), tuple(SHAPES))
    keywords = fields.slot_map(where, prefix + "keywords", doc.get("keywords"), SLOTS)
    params = fields.slot_map(where, prefix + "params", doc.get("params"), PARAM_SLOTS)
    arguments = fields.listed(where, prefix + "arguments", doc.get("arguments", []), SLOTS, empty=True)
    returns = fields.listed(where, prefix + "returns", doc.get("returns", []), SHAPES[task].returns, empty=method)
    f = FunctionSpec(
        name=name, names=names, task=task, title=str(doc.get("title", name)), arguments=arguments, keywords=keywords,
        params=params, returns=returns, convention=conv, method=method,
        visible_points=fields.number(where, prefix + "visible_points",
                                     doc.get("visible_points", defaults.get("visible_points", 20)), 0, 1000, True),
        hidden=_hidden(where, prefix + "hidden", doc.get("hidden"), task))
    carried = f.carried()
    if params and "params" not in carried:
        raise fields.fail(where, prefix + "params", "keys are given but no argument carries 'params'")
    if "params" in carried and not params:
        raise fields.fail(where, prefix + "params", "an argument carries 'params' but no params keys are given")
    _check_slots(where, prefix, f)
    _check_returns(where, prefix, f)
    _check_families(where, prefix, f)
    return f

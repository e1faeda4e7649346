"""What each parameter of the reference's functions carries, read from its name (the probes then check it), and
the role this gives the function: it trains, takes one step, or classifies."""

from __future__ import annotations

import re
from dataclasses import dataclass

from rosenblatt.shared import AssignmentError

# parameter name -> slot; names are compared as written first (X is data, x is a point), then in lower case
NAMES = {
    "data": ("X", "xs", "Xs", "data", "feature_matrix", "features", "points", "dataset", "x_train", "train_x",
             "x_data", "matrix", "samples"),
    "point": ("x", "feature_vector", "point", "xi", "x_i", "sample", "vector", "feature"),
    "labels": ("y", "ys", "Y", "labels", "targets", "y_train", "train_y", "label_vector", "outputs"),
    "label": ("y", "label", "yi", "y_i", "target"),
    "theta": ("theta", "current_theta", "th", "w", "W", "weights", "weight", "theta_vec", "thetas"),
    "theta0": ("theta_0", "current_theta_0", "th0", "b", "bias", "theta0", "w0", "b0", "offset_b"),
    "epochs": ("T", "epochs", "max_iter", "max_epochs", "n_iter", "iterations", "num_iter", "n_epochs", "maxiter",
               "passes", "iters", "num_epochs", "max_iterations", "n_iterations", "t", "max_iters", "num_iters"),
    "params": ("params",),
    "hook": ("hook",),
    "step": ("learn_rate", "eta", "lr", "learning_rate", "step", "alpha", "rate", "step_size"),
    "offset": ("offset",),
}
PARAMS_KEY = re.compile(r"""params\s*(?:\.get\(\s*|\[\s*)['"]([A-Za-z_]\w{0,30})['"]""")


@dataclass(frozen=True)
class Parameter:
    name: str
    slot: str | None  # None: a parameter with a default that the grader leaves alone
    keyword: bool  # passed by name (it has a default, or is keyword-only)
    default: str | None  # the default's repr, as the signature shows it


@dataclass(frozen=True)
class Signature:
    """A function of the reference, its parameters' slots and its role: train | step | classify."""

    name: str
    parameters: tuple[Parameter, ...]
    role: str

    def slots(self) -> tuple[str, ...]:
        return tuple(p.slot for p in self.parameters if p.slot)

    def has(self, slot: str) -> bool:
        return slot in self.slots()

    def param(self, slot: str) -> Parameter | None:
        return next((p for p in self.parameters if p.slot == slot), None)


def _slot(name: str, taken: set[str]) -> str | None:
    order = ("data", "point", "labels", "label", "theta", "theta0", "epochs", "params", "hook", "step", "offset")
    for exact in (True, False):
        for slot in order:
            spelled = NAMES[slot] if exact else tuple(n.lower() for n in NAMES[slot])
            if (name if exact else name.lower()) in spelled and slot not in taken:
                if slot == "labels" and "point" in taken or slot == "label" and "data" in taken:
                    continue  # y is a label beside a point, the labels beside data
                return slot
    return None


def _role(name: str, slots: set[str]) -> str | None:
    if {"data", "labels"} <= slots:
        return "train"
    if {"point", "label", "theta"} <= slots:
        return "step"
    if {"data", "theta"} <= slots or {"point", "theta"} <= slots:
        return "classify"
    return None


def read(name: str, raw: list) -> Signature | None:
    """A function's signature from the sandbox's plain data; None for a helper (no perceptron role)."""
    taken: set[str] = set()
    params = []
    for pname, kind, default in raw:
        if kind in ("*", "**"):
            continue
        slot = _slot(pname, taken)
        if slot is not None:
            taken.add(slot)
        params.append(Parameter(pname, slot, kind == "keyword" or default is not None, default))
    role = _role(name, taken)
    if role is None and {"point", "label"} <= taken and "theta" not in taken:
        params, taken = _as_data_set(params), taken - {"point", "label"} | {"data", "labels"}
        role = "train"  # perceptron(x, y): no weights to step from, so x and y are the data set (probes check it)
    if role is None:
        return None
    unknown = [p.name for p in params if p.slot is None and p.default is None]
    if unknown:
        raise AssignmentError(f"probe signature: {name}: cannot tell what the parameter {unknown[0]!r} carries "
                              f"(no default, and its name is none of the data, labels, weights, offset, epochs or "
                              f"step names Rosenblatt knows); rename it or leave {name} out with --function")
    if "point" in taken and "data" in taken:
        raise AssignmentError(f"probe signature: {name} takes both a point and a data set; Rosenblatt cannot tell "
                              f"which is graded")
    return Signature(name, tuple(params), role)


def _as_data_set(params: list) -> list:
    """A point and a label read as the data and the labels (x, y of a function that takes no weights)."""
    moved = {"point": "data", "label": "labels"}
    return [Parameter(p.name, moved.get(p.slot, p.slot), p.keyword, p.default) for p in params]


def as_classify_data(sig: Signature) -> Signature:
    """A classify function's point read as the data (classifyLinear(x, w, b) labels every row of x); the probes
    check it."""
    if not sig.has("point") or sig.has("data"):
        return sig
    params = tuple(Parameter(p.name, "data" if p.slot == "point" else p.slot, p.keyword, p.default)
                   for p in sig.parameters)
    return Signature(sig.name, params, sig.role)


def params_keys(source: bytes) -> tuple[str, ...]:
    """Keys the source reads from a params dict (params['T'], params.get('T', ...)), in order: candidates only."""
    text = source.decode("utf-8", "replace")
    return tuple(dict.fromkeys(PARAMS_KEY.findall(text)))

"""Inferring a training function's convention: the grid's candidates narrowed probe by probe, each field decided
by the first probe after which every surviving candidate agrees on it."""

from __future__ import annotations

import re
from dataclasses import replace
from fractions import Fraction

from grader.inference import calls, free, grid, reading
from grader.inference.model import Decision, Function, NotAPerceptron
from grader.inference.probes import Probe, many_passes, training
from grader.inference.signature import NAMES, Signature

FIELDS = ("layout", "labels", "theta_shape", "bias", "offset", "tie", "order", "averaged", "step")
STEP = Fraction(1, 2)  # what the grader passes where the function takes η (dyadic: floats stay exact)
START = (Fraction(1, 2), Fraction(-1, 2), Fraction(1, 4))  # a given start (θ, then θ₀), not zero


class Narrowing:
    """The surviving candidates of one function and what each probe decided."""

    def __init__(self, runner, sig: Signature, params_key: str | None, cands: list):
        self.runner, self.sig, self.params_key, self.cands = runner, sig, params_key, cands
        self.decided: dict[str, Decision] = {}
        self.names: tuple[str, ...] = ()
        self.named: dict = {}  # candidate -> the names of its returned parts
        self.container = "single"
        self.first = None
        self.mutated = ""  # the first probe on which the reference changed its input arrays

    def given(self) -> tuple[bool, bool]:
        return self.sig.has("epochs") or self.params_key is not None, self.sig.has("theta")

    def call(self, c: grid.Candidate, p: Probe, offset: bool = True, spy: tuple = ()):
        epochs_given, start_given = self.given()
        X, y = calls.arrays(_appended(p.X, c), p.y, c.layout, c.labels)
        values = {"data": X, "labels": y, "epochs": p.epochs, "step": float(STEP), "offset": offset}
        start = {}
        if start_given:
            th = START[:len(p.X[0])] if p.name != "layout" else (Fraction(0),) * len(p.X[0])
            th0 = START[-1] if p.name != "layout" and c.bias == "separate" else Fraction(0)
            values["theta"], values["theta0"] = calls.weights(th, th0, c.layout, c.theta_shape)
            start = {"theta": th, "theta0": th0}
        args, kwargs = calls.arguments(self.sig, values, self.params_key)
        return self.runner.call(self.sig.name, args, kwargs, p.seconds, spy), start

    def probe(self, p: Probe, optional: bool = False) -> bool:
        """Narrow by one probe (one call per call variant); False (nothing changed) if `optional` and none fit."""
        epochs_given, _ = self.given()
        kept, replies = [], {}
        for c in self.cands:
            if c.variant not in replies:
                replies[c.variant] = self.call(c, p)
            reply, start = replies[c.variant]
            if not reply.ok:
                continue
            if reply.mutated and not self.mutated:
                self.mutated = p.name
            got, names = grid.training_match(c, p, reply.value, STEP, p.epochs if epochs_given else None, start)
            if got is not None:
                kept.append(got)
                self.named[got] = names
                self.names, self.container = names, calls_container(reply.value)
        if not kept:
            if optional:
                return False
            shown = calls.shown(next(iter(replies.values()))[0]) if replies else "was not called"
            raise NotAPerceptron(f"probe {p.name} ({p.purpose}): {self.sig.name} does not behave like a "
                                 f"perceptron under any convention Rosenblatt knows: it {shown}")
        if self.first is None:
            self.first = replies[kept[0].variant][0].value
        self.cands = kept
        self._decide(p.name)
        return True

    def _decide(self, probe: str) -> None:
        for field in FIELDS:
            values = {getattr(c, field) for c in self.cands}
            if field not in self.decided and len(values) == 1:
                self.decided[field] = Decision(field, values.pop(), probe, "")


def _appended(X, c: grid.Candidate):
    """The probe's points as the grader gives them: with the constant 1 where the grader appends it."""
    if c.appended != "grader":
        return X
    one = (Fraction(1),)
    return tuple(one + tuple(x) if c.bias == "first" else tuple(x) + one for x in X)


def calls_container(value) -> str:
    return reading.parts(value)[1]


def _params_key(sig: Signature, keys: tuple[str, ...]) -> str | None:
    if not sig.has("params"):
        return None
    for key in keys:
        if key in NAMES["epochs"] or key.lower() in NAMES["epochs"]:
            return key
    return keys[0] if keys else None


def infer(runner, sig: Signature, keys: tuple[str, ...], steps: tuple[str, ...] = ()) -> Function:
    """Run the training probes on one function and decide its convention: exactly, or by property when it visits
    its points in a random order (the exact probes fail, but one-point probes and separation hold). `steps`: the
    file's single-step functions, whose calls count a random-order reference's passes."""
    params_key = _params_key(sig, keys)
    try:
        return _exact(runner, sig, params_key)
    except NotAPerceptron as exact:
        n = _narrowing(runner, sig, params_key)
        if "probe repeat" not in exact.message and not _varies(n):
            raise  # deterministic, and no convention explains it: not a random-order perceptron either
        named = re.match(r"probe (\S+)", exact.message)
        reason = Decision("order", "free", named.group(1) if named else "repeat",
                          "its results match no fixed visiting order (or differ between calls), but they separate "
                          "the data: graded by property")
        try:
            decisions = free.infer(n, reason, None, steps)
        except NotAPerceptron as err:
            if not n.decided:  # not even one point behaves like a perceptron's: the exact probe's sentence
                raise exact from None
            raise err from None
        mutation = [Decision("mutation", "allowed", n.mutated, "")] if n.mutated else []
        return Function(sig, "perceptron", n.names, decisions + tuple(mutation),
                        ((params_key, "epochs"),) if params_key else (), n.container)


def _narrowing(runner, sig: Signature, params_key) -> Narrowing:
    epochs_given = sig.has("epochs") or params_key is not None
    shapes = ("flat", "column") if sig.has("theta") else ("flat",)
    cands = grid.training_grid(True, shapes, sig.has("theta0"), sig.has("theta"), sig.has("step"), epochs_given,
                               epochs_given and not sig.has("theta"))
    return Narrowing(runner, sig, params_key, cands)


def _exact(runner, sig: Signature, params_key) -> Function:
    n = _narrowing(runner, sig, params_key)
    epochs_given = n.given()[0]
    base = training()
    n.probe(base[0])
    _repeat(n, base[0])
    for p in base[1:4]:
        n.probe(p)
    features = _features(n, base[4:])
    if epochs_given:
        n.probe(replace(base[0], name="epochs", purpose="one pass instead of ten (the pass count is the argument)",
                        epochs=1))
    cap = _cap(n) if not epochs_given else "argument"
    function = _function(n, sig, params_key, features, cap)
    if sig.has("offset"):
        function = replace(function, decisions=function.decisions + (_offset_off(n, base[3]),))
    return function


def _offset_off(n: Narrowing, p: Probe) -> Decision:
    """The grader passes offset False: the reference must then learn no offset (θ₀ stays 0)."""
    c = n.cands[0]
    reply, start = n.call(c, p, offset=False)
    off = replace(c, offset=False)
    got, _ = grid.training_match(off, p, reply.value, STEP, p.epochs if n.given()[0] else None, start) \
        if reply.ok else (None, ())
    if got is None:
        raise NotAPerceptron(f"probe offset-off ({p.purpose}, with offset False): {n.sig.name} takes an offset "
                             f"switch but does not run the perceptron without an offset when it is off: it "
                             f"{calls.shown(reply)}")
    return Decision("offset-choice", True, "offset-off", "")


def _features(n: Narrowing, probes) -> Decision:
    for p in probes:
        if not n.probe(p, optional=True):
            return Decision("features", 2, p.name, f"the reference fails on {p.purpose}; it handles two features")
    return Decision("features", "any", probes[0].name, "the reference handles one, two and three features")


def _varies(n: Narrowing, tries: int = 4) -> bool:
    """Whether calls on the same data give different results (the `repeat` probe, on the order probe's data)."""
    p = training()[2]
    for c in {c.variant: c for c in n.cands}.values():
        first, _ = n.call(c, p)
        if first.ok:
            return any(not _same(n.call(c, p)[0].value, first.value) for _ in range(tries - 1))
    return False


def _repeat(n: Narrowing, p: Probe) -> None:
    reply, _ = n.call(n.cands[0], p)
    if not reply.ok or not _same(reply.value, n.first):
        raise NotAPerceptron(f"probe repeat (the layout probe again): {n.sig.name} gave another result on the same "
                             f"data, so it visits the points in a random order or starts from random weights; "
                             f"Rosenblatt infers only deterministic references (grade such a course by properties "
                             f"with order: free in a hand-written preset)")


def _same(a, b) -> bool:
    import numpy as np

    if type(a) in (tuple, list):
        return type(b) is type(a) and len(a) == len(b) and all(_same(x, y) for x, y in zip(a, b))
    if isinstance(a, np.ndarray):
        return isinstance(b, np.ndarray) and a.shape == b.shape and bool(np.array_equal(a, b))
    return type(a) is type(b) and a == b


def _cap(n: Narrowing):
    c = n.cands[0]
    p, needed = many_passes(c.order, c.tie, c.bias != "none" and (c.offset or c.bias != "separate"))
    n.probe(p)
    caps = set().union(*(c.caps for c in n.cands))
    if len(caps) == 1 and grid.BEYOND not in caps:
        return Decision("epochs", caps.pop(), p.name, f"its result is the weights after that many passes of {p.purpose}")
    return free.until_clean(n, c, f"at more than the {needed} passes the passes probe needs; Rosenblatt cannot read "
                                  f"the cap (give it as an argument, or write epochs: in the preset)")


def _function(n: Narrowing, sig: Signature, params_key, features: Decision, cap) -> Function:
    undecided = [f for f in FIELDS if f not in n.decided]
    if undecided:
        f = undecided[0]
        values = sorted({str(getattr(c, f)) for c in n.cands})
        raise NotAPerceptron(f"probes disagree: {sig.name}: every probe is explained by {f} {' and by '.join(values)}; "
                             f"Rosenblatt does not guess (name the functions to grade with --function)")
    returns = {n.named.get(c, n.names) for c in n.cands}
    if len(returns) > 1:
        shown = " and as ".join(", ".join(r) for r in sorted(returns))
        raise NotAPerceptron(f"probes disagree: {sig.name}: its result reads as {shown}; Rosenblatt does not guess")
    n.names = returns.pop()
    decisions = list(n.decided.values()) + [features]
    if n.mutated:
        decisions.append(Decision("mutation", "allowed", n.mutated, "the reference changes its inputs in place"))
    decisions.append(cap if isinstance(cap, Decision) else Decision("epochs", "argument", "epochs",
                                                                    "one pass when the grader passes 1"))
    averaged = n.decided["averaged"].value
    params = ((params_key, "epochs"),) if params_key else ()
    return Function(sig, "averaged" if averaged else "perceptron", n.names, tuple(decisions), params, n.container)

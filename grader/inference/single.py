"""Inferring a single-step update's and a classify function's convention from a few calls on chosen points."""

from __future__ import annotations

import itertools
from dataclasses import replace
from fractions import Fraction as F

from grader.inference import calls, grid, reading
from grader.inference.model import Decision, Function, NotAPerceptron
from grader.inference.signature import Signature, as_classify_data

# (name, what it decides, x, y, θ, θ₀): scores -1/2 (a mistake), +3/2 (correct), 0 with either label
STEPS = (
    ("update-mistake", "a mistake: the update's direction, step and offset", (F(1), F(2)), 1, (F(1, 2), F(-1)), F(0)),
    ("update-negative", "a mistake on a point labelled -1", (F(1), F(-1)), -1, (F(1), F(1, 2)), F(1, 2)),
    ("update-correct", "a point already on its side: whether the update checks", (F(2), F(1)), 1, (F(1), F(-1)),
     F(1, 2)),
    ("update-tie-positive", "a zero score on a point labelled +1 (the tie rule)", (F(1), F(1)), 1, (F(1), F(-1)), F(0)),
    ("update-tie-negative", "a zero score on a point labelled -1", (F(2), F(1)), -1, (F(1), F(-2)), F(0)),
)
CLASSIFY = (
    ("classify-points", "points on both sides, two of them where the offset decides the side: labels and container",
     ((F(1), F(2)), (F(-2), F(1)), (F(3), F(-1)), (F(1), F(5, 2)), (F(1), F(7, 2))), (F(1), F(-1, 2)), F(1, 2)),
    # (1, 5/2) scores -1/4 without the offset, (1, 7/2) +1/4 with it added twice: both on the other side
    ("classify-tie", "a point exactly on the boundary (which label a zero score gets)",
     ((F(1), F(1)), (F(2), F(1)), (F(-1), F(1))), (F(1), F(-1)), F(0)),
)


def _decide(cands: list, fields: tuple[str, ...], decided: dict, probe: str) -> None:
    for field in fields:
        values = {getattr(c, field) for c in cands}
        if field not in decided and len(values) == 1:
            decided[field] = Decision(field, values.pop(), probe, "")


def _fail(sig: Signature, name: str, purpose: str, reply) -> NotAPerceptron:
    return NotAPerceptron(f"probe {name} ({purpose}): {sig.name} does not behave like a perceptron's "
                          f"{'single step' if sig.role == 'step' else 'classify'} under any convention Rosenblatt "
                          f"knows: it {calls.shown(reply)}")


def _finish(sig: Signature, cands: list, fields, decided: dict) -> None:
    undecided = [f for f in fields if f not in decided]
    if undecided:
        values = sorted({str(getattr(c, undecided[0])) for c in cands})
        raise NotAPerceptron(f"probes disagree: {sig.name}: every probe is explained by {undecided[0]} "
                             f"{' and by '.join(values)}; Rosenblatt does not guess")


def _either_shape(cands: list, decided: dict) -> list:
    """A step that gives the same answer for θ flat (d,) and as a column (d, 1) takes either: it is given flat, as
    the rows layout passes it (both shapes were run, so this is read, not guessed)."""
    if "theta_shape" in decided or {c.theta_shape for c in cands} != {"flat", "column"}:
        return cands
    flat = [c for c in cands if c.theta_shape == "flat"]
    if set(flat) != {replace(c, theta_shape="flat") for c in cands}:
        return cands  # the two shapes are explained by different conventions: still undecided
    decided["theta_shape"] = Decision("theta_shape", "flat", "update-mistake",
                                      "it gives the same answer for θ flat and as a column: given flat")
    return flat


def update(runner, sig: Signature) -> Function:
    bias = "separate" if sig.has("theta0") else "none"
    cands = [grid.Candidate("rows", labels, shape, bias, offset, tie, always=always, step=step)
             for labels, shape, offset, always, step in itertools.product(
                 ((-1, 1), (0, 1)), ("flat", "column"), (True, False) if bias == "separate" else (False,),
                 (False, True), (None,) if sig.has("step") else grid.STEPS)
             for tie in (("mistake",) if always else ("positive", "negative") if labels == (0, 1)
                         else ("mistake", "positive", "negative"))]
    fields, decided, names, mutated, container = ("labels", "theta_shape", "offset", "always", "tie", "step"), {}, (), False, "single"
    for name, purpose, x, y, th, th0 in STEPS:
        kept, replies = [], {}
        for c in cands:
            key = (c.labels, c.theta_shape)
            if key not in replies:
                w, w0 = calls.weights(th, th0, "rows", c.theta_shape)
                label = y if c.labels == (-1, 1) else (1 if y > 0 else 0)
                values = {"point": calls.arrays((x,), (y,), "rows", (-1, 1))[0][0], "label": label, "theta": w,
                          "theta0": w0, "step": 0.5}
                replies[key] = runner.call(sig.name, *calls.arguments(sig, values, None))
            reply = replies[key]
            got = reply.ok and grid.step_match(c, x, y, th, th0, reply.value, F(1, 2))
            if got:
                kept.append(c)
                names, mutated = got, mutated or reply.mutated
                container = reading.parts(reply.value)[1]
        if not kept:
            raise _fail(sig, name, purpose, next(iter(replies.values())))
        cands = kept
        _decide(cands, fields, decided, name)
    cands = _either_shape(cands, decided)
    _finish(sig, cands, fields, decided)
    decisions = tuple(decided.values()) + (Decision("mutation", "allowed" if mutated else "forbidden",
                                                     "update-mistake", ""),)
    return Function(sig, "update", names, decisions, (), container)


def classify(runner, sig: Signature) -> Function:
    sig = as_classify_data(sig)
    bias = "separate" if sig.has("theta0") else "none"
    cands = [grid.Candidate(layout, labels, "flat", bias, tie=tie)
             for layout, labels in itertools.product(("rows", "columns"), ((-1, 1), (0, 1)))
             for tie in (("positive", "negative") if labels == (0, 1) else ("positive", "negative", "avoid"))]
    fields, decided = ("layout", "labels", "tie"), {}
    for name, purpose, X, th, th0 in CLASSIFY:
        kept, replies = [], {}
        for c in cands:
            if c.layout not in replies:
                data = calls.arrays(X, (1,) * len(X), c.layout, (-1, 1))[0]
                w, w0 = calls.weights(th, th0, c.layout, "flat")
                replies[c.layout] = runner.call(sig.name, *calls.arguments(sig, {"data": data, "theta": w,
                                                                                  "theta0": w0}, None))
            reply = replies[c.layout]
            if reply.ok and grid.classify_match(c, X, th, th0, reply.value):
                kept.append(c)
        if not kept:
            raise _fail(sig, name, purpose, next(iter(replies.values())))
        cands = kept
        _decide(cands, fields, decided, name)
    _finish(sig, cands, fields, decided)
    return Function(sig, "classify", ("predictions",), tuple(decided.values()), (), "single")

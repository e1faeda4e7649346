"""A class API's preset inferred by probes (CS188's Perceptron over backend, PerceptronModel over nn): the class is
built in the sandbox with the course module, its methods are called on probe data, and what they give back is
compared with exact runs."""

from __future__ import annotations

from fractions import Fraction

import numpy as np

from grader.assignments import Convention, case_seed, course_start, run
from grader.inference.classmodel import ClassMethod
from grader.inference.model import Decision, NotAPerceptron
from grader.inference.probes import _draw
from grader.inference.runner import Runner

D = 3  # the probes' dimensions (the last coordinate of every training point is the constant 1)
CASE = "infer-class"  # the nn module's draw comes from this case id's seed, known here (starts.py)
NN_VARIANTS = ("nn", "nn-multiplier-first")
TIES = ("positive", "negative", "mistake")
SECONDS = 5.0
# the update probe: (point, label) in turn from the start; the first two score 0 from a zero start
UPDATES = (((0, -1, 1), -1), ((-1, 0, 1), -1), ((1, -2, 1), -1), ((1.75, 2.5, 1), -1), ((2, 1, 1), 1))


def _vec(value) -> tuple[Fraction, ...] | None:
    """A returned value as D exact numbers (the harness unwraps nodes and arrays), or None."""
    try:
        arr = np.asarray(value, dtype=np.float64).ravel()
    except (TypeError, ValueError):
        return None
    if arr.size != D or not np.all(np.isfinite(arr)):
        return None
    return tuple(Fraction(float(v)) for v in arr)


def _label(value) -> int | None:
    try:
        arr = np.asarray(value, dtype=np.float64).ravel()
    except (TypeError, ValueError):
        return None
    return int(arr[0]) if arr.size == 1 and arr[0] in (1.0, -1.0) and type(value) is not bool else None


class Probing:
    """One class, one course-module candidate: the sandboxed session and the plans run in it."""

    def __init__(self, runner: Runner, cls: str, values: str):
        self.runner, self.cls, self.values = runner, cls, values
        self.weights = ""

    def plan(self, extra: list, steps: list, stream=None):
        args = [(D,), stream if stream is not None else (), (), *extra]
        plan = {"kind": "class", "name": self.cls, "init": 0, "stream": 1 if stream is not None else None,
                "steps": steps, "values": self.values, "weights": self.weights or "get_weights",
                "seed": case_seed(CASE)}
        reply = self.runner.plan(tuple(args), plan, SECONDS)
        kept = reply.value.get("kept") if reply.ok and type(reply.value) is dict else None
        return (kept if type(kept) is list else None), reply

    def _keep(self, method: str, points) -> tuple[list, list]:
        extra = [(np.array(p, dtype=np.float64),) for p in points]
        steps = [{"m": self.weights, "a": 2, "keep": True}]
        steps += [{"m": method, "a": 3 + k, "keep": True, "wrap": {"0": "point"}} for k in range(len(points))]
        return extra, steps


def weights(p: Probing, methods) -> tuple[Decision, tuple[Fraction, ...]]:
    """Probe class-start: the method without arguments that returns D numbers right after construction."""
    found = []
    for m in methods:
        if not m.params:
            kept, _ = p.plan([], [{"m": m.name, "a": 2, "keep": True}])
            vec = _vec(kept[0]) if kept else None
            if vec is not None:
                found.append((m.name, vec))
    if len(found) > 1:
        found = [f for f in found if "weight" in f[0].lower()] or found
    if len(found) != 1:
        names = ", ".join(f[0] for f in found) or "none"
        raise NotAPerceptron(f"probe class-start: {p.cls}({D}) has {len(found)} methods without arguments that "
                             f"return {D} weights ({names}); one preset reads the weights from exactly one")
    p.weights = found[0][0]
    return Decision("weights", found[0][0], "class-start", "the method that returns the weights"), found[0][1]


def start(p: Probing, w: tuple[Fraction, ...]) -> Decision:
    """Probe class-start: zero weights, or the course module's own draw (nn.Parameter), which the grader knows."""
    if p.values == "nn" and w == course_start(CASE, D)[0]:
        return Decision("start", "course", "class-start", "the weights are nn.Parameter's own draw, which the "
                                                          "grader's nn makes from each case's seed")
    if all(v == 0 for v in w):
        return Decision("start", "zero", "class-start", "the weights start at zero")
    raise NotAPerceptron(f"probe class-start: {p.cls}({D}) starts from weights {[str(v) for v in w]}, neither "
                         f"zero nor the course module's draw")


def _tie_points(w) -> tuple:
    """A point on each side of w and one exactly on its boundary (all three score 0 when w is zero)."""
    i = next((k for k, v in enumerate(w) if v != 0), None)
    if i is None:
        return ((1, -2, 1), (-1, 2, -1), (2, 1, -1))
    j = (i + 1) % D
    tie = [Fraction(0)] * D
    tie[j], tie[i] = w[i], -w[j]
    return (tuple(w), tuple(-v for v in w), tuple(tie))


def classify(p: Probing, method: str, w) -> ClassMethod | str:
    """Probes classify-points, classify-tie: ±1 on either side of the start, and the side of a zero score."""
    points = _tie_points(w)
    extra, steps = p._keep(method, points)
    kept, reply = p.plan(extra, steps)
    if kept is None:
        return f"probe classify-points: {method}(point) {reply.status}: {(reply.error.strip().splitlines() or [''])[-1][:120]}"
    labels = [_label(v) for v in kept[1:]]
    if None in labels:
        return "probe classify-points: it returns something other than 1 or -1 (a score, not a label)"
    zero = all(v == 0 for v in w)
    if not zero and labels[:2] != [1, -1]:
        return f"probe classify-points: it labels a point on the positive side {labels[0]} and one on the " \
               f"negative side {labels[1]}"
    tie = "positive" if labels[2] == 1 else "negative"
    why = "at the zero start every point scores 0: " if zero else ""
    return ClassMethod(method, "classify", ("point",), ("predictions",), (
        Decision("tie", tie, "classify-tie", f"{why}a point exactly on the boundary is labelled {labels[2]}"),))


def _steps(w, tie: str):
    out, w = [], list(w)
    for x, y in UPDATES:
        s = sum(a * Fraction(b) for a, b in zip(w, x))
        pred = 1 if s > 0 or (s == 0 and tie == "positive") else -1
        hit = pred != y or (s == 0 and tie == "mistake")
        if hit:
            w = [a + y * Fraction(b) for a, b in zip(w, x)]
        out.append((hit, tuple(w)))
    return out


def update(p: Probing, method: str, w, tie: str) -> ClassMethod | str:
    """Probe update-steps: the weights after each update(x, y) of a sequence, and what it returns."""
    extra = [(np.array(x, dtype=np.float64), float(y)) for x, y in UPDATES]
    steps = []
    for k in range(len(UPDATES)):
        steps += [{"m": method, "a": 3 + k, "keep": True, "wrap": {"0": "point"}},
                  {"m": p.weights, "a": 2, "keep": True}]
    kept, reply = p.plan(extra, steps)
    if kept is None:
        return f"probe update-steps: {method}(x, y) {reply.status}"
    want = _steps(w, tie)
    if [_vec(v) for v in kept[1::2]] != [s for _, s in want]:
        return "probe update-steps: its weights after each call are not the perceptron's single steps"
    flags = kept[0::2]
    if all(type(v) is bool for v in flags) and list(flags) == [h for h, _ in want]:
        returns = ("changed",)
    elif all(v is None for v in flags):
        returns = ()
    else:
        return "probe update-steps: it returns neither whether the weights changed nor None"
    return ClassMethod(method, "update", ("point", "label"), returns, (
        Decision("tie", tie, "update-steps", "its single steps follow this tie rule"),))


def train(p: Probing, method, w, tie: str) -> ClassMethod | str:
    """Probe class-train: separable points (last coordinate 1) in the course module's order, from the start: the
    final weights and the passes the module counted must be those of the exact run until a clean pass."""
    X, y = _draw("class-train", 7, D - 1, 1)
    X = tuple(x + (Fraction(1),) for x in X)
    data = (np.array(X, dtype=np.float64), np.array(y, dtype=np.float64))
    weights = {"m": p.weights, "a": 2, "keep": True}
    if method.params:
        kept, reply = p.plan([(data,)], [{"m": method.name, "a": 3, "wrap": {"0": "dataset"}}, weights], data)
    else:
        kept, reply = p.plan([], [{"m": method.name, "a": 2}, weights], data)
    if kept is None:
        last = (reply.error.strip().splitlines() or [""])[-1][:160]
        return f"probe class-train: {method.name} {reply.status}{': ' + last if last else ''}"
    got = _vec(kept[-1]) if kept else None
    count = reply.value.get("pass_count")
    for t in dict.fromkeys((tie,) + TIES):
        r = run(X, y, Convention(tie=t, epochs="none"), offset=False, theta=w)
        if r.converged and got == r.theta and count == r.epochs:
            return ClassMethod(method.name, "perceptron", ("dataset",) if method.params else (), (), (
                Decision("tie", t, "class-train", "the tie rule under which its weights are the perceptron's"),
                Decision("epochs", "none", "class-train", f"it stops after the first clean pass ({r.epochs} "
                                                          f"passes, as the exact run)"),
                Decision("order", "fixed", "class-train", "the course module's order, step 1: its final weights "
                                                          "are the exact run's")))
    passes = f"{count} pass{'es' if count != 1 else ''}"
    return f"probe class-train: {method.name}'s weights after training ({passes}) are not the perceptron's " \
           f"in the course module's order from its start, until a clean pass, under any tie rule"

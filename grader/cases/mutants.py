"""The exact reference with each classic perceptron mistake built in, and the catalogue of those mistakes."""

from __future__ import annotations

import functools
from dataclasses import dataclass
from fractions import Fraction

import numpy as np
import yaml

from rosenblatt.core import scaled_to_integers
from rosenblatt.shared import Scan, render
from grader.assignments import TERMS, Convention, Knobs, visited
from grader.cases.case import Expected, Points


@dataclass(frozen=True)
class Mistake:
    """A classic bug: its id (used in results and sample docstrings), a title and what to tell the student."""

    name: str
    title: str
    hint: str


def catalogue(a=None, f=None) -> dict[str, Mistake]:
    """Every classic mistake's title and hint in the course's terms (the seeds' wording without an assignment)."""
    conv = f.convention if f is not None else Convention()
    terms = {k: (a.term(k) if a is not None else v) for k, v in TERMS.items()}
    columns = a is not None and getattr(a, "data", "rows") == "columns"
    key = next((k for k, slot in (f.params if f is not None else ()) if slot == "epochs"), None)
    epochs_arg = f"params['{key}']" if key else terms["epochs"]
    own = a is not None and terms["update"].removeprefix("self.") in {n for g in a.functions for n in g.names}
    return _catalogue(conv, tuple(sorted(terms.items())), bool(f is not None and f.passes("step")), columns,
                      epochs_arg, own)


@functools.lru_cache(maxsize=64)
def _catalogue(conv: Convention, terms: tuple, step: bool, columns: bool = False,
               epochs_arg: str = "max_epochs", own_update: bool = False) -> dict[str, Mistake]:
    """own_update: the course's update is a graded function of the students' own (CS188 2018's self.update), whose
    result a loop can short-circuit (`changed = changed or self.update(x, y)`)."""
    fn = {"step": step, "columns": columns, "epochs": epochs_arg, "own_update": own_update}
    text = render("grader/mistakes.yaml.j2", t=dict(terms), c=conv, fn=fn)
    doc = yaml.safe_load(text)
    return {name: Mistake(name, str(entry["title"]), " ".join(str(entry["hint"]).split())) for name, entry in doc.items()}


def __getattr__(name: str) -> object:
    """`CATALOGUE`, the seeds' wording of every mistake, rendered on first use (not at import: a correct file's
    grading never needs it, and rendering it costs jinja2, YAML and a template)."""
    if name == "CATALOGUE":
        return catalogue()
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


@dataclass(frozen=True)
class Variant:
    """Switches for the exact reference; the default is the assignment's algorithm."""

    strict: bool = False
    offset_update: str = "normal"  # normal | never | always
    label: bool = True
    epochs_delta: int = 0
    single_pass: bool = False
    restart: bool = False
    zero_one: bool = False
    skip: str = ""  # last | first: each pass leaves out one point


EXACT_VARIANTS: tuple[tuple[str, Variant], ...] = (
    ("strict-inequality", Variant(strict=True)),
    ("no-offset-update", Variant(offset_update="never")),
    ("offset-when-off", Variant(offset_update="always")),
    ("label-not-applied", Variant(label=False)),
    ("single-pass", Variant(single_pass=True)),
    ("epoch-off-by-one", Variant(epochs_delta=1)),
    ("epoch-off-by-one", Variant(epochs_delta=-1)),
    ("restart-pass", Variant(restart=True)),
    ("zero-one-labels", Variant(zero_one=True)),
    ("skips-a-point", Variant(skip="last")),
    ("skips-a-point", Variant(skip="first")),
)


def run_variant(v: Variant, X: Points, y, offset: bool, max_epochs: int) -> Expected:
    """Run the perceptron with the variant's mistake, exactly (integers scaled by a common denominator)."""
    xs, _, _, s = scaled_to_integers(X)
    labels = [(1 if yi > 0 else 0) if v.zero_one else yi for yi in y]
    upd0 = {"normal": offset, "never": False, "always": True}[v.offset_update]
    th, th0 = [0] * len(xs[0]), 0
    epochs = 1 if v.single_pass else max(0, max_epochs + v.epochs_delta)
    seen = visited(list(zip(xs, labels)), v.skip)
    scan = Scan.make([row for row, _ in seen], [yi for _, yi in seen], s)  # None below Scan's MIN_POINTS
    mistakes, converged = 0, False
    for _ in range(epochs):
        clean, k = True, 0
        while k < len(seen):
            k = scan.next(th, th0, k, v.strict) if scan is not None else k  # skips points that are no mistake
            if k == len(seen):
                break
            row, yi = seen[k]
            k += 1
            value = yi * (sum(a * b for a, b in zip(th, row)) + th0 * s)
            if value < 0 or (value == 0 and not v.strict):
                clean, mistakes = False, mistakes + 1
                step = yi if v.label else 1
                th = [a + step * b for a, b in zip(th, row)]
                th0 += step * s if upd0 else 0
                if v.restart:
                    break
        if clean:
            converged = True
            break
    return Expected(tuple(Fraction(a, s) for a in th), Fraction(th0, s), converged, mistakes)


def run_normalized(X: Points, y, offset: bool, max_epochs: int) -> tuple[np.ndarray, float, bool]:
    """The float perceptron on points scaled to unit length (the 'normalized-points' mistake)."""
    A = np.array([[float(v) for v in row] for row in X], dtype=np.float64)
    norms = np.linalg.norm(A, axis=1, keepdims=True)
    A = np.divide(A, norms, out=np.zeros_like(A), where=norms > 0)
    th, th0 = np.zeros(A.shape[1]), 0.0
    for _ in range(max_epochs):
        clean = True
        for row, yi in zip(A, y):
            if yi * (float(th @ row) + th0) <= 0:
                clean = False
                th = th + yi * row
                th0 += yi if offset else 0.0
        if clean:
            return th, th0, True
    return th, th0, False


FLIP = {"positive": "negative", "negative": "positive"}
# The tolerance students write into the mistake test (`<= 0.01`); the near-tie cases put a point at margin
# NEAR_MARGIN = 2⁻¹⁰ (about 1/1000, exact in binary floating point), so any tolerance from 2⁻¹⁰ up to the next margin
# in the case (1/4 or more) does the same, and a guard against rounding (`<= 1e-9`) still does what `<= 0` does.
TOLERANCE = Fraction(1, 100)
NEAR_MARGIN = Fraction(1, 1024)
PASS_CAPS = (10, 20, 50, 100, 150)  # the numbers of passes students hard-code (the many-passes data need 150-600)


def _branches(c) -> list[tuple[str, Knobs]]:
    """An update written as two branches (one per label) with one part wrong in one of them."""
    out = [("weights-one-branch", Knobs(branch="weights-up")), ("weights-one-branch", Knobs(branch="weights-down"))]
    if c.bias == "separate" and True in c.offsets():
        out += [(name, Knobs(branch=f"{part}-{side}")) for name, part in (("offset-one-branch", "offset"),
                ("offset-sign-one-branch", "offset-sign")) for side in ("up", "down")]
    return out


def shared_mistakes(f) -> list[tuple[str, Knobs]]:
    """The mistakes of any function that updates weights (training or one step), as switches on its reference."""
    c, out = f.convention, []
    if c.tie == "mistake":  # `< 0`; or a label predicted first (`1 if score > 0 else -1`): one label's ties skipped
        out += [("strict-inequality", Knobs(tie="strict")), ("one-sided-tie", Knobs(tie="negative")),
                ("one-sided-tie", Knobs(tie="positive"))]
    else:
        out.append(("tie-side", Knobs(tie=FLIP[c.tie])))
    if c.tie in FLIP and not c.zero_one:  # a prediction-first course (CS188's `>= 0`) trained with a score test:
        out += [("strict-inequality", Knobs(tie="strict")), ("tie-is-mistake", Knobs(tie="mistake"))]  # < 0, <= 0
    if c.tie == "mistake" and not c.zero_one and c.update == "on-mistake":  # `<= 0.01`: a tiny margin a mistake
        out.append(("tolerance", Knobs(tolerance=TOLERANCE)))
    if c.bias == "separate" and True in c.offsets():
        out += [("no-offset-update", Knobs(offset_update="never")), ("label-precedence", Knobs(precedence=True))]
    if c.bias == "separate" and False in c.offsets():
        out.append(("offset-when-off", Knobs(offset_update="always")))
    out.append(("update-without-error", Knobs(label="raw", always=True)) if c.zero_one else ("label-not-applied",
                                                                                Knobs(label="ignored")))
    if not c.zero_one and c.update != "always":  # `if np.dot(theta, x) + theta_0 <= 0`: the label left out of the test
        out.append(("label-left-out", Knobs(unlabelled=True)))
    if not c.zero_one and c.tie == "mistake" and c.update != "always":
        out.append(("zero-one-labels", Knobs(label="zero-one")))
    if not c.zero_one and c.tie == "mistake" and c.update != "always" and c.features != 1:  # y*(θ*x + θ₀) tested
        out += [("elementwise-score", Knobs(elementwise=k)) for k in ("zero", "all", "any")]  # as an array
    if c.features == "any":  # with 2-D data only, updating W[0] and W[1] is the whole update
        out.append(("first-two-features", Knobs(features=2)))
    if f.passes("step"):
        out.append(("step-size", Knobs(step=Fraction(1))))
    return out + _branches(c)


def training_mistakes(f) -> list[tuple[str, Knobs]]:
    """The mistakes of a training loop: its passes, its order, where it stops."""
    c, out = f.convention, []
    if c.epochs in ("argument", "none") or (c.limit or 0) > 1:  # none: no loop around the one pass
        out.append(("single-pass", Knobs(single_pass=True)))
    if c.epochs == "argument":
        out += [("epoch-off-by-one", Knobs(epochs_delta=1)), ("epoch-off-by-one", Knobs(epochs_delta=-1))]
    if (c.limit or 0) != 1:  # until a clean pass, `changed = changed or update()` is a restart too (its hint says so)
        out.append(("restart-pass", Knobs(restart=True)))
    if (c.limit or 0) != 1:
        out += [("one-update-per-pass", Knobs(one_per_pass=True)), ("every-coordinate-changed",
                                                                     Knobs(all_change=True))]
    if c.order != "free":
        out += [("skips-a-point", Knobs(skip="last")), ("skips-a-point", Knobs(skip="first"))]
    if c.update != "always":  # predictions made once before the pass (`preds = predict(X, w)`): a batch update
        out.append(("batch", Knobs(stale=True)))
    if c.update != "always":  # `prediction(X, W, b)` on the whole data, where the helper reads one row: the first's
        out.append(("first-point-prediction", Knobs(first=True)))
    if c.epochs == "none" and c.limit is None:  # until a clean pass: a loop of a fixed number of passes instead
        out += [("pass-cap", Knobs(cap=k)) for k in PASS_CAPS]
    if c.order not in ("fixed", "free"):
        out.append(("order-not-followed", Knobs(order="fixed")))
    if f.averages:  # `sum_theta = theta = np.zeros(d)` with θ updated in place (`+=`): one array, θ(1) counted twice
        out.append(("average-aliased-sum", Knobs(average="aliased")))
    return out

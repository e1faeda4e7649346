"""The exact reference with each classic perceptron mistake built in, and the catalogue of those mistakes."""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction

import numpy as np

from exercises.core.trace import scaled_to_integers
from grader.cases import Expected, Points


@dataclass(frozen=True)
class Mistake:
    """A classic bug: its id (used in results and sample docstrings), a title and what to tell the student."""

    name: str
    title: str
    hint: str


CATALOGUE = {m.name: m for m in (
    Mistake("strict-inequality", "strict `< 0` mistake test",
            "A point exactly on the boundary, y(θ·x + θ₀) = 0, is a mistake: test `<= 0`, not `< 0`. "
            "With `< 0` the zero start θ = 0 never makes a single update."),
    Mistake("no-offset-update", "θ₀ is never updated",
            "With offset on, every mistake must also update θ₀ ← θ₀ + y."),
    Mistake("offset-when-off", "θ₀ updated with offset off",
            "With offset off, θ₀ stays 0: the boundary must pass through the origin."),
    Mistake("label-not-applied", "the label is not applied in the update",
            "The update is θ ← θ + y·x (and θ₀ ← θ₀ + y): multiply by the label y, "
            "which is -1 for half the points."),
    Mistake("step-size", "a step size other than 1",
            "The perceptron update has no learning rate: θ ← θ + y·x exactly. "
            "A factor η only rescales θ and θ₀, "
            "and the assignment asks for η = 1."),
    Mistake("random-start", "random start",
            "Start from θ = 0 and θ₀ = 0; a random start gives a different (and non-reproducible) answer."),
    Mistake("shuffled-order", "points visited in another order",
            "Visit the points in the order given (0, 1, ..., n-1) on every pass; do not shuffle."),
    Mistake("single-pass", "only one pass",
            "Keep making passes until a pass makes no update (or max_epochs passes are done); one pass is not enough."),
    Mistake("epoch-off-by-one", "one pass too many or too few",
            "Make at most max_epochs passes: exactly max_epochs when the data never come out clean."),
    Mistake("restart-pass", "the pass restarts after each update",
            "After an update, continue with the next point; do not go back to the first point."),
    Mistake("normalized-points", "the points are normalized",
            "Use the points as given; scaling them to unit length changes the updates and the answer."),
    Mistake("zero-one-labels", "labels turned into {0, 1}",
            "Keep the labels ±1: with y = 0 the test 0 ≤ 0 always fires and the update adds nothing."),
    Mistake("wrong-converged", "wrong converged flag",
            "converged is True exactly when the last pass made no update; False when max_epochs passes ran out."),
    Mistake("swapped-returns", "return values in the wrong positions",
            "Return the values in the order the assignment asks for."),
    Mistake("crashes-on-single-point", "crashes on a single point",
            "With n = 1, X has shape (1, d) and y has shape (1,); avoid squeezing arrays or special-casing n."),
)}


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
)


def run_variant(v: Variant, X: Points, y, offset: bool, max_epochs: int) -> Expected:
    """Run the perceptron with the variant's mistake, exactly (integers scaled by a common denominator)."""
    xs, _, _, s = scaled_to_integers(X)
    labels = [(1 if yi > 0 else 0) if v.zero_one else yi for yi in y]
    upd0 = {"normal": offset, "never": False, "always": True}[v.offset_update]
    th, th0 = [0] * len(xs[0]), 0
    epochs = 1 if v.single_pass else max(0, max_epochs + v.epochs_delta)
    mistakes, converged = 0, False
    for _ in range(epochs):
        clean = True
        for row, yi in zip(xs, labels):
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

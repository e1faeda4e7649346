"""The probe data: small dyadic data sets built so that the conventions the grid holds give different results on
them (first points of either label meet a zero score; an order that matters; an offset that matters; other
dimensions; many passes; data no line separates). Deterministic: each is drawn from its own seeded Random."""

from __future__ import annotations

import functools
import random
from dataclasses import dataclass
from fractions import Fraction

from grader.assignments import Convention, run

Point = tuple[Fraction, ...]


@dataclass(frozen=True)
class Probe:
    """One probe: its name (named in the YAML's comments and in error sentences), what it is for, its data."""

    name: str
    purpose: str
    X: tuple[Point, ...]
    y: tuple[int, ...]  # in ±1 form
    epochs: int = 10  # what the grader passes where the function takes a pass count
    seconds: float | None = None


def _draw(seed: str, n: int, d: int, first: int) -> tuple[tuple[Point, ...], tuple[int, ...]]:
    """n points of d coordinates in {-3, ..., 3} / 2, labelled by a fixed line through them (first label `first`)."""
    rng = random.Random(f"rosenblatt-infer-{seed}")
    w = [rng.choice((-3, -2, -1, 1, 2, 3)) for _ in range(d)]
    X, y = [], []
    while len(X) < n:
        x = tuple(Fraction(rng.randint(-6, 6), 2) for _ in range(d))
        s = sum(a * b for a, b in zip(w, x)) + Fraction(1, 2)
        label = 1 if s > 0 else -1
        if s == 0 or (not X and label != first) or x in X:
            continue
        X.append(x)
        y.append(label)
    return tuple(X), tuple(y)


def training() -> tuple[Probe, ...]:
    """The probes of a training function, in the order they run (the first decides the layout and the labels)."""
    out = [Probe("layout", "points as rows or columns, labels ±1 or 0/1, θ flat or a column", *_draw("layout", 5, 2, 1))]
    out.append(Probe("tie-negative-first", "a zero score on a point labelled -1 (the tie rule)",
                     *_draw("tie", 4, 2, -1)))
    out.append(Probe("order", "seven points whose visiting order changes the result", *_draw("order", 7, 2, 1)))
    out.append(Probe("offset", "points on a line through the origin that only an offset separates",
                     tuple((Fraction(k), Fraction(k)) for k in (1, 2, 3)), (-1, 1, 1)))
    out.append(Probe("dimensions", "three features instead of two", *_draw("dimensions", 6, 3, -1)))
    out.append(Probe("one-feature", "one feature", *_draw("one-feature", 4, 1, 1)))
    return tuple(out)


@functools.lru_cache(maxsize=16)
def many_passes(order: str, tie: str, offset: bool, least: int = 150) -> tuple[Probe, int]:
    """Data needing at least `least` passes in `order` (a margin that shrinks as N grows), whose weights after each
    pass differ, so that the weights a capped run returns tell its pass count; and the passes it needs."""
    conv = Convention(tie=tie, order=order, epochs="none")
    for N in (16, 32, 64, 128, 256, 512, 1024):
        X = ((Fraction(N + 1), Fraction(1)), (Fraction(N - 1), Fraction(1)), (Fraction(-N - 1), Fraction(-1)))
        y = (1, -1, -1)
        full = run(X, y, conv, offset=offset, max_epochs=4 * least, states=True)
        passes = [full.states[k * 3 - 1][:2] for k in range(1, full.epochs + 1)]
        if full.converged and full.epochs > least and len(set(passes[:-1])) == full.epochs - 1:
            return Probe("passes", f"data needing {full.epochs} passes (the pass cap)", X, y, epochs=1), full.epochs
    raise AssertionError(f"no many-pass probe data for {order}, {tie}, offset {offset}")  # the tests draw each


NON_SEPARABLE = Probe("non-separable", "data no line separates: a function that loops until a clean pass never stops",
                      ((Fraction(1), Fraction(1)), (Fraction(-1), Fraction(-1)), (Fraction(1), Fraction(-1)),
                       (Fraction(-1), Fraction(1))), (1, 1, -1, -1), seconds=3.0)

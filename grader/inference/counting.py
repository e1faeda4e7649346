"""A random-order reference's fixed pass cap, read by counting: on data where every visit is a mistake in every
visiting order, the calls it makes to its own single-step function count its passes exactly.

The `pair` probe is one point given twice, labelled +1 and -1. Under the tie rule "a zero score is a mistake", each
pass then makes exactly two mistakes whatever the order (the first visit meets a zero score, the second undoes it),
so the weights are back at the start after every pass and the pass never comes clean: a capped reference makes all
its passes. The `pair-and-one` probe adds a third point whose augmented vector is orthogonal to the pair's, so it is
a mistake in the first pass only, and never changes the pair's scores. Counting the helper's calls on both, the cap
k is read twice: 2k calls on the pair, and 2k + 1 (helper called on mistakes) or 3k (called on every visit) on
pair-and-one. The two readings must agree, and both results must be the exact weights after k passes; otherwise
nothing is read.
"""

from __future__ import annotations

from fractions import Fraction as F

from grader.inference import grid
from grader.inference.model import Decision
from grader.inference.probes import Probe

PAIR = Probe("pair", "one point given twice with both labels: two mistakes in every pass, in every order",
             ((F(1), F(2)), (F(1), F(2))), (1, -1), seconds=10.0)


def _pair_and_one(offset: bool) -> Probe:
    third = (F(1), F(-1)) if offset else (F(2), F(-1))  # (1,2,1)·(1,-1,1) = 0; (1,2)·(2,-1) = 0
    return Probe("pair-and-one", "the pair and a point orthogonal to it: one more mistake, in the first pass only",
                 PAIR.X + (third,), PAIR.y + (1,), seconds=10.0)


def read_cap(n, c: grid.Candidate, steps: tuple[str, ...], step: F) -> Decision | None:
    """epochs: k when both counting probes read the same k >= 2 and the results are the weights after k passes;
    None when they cannot be used (another tie rule, no single-step function of its own, or readings that differ)."""
    if c.tie != "mistake" or not steps:
        return None
    offset = c.bias in ("first", "last") or c.bias == "separate" and c.offset
    pair, one = PAIR, _pair_and_one(offset)
    a, _ = n.call(c, pair, spy=steps)
    b, _ = n.call(c, one, spy=steps)
    if not (a.ok and b.ok) or a.spied < 4 or a.spied % 2:
        return None
    k = a.spied // 2
    if b.spied not in (2 * k + 1, 3 * k):
        return None
    for p, reply in ((pair, a), (one, b)):
        if grid.training_match(c, p, reply.value, step, k, {})[0] is None:
            return None
    return Decision("epochs", k, f"{pair.name}, {one.name}",
                    f"its own {steps[0]} ran {a.spied} times on the pair (two mistakes a pass in every order) and "
                    f"{b.spied} times with one more point: {k} passes, and both results are the weights after {k}")

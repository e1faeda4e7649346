"""The exact reference under any course convention (tie rule, η, start, order, epochs, averaging), in integers."""

from __future__ import annotations

import functools
import math
from dataclasses import dataclass
from fractions import Fraction
from typing import Sequence

from grader.assignments.convention import Convention
from grader.assignments.orders import visiting_order

Vector = tuple[Fraction, ...]
MAX_PASSES = 10_000  # `epochs: none` loops until a clean pass; cases are drawn so that this is never reached
SCAN_POINTS = 512  # from this many points a run with no record skips the visits that update nothing (Scan)
MUTANT_PASSES = 200  # a mistake that keeps `epochs: none` from stopping makes the student's code time out anyway;
MUTANT_VISITS = 4_000  # but few points get more passes (the many-passes data need up to 600, more with one update
# per pass): a mutant makes max(MUTANT_PASSES, MUTANT_VISITS // n) passes at most


@dataclass(frozen=True)
class Knobs:
    """Switches that build a classic mistake into the reference (the default is the course's algorithm)."""

    tie: str | None = None  # another tie rule
    offset_update: str = "normal"  # normal | never | always (θ₀ updated even with offset off)
    label: str = "normal"  # normal | ignored (θ += η x) | zero-one (±1 course run on labels 0/1) | raw (θ += η y x, y ∈ {0, 1})
    epochs_delta: int = 0
    single_pass: bool = False
    restart: bool = False  # back to the first point after each update
    one_per_pass: bool = False  # `changed = changed or update()`: at most one update per pass
    features: int | None = None  # only the first k coordinates of θ are ever updated
    step: Fraction | None = None  # another η
    order: str | None = None  # another visiting order
    always: bool | None = None  # update on every visit (the caller checks) instead of on mistakes only
    average: str = "all"  # all n·T visits | updates (only after updates) | final-offset | per-pass (÷T) | early |
    # aliased (the sum of θ starts as θ's own array, which the update changes in place, until the first visit's
    # `sum = sum + θ` makes it a new one: θ after the first visit is counted twice; θ₀, a number, is summed right)
    skip: str | None = None  # last | first: each pass leaves out one point (range(n - 1), range(1, n))
    cap: int | None = None  # a fixed number of passes where the course loops until a clean pass
    precedence: bool = False  # the mistake test is y(θ·x) + θ₀: the label multiplies the weights' part only
    unlabelled: bool = False  # the mistake test is θ·x + θ₀ <= 0: the label is left out of it (not of the update)
    tolerance: Fraction | None = None  # the mistake test is y(θ·x + θ₀) <= tolerance (not <= 0)
    elementwise: str | None = None  # the mistake test on the elementwise y(θᵢxᵢ + θ₀), not on the score: all of them
    # zero (`norm(y*(θ*x + θ₀)) <= 0`), all ≤ 0 (`np.all(... <= 0)`) or any ≤ 0 (`np.any(... <= 0)`)
    all_change: bool = False  # a pass counts as changed only where an update moves every coordinate of θ
    stale: bool = False  # every decision of a pass made with the weights the pass started with (a batch update)
    first: bool = False  # every decision made from the first point's score (`prediction(X, W, b)` on the whole data)
    branch: str | None = None  # one branch of the update (y = +1: up, y = -1: down) gets a part wrong: weights-up,
    # weights-down, offset-up, offset-down (that part is not updated), offset-sign-up, offset-sign-down (θ₀ moves the
    # other way)


@dataclass(frozen=True)
class Update:
    """One update: when (1-based pass, 0-based point), the value y(θ·x + θ₀) before it, and θ, θ₀ after."""

    epoch: int
    index: int
    value: Fraction
    theta: Vector
    theta0: Fraction


@dataclass(frozen=True)
class Run:
    """The result of one exact run; `averaged` is the mean of (θ, θ₀) after each visit (None unless asked)."""

    theta: Vector
    theta0: Fraction
    converged: bool
    mistakes: int
    epochs: int
    updates: tuple[Update, ...] = ()
    states: tuple[tuple[Vector, Fraction, bool, Fraction], ...] = ()  # per visit (recorded): θ, θ₀ after, updated,
    # and the value y(θ·x + θ₀) before it
    averaged: tuple[Vector, Fraction] | None = None


def augment(X: Sequence[Sequence[Fraction]], bias: str) -> tuple[Vector, ...]:
    """Points with the constant 1 appended as the first or last coordinate (a folded bias); as is otherwise."""
    one = (Fraction(1),)
    if bias == "first":
        return tuple(one + tuple(row) for row in X)
    if bias == "last":
        return tuple(tuple(row) + one for row in X)
    return tuple(tuple(row) for row in X)


class _Scaled:
    """All inputs multiplied by common denominators so that the loop runs on Python ints exactly."""

    def __init__(self, X, theta, theta0: Fraction, step: Fraction):
        rows = [[v if type(v) is Fraction else Fraction(v) for v in row] for row in X]
        self.sx = math.lcm(1, *{v.denominator for row in rows for v in row})
        self.q, p = step.denominator, step.numerator
        start = [Fraction(v) for v in theta] + [Fraction(theta0)]
        lcm_start = math.lcm(1, *(v.denominator for v in start))
        self.scale = self.sx * self.q * lcm_start  # θ_int = θ·scale; scores are scaled by scale·sx
        sx = self.sx
        self.xs = [[v.numerator * (sx // v.denominator) for v in row] for row in rows]
        self.th = [v.numerator * (self.scale // v.denominator) for v in start[:-1]]
        self.th0 = start[-1].numerator * (self.scale // start[-1].denominator)
        self.dx, self.d0 = lcm_start * p, self.sx * lcm_start * p  # θ_int += dx·y·x_int, θ₀_int += d0·y

    def vec(self, th: list[int]) -> Vector:
        return tuple(Fraction(v, self.scale) for v in th)

    def num(self, v: int) -> Fraction:
        return Fraction(v, self.scale)


def _mistake(tie: str, value: int, y: int) -> bool:
    """value = y(θ·x + θ₀) (scaled), y = ±1: a mistake when negative; at 0 by the tie rule."""
    if value == 0:
        return {"mistake": True, "positive": y < 0, "negative": y > 0, "strict": False, "avoid": True}[tie]
    return value < 0


ELEMENTWISE = {"zero": lambda v: all(e == 0 for e in v), "all": lambda v: all(e <= 0 for e in v),
               "any": lambda v: any(e <= 0 for e in v)}


def _decide(knobs: Knobs, tie: str, always: bool, yi: int, score: int, offset_part: int = 0,
            unit: int = 1, parts: list[int] | None = None) -> tuple[bool, int]:
    """Whether this visit updates, and the multiplier of η·x in the update (`offset_part`: θ₀'s share of the score,
    `unit`: the scale of the integer score, for a tolerance; `parts`: each θᵢxᵢ + θ₀, for an elementwise test)."""
    y01 = 1 if yi > 0 else 0
    if knobs.label == "zero-one":  # labels turned into 0/1 under the `<= 0` test: y = 0 never moves θ
        return y01 * score <= 0, y01
    if knobs.elementwise is not None:
        return always or ELEMENTWISE[knobs.elementwise]([yi * v for v in parts]), yi
    tested = yi * (score - offset_part) + offset_part if knobs.precedence else score if knobs.unlabelled else \
        yi * score
    hit = always or _mistake(tie, tested, yi) or (knobs.tolerance is not None and tested <= knobs.tolerance * unit)
    return hit, {"normal": yi, "ignored": 1, "raw": y01}[knobs.label]


class _Loop:
    """The state of one run (scaled θ, θ₀, counters, records) and one pass over the points."""

    def __init__(self, sc: _Scaled, conv: Convention, knobs: Knobs, offset: bool, y, order, flags: tuple):
        self.sc, self.knobs, self.y, self.order = sc, knobs, y, order
        self.record, self.keep_states, self.average = flags
        self.th, self.th0 = list(sc.th), sc.th0
        self.tie = knobs.tie or conv.tie
        self.always = conv.update == "always" if knobs.always is None else knobs.always
        self.upd0 = {"normal": offset, "never": False, "always": True}[knobs.offset_update]
        d = len(self.th)
        self.feat = d if knobs.features is None else min(d, knobs.features)
        self.updates, self.states, self.sums, self.mistakes = [], [], [[0] * d, 0, [0] * d, 0, 0], 0
        # Where a visit that updates nothing leaves no trace (no record, states or average) and the update test is
        # y(θ·x + θ₀) against 0, a Scan skips such visits: it finds each next score < 0 (≤ 0 unless the tie rule
        # is strict), a superset of the updates, and the loop below decides those exactly
        plain = any(flags) or self.always or knobs.tolerance is not None or knobs.precedence or knobs.unlabelled or \
            knobs.stale or knobs.first or knobs.label == "zero-one" or knobs.elementwise is not None or \
            len(sc.xs) < SCAN_POINTS
        self.scan = None if plain else _scan(sc.xs, y, sc.sx)

    def one_pass(self, epoch: int) -> bool:
        """Visit the points once (or until an update, for the restart mistake); True when nothing was updated."""
        sc, knobs, clean = self.sc, self.knobs, True
        seq, k = visited(self.order(epoch), knobs.skip), 0
        start = (list(self.th), self.th0) if knobs.stale else None  # predictions made before the pass's loop
        picks = self.scan.positions(seq) if self.scan is not None else None
        while k < len(seq):
            if self.scan is not None:  # the next visit that may update (the rest would change nothing)
                k = self.scan.next(self.th, self.th0, k, self.tie == "strict", picks)
                if k == len(seq):
                    break
            i, k = seq[k], k + 1
            row = sc.xs[i]
            th, th0 = start or (self.th, self.th0)
            score = sum(a * b for a, b in zip(th, sc.xs[0] if knobs.first else row)) + th0 * sc.sx
            parts = [a * b + th0 * sc.sx for a, b in zip(th, row)] if knobs.elementwise is not None else None
            hit, mult = _decide(knobs, self.tie, self.always, self.y[i], score, th0 * sc.sx, sc.scale * sc.sx, parts)
            hit = hit and not (knobs.one_per_pass and not clean)
            value = Fraction(self.y[i] * score, sc.scale * sc.sx) if self.record or self.keep_states else None
            if hit:
                before, self.mistakes = list(self.th), self.mistakes + 1
                w, o = _branch(knobs.branch, self.y[i])
                self.th[:self.feat] = [a + w * sc.dx * mult * b for a, b in zip(self.th[:self.feat], row[:self.feat])]
                clean = clean and knobs.all_change and not all(a != b for a, b in zip(self.th, before))
                self.th0 += o * sc.d0 * mult if self.upd0 else 0
                if self.record:
                    self.updates.append(Update(epoch, i, value, sc.vec(self.th), sc.num(self.th0)))
            if self.average:
                _accumulate(self.sums, self.th, self.th0, hit, knobs.average == "aliased" and epoch == 1 and k == 1)
            if self.keep_states:
                self.states.append((sc.vec(self.th), sc.num(self.th0), hit, value))
            if hit and knobs.restart:  # back to the first point: the rest of this pass is skipped
                break
        return clean


def _scan(xs: list[list[int]], y, one: int):
    from rosenblatt.shared import Scan  # numpy, only for many points: `rosenblatt list` and `check` never need it

    return Scan.make(xs, list(y), one)


def _branch(branch: str | None, yi: int) -> tuple[int, int]:
    """Multipliers of the weights' and the offset's update on a mistake of label yi (1, 1 but in a wrong branch)."""
    if branch is None or not branch.endswith("-up" if yi > 0 else "-down"):
        return 1, 1
    part = branch.rsplit("-", 1)[0]
    return {"weights": (0, 1), "offset": (1, 0), "offset-sign": (1, -1)}[part]


def visited(order, skip: str | None):
    """The points one pass visits: all, or all but the last or the first (an off-by-one loop)."""
    return order[:-1] if skip == "last" else order[1:] if skip == "first" else order


def run(X, y, conv: Convention, *, offset: bool, max_epochs: int | None = None, step: Fraction | None = None,
        theta: Sequence[Fraction] | None = None, theta0: Fraction = Fraction(0), knobs: Knobs = Knobs(),
        record: bool = False, average: bool = False, states: bool | None = None, order_seed: int | None = None
        ) -> Run:
    """Run the course's perceptron exactly on points X (already augmented for a folded bias) and ±1 labels y."""
    d, n = len(X[0]), len(X)
    ones = conv.start == "ones"
    start = tuple(theta) if theta is not None else (Fraction(int(ones)),) * d
    th0_start = Fraction(theta0) if theta is not None else Fraction(int(ones and offset))
    eta = knobs.step if knobs.step is not None else (step if step is not None else conv.steps[0])
    limit = conv.limit or max_epochs
    unlimited = MAX_PASSES if knobs == Knobs() else max(MUTANT_PASSES, MUTANT_VISITS // n)
    passes = 1 if knobs.single_pass else (unlimited if limit is None else max(0, limit + knobs.epochs_delta))
    passes = min(passes, knobs.cap) if knobs.cap is not None else passes
    name = knobs.order or conv.order
    # a pass's order: the same each pass, unless the course draws its permutation anew for each pass
    order = functools.partial(visiting_order, name, n, seed=order_seed)
    loop = _Loop(_Scaled(X, start, th0_start, eta), conv, knobs, offset, y, order,
                 (record, record if states is None else states, average))
    epochs, converged = 0, False
    while epochs < passes and (average or not converged):  # an average runs all n·T visits
        epochs += 1
        clean = loop.one_pass(epochs)
        converged = converged or (clean and not loop.always)
        if clean and knobs.average == "early":
            break
    sc = loop.sc
    avg = _averaged(loop.sums, sc, (epochs, n, limit or epochs), knobs.average, loop.th0) if average else None
    return Run(sc.vec(loop.th), sc.num(loop.th0), converged, loop.mistakes, epochs, tuple(loop.updates),
               tuple(loop.states), avg)


def _accumulate(sums: list, th: list[int], th0: int, hit: bool, twice: bool = False) -> None:
    sums[0] = [a + (2 if twice else 1) * b for a, b in zip(sums[0], th)]
    sums[1] += th0
    if hit:
        sums[2] = [a + b for a, b in zip(sums[2], th)]
        sums[3] += th0
        sums[4] += 1


def _averaged(sums: list, sc: _Scaled, shape: tuple[int, int, int], how: str, th0: int) -> tuple[Vector, Fraction]:
    """The mean of (θ, θ₀) over all n·T visits, or one of the classic wrong means.

    shape = (passes made, n, T asked for). Wrong means: over the updates only; the final θ₀ instead of its
    mean; the sums divided by T instead of n·T; stopped after a clean pass but still divided by n·T.
    """
    made, n, asked = shape
    if how == "updates":
        count = max(sums[4], 1)
        return tuple(Fraction(v, sc.scale * count) for v in sums[2]), Fraction(sums[3], sc.scale * count)
    count = max({"per-pass": asked, "early": n * asked}.get(how, n * made), 1)
    theta = tuple(Fraction(v, sc.scale * count) for v in sums[0])
    return theta, (sc.num(th0) if how == "final-offset" else Fraction(sums[1], sc.scale * count))


def classify(points, theta: Sequence[Fraction], theta0: Fraction, conv: Convention, tie: str | None = None
             ) -> tuple[int, ...]:
    """The course's predictions (in its labels) for each point under the tie rule."""
    out = []
    for row in points:
        score = sum(Fraction(a) * Fraction(b) for a, b in zip(theta, row)) + Fraction(theta0)
        if score == 0:
            pm = {"positive": 1, "negative": -1}.get(tie or conv.tie, 0)
        else:
            pm = 1 if score > 0 else -1
        out.append(conv.label(pm) if pm else 0)
    return tuple(out)

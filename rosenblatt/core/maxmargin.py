"""The exact maximum-margin separator: min ‖w‖² subject to yᵢ w·xᵢ ≥ 1, by an active-set method, KKT-verified."""

from __future__ import annotations

import math
from dataclasses import dataclass
from fractions import Fraction
from typing import TYPE_CHECKING, Sequence

from rosenblatt.core.linalg import independent, min_norm_on
from rosenblatt.core.separation import decide
from rosenblatt.core.trace import perceptron_trace
from rosenblatt.shared import InternalError, exact_str, fraction_str, to_sympy, vector_str

if TYPE_CHECKING:  # numpy and sympy load where they are used: `rosenblatt trace` imports this module too
    import sympy

MAX_STEPS = 10_000  # active-set steps; each adds or drops one constraint, so real runs take a handful
WARM_START_POINTS = 200  # see benchmarks/bench_maxmargin.py


@dataclass(frozen=True)
class MaxMargin:
    """The separator of largest margin, scaled so that min yᵢ w·x̃ᵢ = 1 (x̃ = (x, 1) with an offset).

    `multipliers` are the KKT weights αᵢ ≥ 0 with w = Σ αᵢ yᵢ x̃ᵢ, zero off the margin; they prove optimality.
    """

    w: tuple[Fraction, ...]
    offset: bool
    norm_sq: Fraction
    R_sq: Fraction
    support: tuple[int, ...]  # 1-based indices of the points with yᵢ w·x̃ᵢ = 1
    multipliers: tuple[Fraction, ...]
    mistakes: int
    converged: bool

    @property
    def gamma_max(self) -> sympy.Expr:
        from sympy import sqrt

        return 1 / sqrt(to_sympy(self.norm_sq))

    @property
    def R(self) -> sympy.Expr:
        from sympy import sqrt

        return sqrt(to_sympy(self.R_sq))

    @property
    def best_bound(self) -> Fraction:
        """R²/γ_max² = R² ‖w‖², rational."""
        return self.R_sq * self.norm_sq

    def to_json(self) -> dict:
        return {"gamma_max": exact_str(self.gamma_max), "best_bound": fraction_str(self.best_bound),
                "w_max": vector_str(self.w), "support": list(self.support), "R": exact_str(self.R),
                "mistakes": self.mistakes, "offset": self.offset}


def signed_rows(X: Sequence[Sequence[Fraction]], y: Sequence[int], offset: bool) -> list[tuple[Fraction, ...]]:
    """The constraint rows aᵢ = yᵢ x̃ᵢ, with x̃ᵢ = (xᵢ, 1) in the seeds' augmented form when `offset`."""
    return [tuple(yi * Fraction(v) for v in x) + ((Fraction(yi),) if offset else ()) for x, yi in zip(X, y)]


def max_margin(X: Sequence[Sequence[Fraction]], y: Sequence[int], offset: bool = False,
               warm_start: bool | None = None) -> MaxMargin:
    """Solve the hard-margin problem exactly and return it with its KKT certificate (checked before returning).

    Raises ValueError when the data is not linearly separable (through the origin, or in the augmented form).
    The exact active-set run starts from the core's separator scaled to margin 1; with `warm_start`, a float
    run of the same method first proposes the final working set, and the exact run starts there instead
    when that set's min-norm point is feasible (it then usually finishes in one step).  By default the float
    run is used from WARM_START_POINTS points on (below that numpy's overhead costs more than it saves).
    """
    decision = decide(X, y, offset)
    if not decision.separable:
        where = "with an offset" if offset else "through the origin"
        raise ValueError(f"the points are not linearly separable {where}, so no margin exists")
    rows = signed_rows(X, y, offset)
    margins = _Margins(rows)
    sep = decision.certificate
    u = list(sep.theta) + ([sep.theta0] if offset else [])
    low = min(margins.of(u))
    w, working = [c / low for c in u], []
    if warm_start is None:
        warm_start = len(rows) >= WARM_START_POINTS
    guess = _float_working_set(rows, w) if warm_start else None
    if guess:
        kept = independent(rows, guess)
        z, _ = min_norm_on(rows, kept)
        if all(m >= 1 for m in margins.of(z)):
            w, working = z, kept
    w, alpha_w = _active_set(rows, margins, w, working)
    alpha = [alpha_w.get(i, Fraction(0)) for i in range(len(rows))]
    if not verify_kkt(rows, w, alpha):
        raise InternalError(f"the maximum-margin solution failed its KKT check: w = {vector_str(w)}")
    trace = perceptron_trace(X, y, offset=offset, max_epochs=_epoch_cap(rows, w), record=False)
    return MaxMargin(
        w=tuple(w), offset=offset, norm_sq=_dot(w, w), R_sq=max(_dot(a, a) for a in rows),
        support=tuple(i + 1 for i, m in enumerate(margins.of(w)) if m == 1), multipliers=tuple(alpha),
        mistakes=trace.mistakes, converged=trace.converged,
    )


def verify_kkt(rows: Sequence[Sequence[Fraction]], w: Sequence[Fraction], alpha: Sequence[Fraction]) -> bool:
    """Exactly check the KKT conditions of min ½‖w‖² s.t. aᵢ·w ≥ 1, which are sufficient (convex problem).

    Primal feasibility aᵢ·w ≥ 1, dual feasibility αᵢ ≥ 0, stationarity w = Σ αᵢ aᵢ, and complementary
    slackness αᵢ (aᵢ·w − 1) = 0.
    """
    if len(alpha) != len(rows) or any(a < 0 for a in alpha):
        return False
    margins = [_dot(a, w) for a in rows]
    if any(m < 1 for m in margins) or any(al and m != 1 for al, m in zip(alpha, margins)):
        return False
    combo = [sum((al * a[j] for al, a in zip(alpha, rows) if al), Fraction(0)) for j in range(len(w))]
    return combo == list(w)


def _dot(a: Sequence[Fraction], b: Sequence[Fraction]) -> Fraction:
    return sum((u * v for u, v in zip(a, b)), Fraction(0))


def _epoch_cap(rows, w) -> int:
    """The perceptron makes at most R²‖w‖² mistakes, so it converges within that many passes plus one."""
    return int(max(_dot(a, a) for a in rows) * _dot(w, w)) + 2


class _Margins:
    """All aᵢ·v at once in integers: the rows scaled by one common denominator, v by its own."""

    def __init__(self, rows: Sequence[Sequence[Fraction]]):
        self.scale = math.lcm(*(v.denominator for a in rows for v in a))
        self.ints = [[int(v * self.scale) for v in a] for a in rows]

    def of(self, v: Sequence[Fraction]) -> list[Fraction]:
        den = math.lcm(*(c.denominator for c in v))
        nums = [int(c * den) for c in v]
        total = den * self.scale
        return [Fraction(sum(p * q for p, q in zip(row, nums)), total) for row in self.ints]


def _active_set(rows, margins: "_Margins", w: list[Fraction],
                working: list[int]) -> tuple[list[Fraction], dict[int, Fraction]]:
    """Primal active-set method (Nocedal & Wright, Algorithm 16.3) for min ½‖w‖² s.t. aᵢ·w ≥ 1, in Fractions.

    `w` is feasible and the rows in `working` are active and linearly independent; both stay so (a blocking
    row has aᵢ·p < 0 while the working rows have aⱼ·p = 0, so it is independent of them).  Ties pick the
    smallest index, so the path is deterministic.  Returns w and its multipliers on the final working set.
    """
    for _ in range(MAX_STEPS):
        z, lam = min_norm_on(rows, working)
        p = [zi - wi for zi, wi in zip(z, w)]
        if any(p):
            w, working = _step(margins, w, p, working)
            continue
        worst = min(range(len(working)), key=lambda k: (lam[k], working[k]), default=None)
        if worst is None or lam[worst] >= 0:
            return w, dict(zip(working, lam))
        working = working[:worst] + working[worst + 1:]
    raise InternalError(f"the maximum-margin active-set method did not finish in {MAX_STEPS} steps")


def _step(margins: "_Margins", w, p, working) -> tuple[list[Fraction], list[int]]:
    """Move from w towards w + p as far as feasibility allows; a blocking row joins the working set."""
    step, block = Fraction(1), None
    for i, (m, d) in enumerate(zip(margins.of(w), margins.of(p))):
        if d < 0 and i not in working:
            t = (1 - m) / d
            if t < step:
                step, block = t, i
    w = [wi + step * pi for wi, pi in zip(w, p)]
    return w, (working + [block] if block is not None else working)


def _float_working_set(rows, start: Sequence[Fraction]) -> list[int] | None:
    """The same active-set method in float64 (numpy), as a guess of the final working set; None if it stalls."""
    import numpy as np

    A = np.array([[float(v) for v in a] for a in rows])
    n, dim = A.shape
    w, working, tol = np.array([float(v) for v in start]), [], 1e-9
    for _ in range(4 * (n + dim) + 20):
        B = A[working]
        lam = np.linalg.solve(B @ B.T, np.ones(len(working))) if working else np.zeros(0)
        p = B.T @ lam - w if working else -w
        if np.linalg.norm(p) > tol * max(1.0, float(np.linalg.norm(w))):
            d, m = A @ p, A @ w
            blocked = (d < -tol) & ~np.isin(np.arange(n), working)
            ratios = np.full(n, np.inf)
            ratios[blocked] = (1 - m[blocked]) / d[blocked]
            k = int(np.argmin(ratios))
            step = min(1.0, max(0.0, float(ratios[k])))
            w = w + step * p
            if step < 1.0:
                working.append(k)
                if np.linalg.matrix_rank(A[working]) < len(working):
                    return None
            continue
        if not working or lam.min() >= -tol:
            return sorted(working)
        working.pop(int(np.argmin(lam)))
    return None

"""The tolerance derived from the exact reference when η is not dyadic (0.01), and the check that floats decide alike.

A student's float run differs from the exact run by rounding only. With u = 2⁻⁵³, each update adds fl(η)·m·x
(at most three roundings: η itself and two products, relative error ≤ 3u) and one rounded addition. Recursive
summation then bounds coordinate i after k updates by

    E_i = 2·(3u·A_i + u·S_i),   A_i = Σ_updates |η·x_i|,   S_i = Σ_updates |θ_i after the update|

(the factor 2 covers the second-order terms while k·u is tiny). A score θ·x + θ₀ in floats is off by at most
Σ|x_i|·E_i + E_0 + 2(d + 2)·u·(Σ|θ_i·x_i| + |θ₀|). A case is used only if, at every visit, the exact score is
farther from 0 than that (so the student's floats take the same decisions), except a score of exactly 0 reached
before any non-dyadic update on small dyadic data, which floats compute exactly. The returned numbers are then
compared with the exact ones within E.
"""

from __future__ import annotations

from fractions import Fraction
from typing import Sequence

from grader.assignments.convention import Convention
from grader.assignments.orders import visiting_order

U = Fraction(1, 1 << 53)


def _score_error(x, theta, theta0, err, err0) -> Fraction:
    d = len(x)
    rounding = 2 * (d + 2) * U * (sum(abs(t * v) for t, v in zip(theta, x)) + abs(theta0))
    return sum(abs(v) * e for v, e in zip(x, err)) + err0 + rounding


def derived(X: Sequence[Sequence[Fraction]], y: Sequence[int], conv: Convention, *, offset: bool, passes: int,
            step: Fraction, theta: Sequence[Fraction], theta0: Fraction, exact_data: bool = True
            ) -> tuple[Fraction, ...] | None:
    """Per-coordinate bounds (θ..., θ₀) on a float run's error, or None when rounding could change a decision.

    X is as the student's θ sees it (augmented for a folded bias); runs at most `passes` passes, in the
    course's order, stopping after a clean pass as the reference does.
    """
    d = len(X[0])
    th, th0 = [Fraction(v) for v in theta], Fraction(theta0)
    A, S = [Fraction(0)] * (d + 1), [Fraction(0)] * (d + 1)
    err, dyadic = [Fraction(0)] * (d + 1), True
    for epoch in range(1, passes + 1):
        clean = True
        for i in visiting_order(conv.order, len(X), epoch):
            x = [Fraction(v) for v in X[i]]
            s = sum(t * v for t, v in zip(th, x)) + th0
            if not (s == 0 and dyadic and exact_data) and abs(s) <= _score_error(x, th, th0, err[:d], err[d]):
                return None
            if conv.update == "always" or conv.mistake(s, y[i]):
                clean = False
                m = y[i]
                terms = [step * m * v for v in x] + [step * m if offset else Fraction(0)]
                th = [t + dt for t, dt in zip(th, terms[:d])]
                th0 += terms[d]
                for k, (dt, now) in enumerate(zip(terms, th + [th0])):
                    A[k] += abs(dt)
                    S[k] += abs(now)
                    err[k] = 2 * (3 * U * A[k] + U * S[k])
                dyadic = dyadic and step.denominator & (step.denominator - 1) == 0
        if clean and conv.update != "always":
            break
    return tuple(err)


def within(got: Sequence[Fraction], want: Sequence[Fraction], bounds: Sequence[Fraction]) -> bool:
    """Whether every returned number is within its bound of the exact one."""
    return len(got) == len(want) and all(abs(g - w) <= b for g, w, b in zip(got, want, bounds))

"""Name the slip behind a hand trace's first wrong update (a missed tie, a sign error, ...) from the key and the data."""

from __future__ import annotations

from fractions import Fraction
from typing import Any, Sequence

from exercises.answers.answer_parse import parse_answer
from rosenblatt.shared import AnswerError, to_fraction

# code -> what the instructor reads; kept short, the template adds counts and names
SLIPS = ("tie-as-correct", "missed-mistake", "update-on-correct", "sign", "offset-not-updated", "theta-arithmetic",
         "extra-update", "stopped-early", "unreadable")


def _item(text: str) -> tuple[int, tuple[Fraction, ...], Fraction | None] | None:
    """A canonical update text `[point, [θ...], θ₀?]` back to numbers (None if it is not of that shape)."""
    try:
        value = parse_answer(text)
    except AnswerError:
        return None
    if not isinstance(value, tuple) or len(value) not in (2, 3) or not isinstance(value[1], tuple):
        return None
    flat = [value[0], *value[1]] + ([value[2]] if len(value) == 3 else [])
    if any(isinstance(v, tuple) or not v.is_Rational for v in flat):
        return None
    frac = [Fraction(int(v.p), int(v.q)) for v in flat]
    theta = tuple(frac[1:1 + len(value[1])])
    return int(frac[0]) if frac[0].denominator == 1 else -1, theta, frac[-1] if len(value) == 3 else None


def _value(data: dict, i: int, theta, theta0) -> Fraction:
    x = [to_fraction(v) for v in data["X"][i - 1]]
    return data["y"][i - 1] * (sum((a * b for a, b in zip(theta, x)), Fraction(0)) + theta0)


def _next_visits(data: dict, after: int) -> list[int]:
    """One pass of point numbers starting just after point `after` (0 = the start of the run)."""
    n = len(data["X"])
    return [(after + k) % n + 1 for k in range(n)]


def classify(data: dict, key: Sequence[str], k: int, given: str) -> str:
    """The slip that explains a student's first wrong update k (1-based), given the run's correct updates."""
    if k > len(key):
        return "extra-update"
    got, want = _item(given), _item(key[k - 1])
    if got is None or want is None:
        return "unreadable"
    offset = want[2] is not None
    if k == 1:
        prev_point, theta = 0, tuple(to_fraction(v) for v in data["theta_init"])
        theta0 = to_fraction(data["theta0_init"]) if offset else Fraction(0)
    else:
        before = _item(key[k - 2])
        prev_point, theta, theta0 = before[0], before[1], before[2] or Fraction(0)
    if got[0] != want[0]:
        order = _next_visits(data, prev_point)
        if got[0] in order and order.index(got[0]) < order.index(want[0]):
            return "update-on-correct"
        return "tie-as-correct" if _value(data, want[0], theta, theta0) == 0 else "missed-mistake"
    i, yi = want[0], data["y"][want[0] - 1]
    x = [to_fraction(v) for v in data["X"][i - 1]]
    if got[1] == want[1] and offset and got[2] == theta0:
        return "offset-not-updated"
    if got[1] == tuple(t - yi * v for t, v in zip(theta, x)):  # with y = -1 this is also θ + x (label ignored)
        return "sign"
    return "theta-arithmetic"


def slip_of(data: dict, key: Sequence[str], reason: str, facts: dict[str, Any]) -> str:
    """The slip code of a wrong trace result (first wrong update, or a trace that stops too early)."""
    if reason == "trace_too_short":
        return "stopped-early"
    return classify(data, key, facts["k"], facts.get("given", ""))

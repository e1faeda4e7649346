"""The exact maximum margin: KKT, optimality against every separator the core makes, the bound, the CLI and the kind."""

from __future__ import annotations

import itertools
import json
from fractions import Fraction

import pytest
from hypothesis import HealthCheck, assume, given, settings, strategies as st

from exercises.cli.main import main
from rosenblatt.core import decide, max_margin, perceptron_trace, signed_rows, verify_kkt
from rosenblatt.core.linalg import independent, min_norm_on
from exercises.generation.variants import build_sheets, variant_seeds
from exercises.generation.spec import parse_spec

SETTINGS = settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
number = st.builds(Fraction, st.integers(-6, 6), st.sampled_from([1, 1, 1, 2, 3]))


@st.composite
def datasets(draw):
    dim, n = draw(st.integers(1, 3)), draw(st.integers(1, 7))
    X = [tuple(draw(number) for _ in range(dim)) for _ in range(n)]
    y = [draw(st.sampled_from([-1, 1])) for _ in range(n)]
    return X, y, draw(st.booleans())


def _separable(X, y, offset) -> bool:
    return decide(X, y, offset).separable


def _dot(a, b) -> Fraction:
    return sum((u * v for u, v in zip(a, b)), Fraction(0))


def _bound_of(rows, u) -> Fraction:
    """R²/γ² of the separator u (margin γ = min aᵢ·u / ‖u‖), as a Fraction: R² ‖u‖² / (min aᵢ·u)²."""
    low = min(_dot(a, u) for a in rows)
    return max(_dot(a, a) for a in rows) * _dot(u, u) / (low * low)


@SETTINGS
@given(datasets())
def test_kkt_conditions_hold_exactly(data):
    X, y, offset = data
    assume(_separable(X, y, offset))
    mm = max_margin(X, y, offset)
    rows = signed_rows(X, y, offset)
    assert verify_kkt(rows, mm.w, mm.multipliers)
    margins = [_dot(a, mm.w) for a in rows]
    assert min(margins) == 1 and all(al >= 0 for al in mm.multipliers)
    assert all(al == 0 or m == 1 for al, m in zip(mm.multipliers, margins))
    assert [sum(al * a[j] for al, a in zip(mm.multipliers, rows)) for j in range(len(mm.w))] == list(mm.w)
    assert mm.support == tuple(i for i, m in enumerate(margins, 1) if m == 1)
    assert sum(mm.multipliers) == mm.norm_sq  # strong duality: Σα = ‖w‖²


@SETTINGS
@given(datasets())
def test_gamma_max_beats_every_separator_the_core_produces(data):
    X, y, offset = data
    assume(_separable(X, y, offset))
    mm = max_margin(X, y, offset)
    rows = signed_rows(X, y, offset)
    sep = decide(X, y, offset).certificate
    trace = perceptron_trace(X, y, offset=offset, max_epochs=int(mm.best_bound) + 2, record=False)
    assert trace.converged  # within the best bound, so within ⌊bound⌋ + 1 passes
    for u in (list(sep.theta) + ([sep.theta0] if offset else []), list(trace.theta) + ([trace.theta0] if offset
                                                                                        else [])):
        # γ_max ≥ γ(u)  ⟺  (min aᵢ·u)² ‖w_max‖² ≤ ‖u‖², and so R²/γ_max² ≤ R²/γ(u)²
        low = min(_dot(a, u) for a in rows)
        assert low > 0 and low * low * mm.norm_sq <= _dot(u, u)
        assert mm.best_bound <= _bound_of(rows, u)


@SETTINGS
@given(datasets())
def test_actual_mistakes_never_exceed_the_best_bound(data):
    X, y, offset = data
    assume(_separable(X, y, offset))
    mm = max_margin(X, y, offset)
    trace = perceptron_trace(X, y, offset=offset, max_epochs=int(mm.best_bound) + 2, record=False)
    assert trace.converged and mm.converged and mm.mistakes == trace.mistakes <= mm.best_bound


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(datasets())
def test_agrees_with_enumerating_every_active_set(data):
    """The optimum is the min-norm point of some independent active set; the feasible one of least norm wins."""
    X, y, offset = data
    assume(_separable(X, y, offset))
    rows = signed_rows(X, y, offset)
    best = None
    for k in range(1, len(rows[0]) + 1):
        for S in itertools.combinations(range(len(rows)), k):
            if len(independent(rows, S)) == k:
                z, _ = min_norm_on(rows, list(S))
                if all(_dot(a, z) >= 1 for a in rows) and (best is None or _dot(z, z) < best):
                    best = _dot(z, z)
    assert max_margin(X, y, offset, warm_start=True).norm_sq == best
    assert max_margin(X, y, offset, warm_start=False).norm_sq == best


def test_inseparable_data_is_refused():
    with pytest.raises(ValueError, match="not linearly separable through the origin"):
        max_margin([(Fraction(1),), (Fraction(2),)], [1, -1])


def test_offset_uses_the_augmented_form():
    X = [(Fraction(1), Fraction(2)), (Fraction(-1), Fraction(2)), (Fraction(0), Fraction(-1))]
    mm = max_margin(X, [1, -1, -1], offset=True)
    assert mm.w == (1, Fraction(1, 3), Fraction(-2, 3)) and mm.R_sq == 6 and mm.best_bound == Fraction(28, 3)


def test_bound_best_json_on_the_seed_example(tmp_path, capsys):
    path = tmp_path / "d.yaml"
    path.write_text("X: [[1, 2], [-1, 2], [0, -1]]\ny: [1, -1, -1]\n")
    assert main(["bound", "--best", str(path), "--json"]) == 0
    doc = json.loads(capsys.readouterr().out)
    assert {k: doc[k] for k in ("gamma_max", "best_bound", "w_max", "support")} == {
        "gamma_max": "sqrt(10)/10", "best_bound": "50", "w_max": ["3", "1"], "support": [2, 3]}
    assert main(["bound", "--best", str(path)]) == 0
    text = capsys.readouterr().out
    assert "w_max = (3, 1)" in text and "α2 = 3, α3 = 7" in text and "Best bound R²/γ_max² = R² ‖w_max‖² = 50" in text


def test_bound_best_on_inseparable_data_is_one_line_and_exit_2(tmp_path, capsys):
    path = tmp_path / "d.yaml"
    path.write_text("X: [[1], [2]]\ny: [1, -1]\noffset: false\n")
    assert main(["bound", "--best", str(path)]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "not linearly separable through the origin" in err and str(path) in err


@settings(max_examples=20, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 10**6), dim=st.integers(1, 3), offset=st.booleans())
def test_max_margin_variants_compare_the_three_numbers(seed, dim, offset):
    assume(dim > 1 or offset)
    spec = parse_spec({"kind": "max_margin", "params": {"dim": dim, "offset": offset, "n_points": 4}}, "m", "m.yaml")
    v = build_sheets(spec, variant_seeds(spec, seed, 1))[0].variants[0]
    best, star = v.solution.best, v.solution.star
    assert best.mistakes <= best.best_bound < star.bound
    assert len(best.w) == dim + offset and len(best.support) <= 3
    assert max(Fraction(c).denominator for c in best.w) <= 12

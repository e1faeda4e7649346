"""The cases tell the tie mistakes apart, and show a tolerance in the mistake test and an update counted only where
every coordinate changes, in every bundled course that offers them (checked on the exact mutants, no sandbox)."""

from __future__ import annotations

from fractions import Fraction

import pytest

from grader import tasks
from grader.assignments import Knobs, bundled
from grader.cases import NEAR_MARGIN
from grader.judging import expected_values, spec_of

SEEDS = ("real", pytest.param("s1", marks=pytest.mark.slow))
_SUITES: dict = {}


def _suite(a, seed: str) -> tuple:
    if (a.name, seed) not in _SUITES:
        _SUITES[(a.name, seed)] = (*tasks.visible(a), *tasks.hidden(a, seed))
    return _SUITES[(a.name, seed)]
EXACT = [(a, f) for a in bundled() for f in a.functions if not f.convention.by_property and not tasks.plain(a, f)]


def _has(f, family: str) -> bool:
    return any(name == family for name, _ in f.hidden)


def _outputs(a, f, knobs_by_name: dict, seed: str, families=()) -> tuple[list, dict]:
    """The function's cases (visible and hidden; of these families if given) and each mistake's graded output on
    them, the reference's as None."""
    cases = [c for c in _suite(a, seed) if spec_of(a, c) is f and c.check == "result"
             and "large" not in c.tags and (not families or c.family in families)]
    fields = ("theta",) if f.method and not f.single_step else f.returns
    out = {}
    for name, knobs in {None: Knobs(), **knobs_by_name}.items():
        out[name] = []
        for c in cases:
            e = tasks.mutant(f, c, knobs)
            out[name].append(None if e is None else (expected_values(e, fields), e.states if f.method else ()))
    return cases, out


def _told_apart(out: dict, m, n) -> bool:
    """A student with mistake m is not also explained by n: n differs from m where m fails, or fails where m
    passes."""
    ref = out[None]
    return any(x != y if x != r else y != r for x, y, r in zip(out[m], out[n], ref))


TIE = {"strict": Knobs(tie="strict"), "negative": Knobs(tie="negative"), "positive": Knobs(tie="positive")}


@pytest.mark.parametrize("a,f", [(a, f) for a, f in EXACT if f.convention.tie == "mistake" and _has(f, "tie")
                                 and f.convention.update != "always"],
                         ids=lambda x: getattr(x, "name", ""))
@pytest.mark.parametrize("seed", SEEDS)
def test_tie_cases_tell_strict_from_one_sided(a, f, seed):
    """Ties of both labels: a one-sided tie (either label) and strict `< 0` never explain the same failures."""
    cases, out = _outputs(a, f, TIE, seed)
    tie_labels = {y for c in cases if c.family == "tie" for y in c.y}
    assert tie_labels == {-1, 1}
    for m in TIE:
        assert any(x != r for x, r in zip(out[m], out[None])), m
        for n in TIE:
            if n != m:
                assert _told_apart(out, m, n), (m, n)


@pytest.mark.parametrize("a,f", [(a, f) for a, f in EXACT if any(n == "tolerance" for n, _ in tasks.offered(f))
                                 and _has(f, "tie")], ids=lambda x: getattr(x, "name", ""))
@pytest.mark.parametrize("seed", SEEDS)
def test_near_tie_shows_a_tolerance_and_not_a_rounding_guard(a, f, seed):
    """`<= 0.01` fails a near-tie case; `<= 1e-9` (and `<= 2⁻¹¹`) give the reference's answer on every case."""
    knobs = {"tol": Knobs(tolerance=Fraction(1, 100)), "guard": Knobs(tolerance=Fraction(1, 10 ** 9)),
             "half": Knobs(tolerance=NEAR_MARGIN / 2)}
    cases, out = _outputs(a, f, knobs, seed)
    assert any(x != r and c.family == "tie" for c, x, r in zip(cases, out["tol"], out[None]))
    assert out["guard"] == out[None] and out["half"] == out[None]


@pytest.mark.parametrize("a,f", [(a, f) for a, f in EXACT if f.trains and not f.averages and f.convention.start ==
                                 "zero" and any(n == "every-coordinate-changed" for n, _ in tasks.offered(f))],
                         ids=lambda x: getattr(x, "name", ""))
@pytest.mark.parametrize("seed", SEEDS)
def test_zero_feature_shows_a_change_counted_on_every_coordinate(a, f, seed):
    cases, out = _outputs(a, f, {"all": Knobs(all_change=True)}, seed, ("separable",))
    assert any(x != r for x, r in zip(out["all"], out[None]))


LOOPS_UNTIL_CLEAN = b'''
import numpy as np
from test_grader_helpers import FakeTimeout


def perceptron(X, y, max_epochs=1000, offset=True):
    theta, theta_0 = np.zeros(X.shape[1]), 0.0
    for passes in range(2000):  # stands for `while True`: max_epochs is never read
        clean = True
        for x, label in zip(X, y):
            if label * (theta @ x + theta_0) <= 0:
                theta, theta_0, clean = theta + label * x, theta_0 + (label if offset else 0), False
        if clean:
            return theta, theta_0, True
        if PROBE_STOPS and len(X) == 5 and passes == 2:
            return theta, theta_0, False
    raise FakeTimeout
'''


@pytest.mark.parametrize("probe_stops", [False, True])
def test_a_loop_that_ignores_the_cap_is_named_from_its_time_outs(probe_stops):
    """Time-outs on exactly the data that never separate, and every separable case right: `no-stop`, by the probe
    or (where the probe's data happen to stop it) by the cases themselves; never 'Not explained'."""
    from grader.assignments import load
    from grader.grading import grade
    from grader.suite import Suite
    from test_grader_helpers import FakeCaseInput, FakeSandbox

    suite = Suite(load().with_hidden(lambda family: family != "large"), "no-cap")
    src = LOOPS_UNTIL_CLEAN.replace(b"PROBE_STOPS", b"True" if probe_stops else b"False")
    report = grade(FakeSandbox(), suite, "loops", "loops.py", src, FakeCaseInput)
    kinds = {(x.name, x.kind) for x in report.findings}
    assert ("no-stop", "probe") in kinds and not any(k == "observed" for _, k in kinds), kinds
    hint = next(x.hint for x in report.findings if x.name == "no-stop")
    assert ("ran out of time on the" in hint) == probe_stops, hint


def test_time_outs_on_separable_data_are_not_called_an_ignored_cap():
    """A loop that also runs out of time on data that separate is not named `no-stop` from the cases."""
    from grader.assignments import load
    from grader.grading import grade
    from grader.suite import Suite
    from test_grader_helpers import FakeCaseInput, FakeSandbox

    suite = Suite(load().with_hidden(lambda family: family != "large"), "no-cap")
    src = LOOPS_UNTIL_CLEAN.replace(b"PROBE_STOPS", b"True").replace(b"        if clean:\n",
                                                                       b"        if clean and len(X) > 12:\n")
    report = grade(FakeSandbox(), suite, "loops", "loops.py", src, FakeCaseInput)
    assert not any(x.name == "no-stop" for x in report.findings), [x.name for x in report.findings]

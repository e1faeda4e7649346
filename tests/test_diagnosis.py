"""Mutants and diagnosis: each mutant is exposed by the suite, and is named when it is run as a student."""

from __future__ import annotations

import re
from pathlib import Path

import numpy as np
import pytest
from hypothesis import HealthCheck, given, settings, strategies as st

from grader.assignments.assignment import load
from grader.cases.case import reference
from grader.grading import grade
from grader.suite import Suite
from grader.cases.mutants import CATALOGUE, EXACT_VARIANTS, Variant, run_variant
from test_grader_helpers import FakeCaseInput, FakeSandbox

DEFAULT = load()
SMALL = DEFAULT.with_hidden(lambda family: family != "large")
SUBMISSIONS = Path(__file__).resolve().parent.parent / "submissions"
EXPOSED_BY = {"strict-inequality": "single-point", "epoch-off-by-one": "non-separable",
              "offset-when-off": "offset-only", "no-offset-update": "separable", "single-pass": "separable"}
SLOW_SETTINGS = settings(max_examples=2, deadline=None, suppress_health_check=[HealthCheck.too_slow])


def test_default_variant_is_the_reference():
    suite = Suite(SMALL, "ref")
    for c in suite.cases:
        assert run_variant(Variant(), c.X, c.y, c.offset, c.max_epochs) == c.expected


@SLOW_SETTINGS
@given(st.integers(0, 10**9))
def test_each_mutant_differs_from_the_reference_on_its_family(seed):
    suite = Suite(SMALL, str(seed))
    for name, v in EXACT_VARIANTS:
        differ = [c for c in suite.cases if c.check == "result"
                  and run_variant(v, c.X, c.y, c.offset, c.max_epochs) != c.expected]
        assert len(differ) >= 2, name
        if name in EXPOSED_BY:
            assert any(c.family == EXPOSED_BY[name] for c in differ), name


def _as_student(v: Variant):
    """A 'student' that is exactly the mutant (exact arithmetic, returned as floats)."""
    def perceptron(X, y, max_epochs=1000, offset=True):
        from fractions import Fraction
        pts = tuple(tuple(Fraction(float(a)) for a in row) for row in X)
        e = run_variant(v, pts, tuple(int(b) for b in y), offset, max_epochs)
        return np.array([float(t) for t in e.theta]), float(e.theta0), e.converged
    return perceptron


@SLOW_SETTINGS
@given(st.integers(0, 10**9))
def test_diagnosis_names_each_exact_mutant_run_as_a_student(seed):
    suite = Suite(SMALL, str(seed))
    for name, v in EXACT_VARIANTS:
        report = grade(FakeSandbox(_as_student(v)), suite, name, "m.py", b"", FakeCaseInput)
        assert report.score < report.max_score, name
        assert report.findings and report.findings[0].name == name, (name, [f.name for f in report.findings])


def expectation(path: Path) -> dict:
    """The machine-readable `Expected:` line of a sample submission's docstring."""
    line = re.search(r"^Expected:(.*)$", path.read_text(), re.M).group(1)
    out = {}
    for clause in line.split(";"):
        key, _, value = clause.strip().partition("=" if "=" in clause and ":" not in clause else ":")
        if "<" in key:
            key, value = key.split("<")[0].strip(), "< " + key.split("<")[1].strip()
        out[key.strip()] = value.strip()
    return out


# Samples named by a classic mistake (those named by a structural finding or a probe need the real sandbox: a
# probe's time limit, the harness's plans; tests/test_submissions*.py grade them).
BUGGY = sorted(p for p in SUBMISSIONS.glob("*.py") if expectation(p).get("diagnosis") in CATALOGUE)


@pytest.mark.slow  # the samples' own tests check each diagnosis on the samples' seed in the default run
@SLOW_SETTINGS
@given(st.integers(0, 10**9))
def test_diagnosis_names_each_sample_bug_across_seeds(seed):
    suite = Suite(SMALL, str(seed))
    for path in BUGGY:
        report = grade(FakeSandbox(), suite, path.stem, path.name, path.read_bytes(), FakeCaseInput)
        want = expectation(path)["diagnosis"]
        assert report.findings and report.findings[0].name == want, (path.name, [f.name for f in report.findings])


def test_catalogue_covers_every_sample_and_mutant():
    assert {expectation(p)["diagnosis"] for p in BUGGY} <= set(CATALOGUE)
    assert {n for n, _ in EXACT_VARIANTS} <= set(CATALOGUE)
    assert len(BUGGY) >= 15


def test_correct_code_gets_no_diagnosis():
    suite = Suite(SMALL, "c")
    src = (SUBMISSIONS / "correct.py").read_bytes()
    report = grade(FakeSandbox(), suite, "correct", "correct.py", src, FakeCaseInput)
    assert report.score == report.max_score and not report.findings


@pytest.mark.parametrize("name", ["strict-inequality", "no-offset-update"])
def test_reference_matches_exercises_core(name):
    v = dict(EXACT_VARIANTS)[name]
    suite = Suite(SMALL, "core")
    assert any(run_variant(v, c.X, c.y, c.offset, c.max_epochs) != reference(c.X, c.y, c.offset, c.max_epochs)
               for c in suite.cases)


def test_every_wrong_case_runs_again_hidden_ones_too():
    """Randomness is found from any wrong case answered differently the second time, not only from the visible
    cases and the twin pair: a shuffle that gave the twins the same answer by chance (about 1 grading in 60 of
    submissions/shuffled.py before) must not hide it."""
    from grader.diagnosis import wanted_probes
    from grader.judging import Verdict
    suite = Suite(load(), "again")
    again = {p.repeats for p in suite.checks if p.kind == "again"}
    small = {c.case_id for c in suite.cases if c.check == "result" and len(c.X) <= 12}
    assert again == small and {c.case_id for c in suite.hidden} & again
    verdicts = {c.case_id: Verdict(c.case_id, c.case_id not in small, "wrong" if c.case_id in small else "passed",
                                   "", None) for c in suite.cases}
    verdicts[suite.hidden[0].case_id] = Verdict(suite.hidden[0].case_id, False, "timeout", "", None)
    rerun = {p.repeats for p in wanted_probes(suite.checks, {"perceptron"}, verdicts) if p.kind == "again"}
    assert rerun == small - {suite.hidden[0].case_id}  # a time-out would only cost its time again


def test_every_pair_of_a_bundled_functions_mistakes_is_tried():
    """Compound diagnosis tries every pair of offered mistakes: MAX_PAIRS covers the largest bundled function."""
    from grader.assignments import bundled
    from grader.diagnosis.compound import MAX_PAIRS
    from grader.tasks import offered

    most = max(len(offered(f)) for a in bundled() for f in a.functions)
    assert most * (most - 1) // 2 <= MAX_PAIRS


def test_the_unit_probe_is_also_given_the_label_a_zero_score_gets_right():
    """An update written as two branches, one per label, is read in both: the unit point once with the label that
    is a mistake at θ = 0 and once with the other, from zero where a zero score is a mistake for both (`<= 0`), or
    from θ = 0 and an offset that makes it a mistake where the course passes the start (Udacity)."""
    from grader import tasks
    from grader.diagnosis import build_probes

    for name, offset in ((None, None), ("udacity", -1)):
        a = load(name)
        probes = {p.kind: p.case for p in build_probes(a, tasks.visible(a))}
        one, other = probes["features"], probes["features-other"]
        assert one.X == other.X and one.y == (-1,) and other.y == (1,)
        assert (other.start[1] if other.start is not None else None) == offset
        e = other.expected  # the reference's answer: one update of the other label
        step = other.step if other.step is not None else 1
        assert e.theta == tuple(step * v for v in other.X[0])

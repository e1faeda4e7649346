"""Findings beyond the classic mistakes, through the real sandbox: signatures read in the child, probes only for
failing submissions, and each likely bug named once in the feedback."""

from __future__ import annotations

from pathlib import Path

import pytest

import grader.sandbox as sandbox_module
from grader.assignments.assignment import load
from grader.grading import grade
from grader.reports.report import view
from rosenblatt.shared import render
from grader.suite import Suite

SUBMISSIONS = Path(__file__).resolve().parent.parent / "submissions"
pytestmark = pytest.mark.skipif(not hasattr(sandbox_module, "Sandbox"), reason="needs the real sandbox")

ALIASED = b'''
import numpy as np


def _train(data, labels, T):
    d, n = data.shape
    th, th0 = np.zeros((d, 1)), np.zeros((1, 1))
    for _ in range(T):
        for i in range(n):
            if labels[0, i] * (th.T @ data[:, i:i + 1] + th0) <= 0:
                th, th0 = th + labels[0, i] * data[:, i:i + 1], th0 + labels[0, i]
    return th, th0


perceptron = _train
averaged_perceptron = _train
'''


class Counting:
    """A sandbox whose sessions count their batches."""

    def __init__(self, box):
        self.box, self.batches = box, 0

    def session(self, *args):
        outer, inner = self, self.box.session(*args)

        class _Session:
            def run(self, cases):
                outer.batches += 1
                return inner.run(cases)

            def __enter__(self):
                return self

            def __exit__(self, *exc):
                inner.close()

        return _Session()


@pytest.fixture(scope="module")
def box():
    with sandbox_module.Sandbox(sandbox_module.Limits(case_seconds=2, total_seconds=40)) as real:
        yield real


def test_signature_is_read_in_the_child(box):
    """`perceptron = _train` has no def of its own: only inspect.signature in the child can read its parameters."""
    report = grade(box, Suite(load("mit6036"), "sig"), "aliased", "aliased.py", ALIASED)
    sig = [f for f in report.findings if f.name == "signature"]
    assert sig and "takes `(data, labels, T)`" in sig[0].hint and "params={'T':" in sig[0].hint
    assert not any(f.likely for f in report.findings)


def test_a_function_without_the_optional_hook_is_called_without_it(box):
    """6.036's hook defaults to None and the course's own evaluation calls perceptron(data, labels): a file that
    leaves the parameter out is graded on its answers, as one that takes it (no trace of updates then)."""
    text = (SUBMISSIONS / "mit6036" / "correct.py").read_text()
    without = text.replace(", hook=None)", ")").replace("                if hook:\n                    hook((th, th0))\n", "")
    assert "hook" not in without.split('"""', 2)[2]
    suite = Suite(load("mit6036"), "nohook")
    report = grade(box, suite, "nohook", "nohook.py", without.encode())
    assert report.score == report.max_score and not report.findings


def test_only_visible_cases_bring_their_trace_back(box):
    """The hook's records are read for visible cases' trace notes only: a hidden call's hook calls are counted (and
    their arities kept, which the interface cases judge) but not copied back, and a spied helper likewise."""
    path = SUBMISSIONS / "mit6036" / "hook_two_arguments.py"
    report = grade(box, Suite(load("mit6036"), "traces"), "h", path.name, path.read_bytes())
    hooked = [r for r in report.results if r.verdict.answer is not None and r.verdict.answer.hook_calls]
    assert {r.case.visible for r in hooked} == {True, False}
    for r in hooked:
        assert bool(r.verdict.answer.hooks) == r.case.visible and r.verdict.answer.hook_arities == (2,)
    assert any(f.name == "hook-arguments" for f in report.findings) and report.score < report.max_score
    path = SUBMISSIONS / "mitx686x" / "correct.py"
    report = grade(box, Suite(load("mitx686x"), "traces"), "c", path.name, path.read_bytes())
    spied = [r for r in report.results if r.case.function == "perceptron" and r.verdict.answer is not None]
    assert all(bool(r.verdict.answer.hooks) == r.case.visible for r in spied if len(r.case.X) > 1)
    assert report.score == report.max_score


def test_a_passing_submission_runs_no_probe(box):
    suite = Suite(load(), "probes")
    counted = Counting(box)
    report = grade(counted, suite, "correct", "correct.py", (SUBMISSIONS / "correct.py").read_bytes())
    assert report.score == report.max_score and counted.batches == 2  # the hidden cases, then the visible ones
    failing = Counting(box)
    report = grade(failing, suite, "e", "epochs_ignored.py", (SUBMISSIONS / "epochs_ignored.py").read_bytes())
    assert failing.batches >= 2 and report.findings[0].name == "epochs-ignored"


def test_a_likely_bug_is_named_once_in_the_feedback(box):
    a = load("mitx686x")
    path = SUBMISSIONS / "mitx686x" / "strict_inequality.py"
    report = grade(box, Suite(a, "once"), "s", path.name, path.read_bytes())
    text = render("grader/feedback.md.j2", **view(report, a))
    assert text.count("Likely bug") == 1 and "Explained above: strict" in text
    assert "Likely bug in `perceptron_single_step_update`, `perceptron`, `average_perceptron`" in text

"""Rendered reports: golden files, Gradescope's results.json shape, and no hidden data in student-facing text."""

from __future__ import annotations

import json
import os
from pathlib import Path

import pytest

from rosenblatt.shared.numbers import fraction_str
from grader.assignments.assignment import load
from grader.grading import grade
from grader.suite import Suite
from grader.reports.report import check_text, results_json, write_submission
from test_grader_helpers import FakeCaseInput, FakeSandbox

GOLDEN = Path(__file__).resolve().parent / "golden" / "grader"
SUBMISSIONS = Path(__file__).resolve().parent.parent / "submissions"
REGEN = os.environ.get("ROSENBLATT_REGEN_GOLDEN") == "1"
DEFAULT = load()
SMALL = DEFAULT.with_hidden(lambda family: family != "large")
META = {"key": "k", "assignment": "default", "assignment_sha256": "a", "seed_sha256": "c"}


@pytest.fixture(scope="module")
def suite():
    return Suite(SMALL, "golden-seed")


def _report(suite, name):
    path = SUBMISSIONS / f"{name}.py"
    return grade(FakeSandbox(), suite, name, path.name, path.read_bytes(), FakeCaseInput)


def _golden(name: str, text: str) -> None:
    path = GOLDEN / name
    if REGEN:
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text, encoding="utf-8")
    assert path.is_file(), f"missing golden file {path}; regenerate with ROSENBLATT_REGEN_GOLDEN=1"
    assert text == path.read_text(encoding="utf-8"), f"{name} differs; regenerate with ROSENBLATT_REGEN_GOLDEN=1"


@pytest.mark.parametrize("name", ["correct", "strict_less_than", "swapped_returns", "syntax_error"])
def test_golden_feedback(suite, tmp_path, name):
    report = _report(suite, name)
    data = write_submission(tmp_path, report, SMALL, META)
    _golden(f"{name}.feedback.md", (tmp_path / "feedback.md").read_text())
    _golden(f"{name}.check.txt", check_text(report, SMALL))
    _golden(f"{name}.results.json", json.dumps(data, indent=2, ensure_ascii=False) + "\n")
    html = (tmp_path / "feedback.html").read_text()
    assert html.startswith("<!DOCTYPE html>")
    _golden(f"{name}.feedback.html", html)


def test_results_json_is_gradescope_shaped(suite):
    report = _report(suite, "no_offset_update")
    data = results_json(report, SMALL, META)
    assert {"score", "max_score", "tests", "output", "visibility", "stdout_visibility"} <= set(data)
    assert data["max_score"] == 95 and 0 < data["score"] < 95
    assert abs(sum(t["score"] for t in data["tests"]) - data["score"]) < 0.05
    assert abs(sum(t["max_score"] for t in data["tests"]) - data["max_score"]) < 0.05
    for t in data["tests"]:
        assert {"name", "score", "max_score", "status", "output", "visibility", "tags"} <= set(t)
        assert t["status"] in ("passed", "failed") and t["visibility"] == "visible"
        assert set(t["tags"]) <= {"separable", "non-separable", "single-point", "tie", "offset-only", "origin",
                                  "one-dimensional", "fractional", "large", "input-mutation", "interface"}
    meta = data["extra_data"]["rosenblatt"]
    assert meta["findings"] == ["no-offset-update"] and meta["status"] == "graded"
    assert "golden-seed" not in json.dumps(data)


def _row(row) -> str:
    return "(" + ", ".join(fraction_str(v) for v in row) + ")"


@pytest.mark.parametrize("name", ["strict_less_than", "no_label", "normalized", "single_pass"])
def test_hidden_data_never_reaches_students(suite, tmp_path, name):
    report = _report(suite, name)
    data = write_submission(tmp_path, report, SMALL, META)
    shown = {_row(r) for c in suite.visible for r in c.X}
    shown |= {_row(r) for cr in report.results if cr.shrunk for r in cr.shrunk.case.X}
    secret = {_row(r) for c in suite.hidden for r in c.X if len(r) > 1} - shown
    texts = [(tmp_path / "feedback.md").read_text(), (tmp_path / "feedback.html").read_text(),
             json.dumps(data, ensure_ascii=False)]
    leaks = [s for s in secret for t in texts if s in t]
    assert not leaks


def test_figure_for_failed_2d_visible_cases(suite, tmp_path):
    report = _report(suite, "no_offset_update")
    write_submission(tmp_path, report, SMALL, META)
    html = (tmp_path / "feedback.html").read_text()
    assert "<svg" in html and 'class="expected"' in html
    assert "<script" not in html


def test_student_text_is_escaped_in_html(suite, tmp_path):
    src = b"def perceptron(X, y, max_epochs=1, offset=True):\n    raise ValueError('<script>alert(1)</script>')\n"
    report = grade(FakeSandbox(), suite, "xss", "xss.py", src, FakeCaseInput)
    write_submission(tmp_path, report, SMALL, META)
    html = (tmp_path / "feedback.html").read_text()
    assert "<script>" not in html and "&lt;script&gt;alert(1)&lt;/script&gt;" in html

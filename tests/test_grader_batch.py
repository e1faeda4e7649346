"""The batch: discovery, the per-submission error boundary, Ctrl-C, recorded seeds."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from rosenblatt.shared.errors import SubmissionError
from grader.assignments.assignment import load
from grader.batch import discover, grade_batch, run_seed
from test_grader_helpers import FakeCaseInput, FakeSandbox

SUBMISSIONS = Path(__file__).resolve().parent.parent / "submissions"
SMALL = load().with_hidden(lambda family: family != "large")


@pytest.fixture
def subs(tmp_path):
    folder = tmp_path / "subs"
    folder.mkdir()
    for name in ("correct", "strict_less_than", "wrong_converged"):
        shutil.copy(SUBMISSIONS / f"{name}.py", folder)
    (folder / "bob").mkdir()
    shutil.copy(SUBMISSIONS / "no_label.py", folder / "bob" / "perceptron.py")
    (folder / ".hidden.py").write_text("x = 1\n")
    return folder


def test_discovery_names_files_and_folders(subs):
    found = discover([subs])
    assert [s.name for s in found] == ["bob", "correct", "strict_less_than", "wrong_converged"]
    assert found[0].path.name == "perceptron.py"
    with pytest.raises(SubmissionError, match="both named 'correct'"):
        discover([subs, subs / "correct.py"])


class _Buggy(FakeSandbox):
    def run(self, source, filename, function, cases, setup=None):
        if b"strict" in source:
            raise ValueError("a bug in the grader")
        return super().run(source, filename, function, cases, setup)


def test_a_grader_bug_is_contained_to_its_submission(subs, tmp_path):
    rows = grade_batch(SMALL, discover([subs]), tmp_path / "out", "s", 2, False, _Buggy, False, FakeCaseInput)
    status = {r["submission"]: r["status"] for r in rows}
    assert status == {"bob": "graded", "correct": "graded", "strict_less_than": "grader_error",
                      "wrong_converged": "graded"}
    assert (tmp_path / "out" / "strict_less_than" / "results.json").is_file()
    log = (tmp_path / "out" / ".rosenblatt" / "errors" / "strict_less_than.txt").read_text()
    assert "a bug in the grader" in log
    assert "a bug in the grader" not in (tmp_path / "out" / "strict_less_than" / "feedback.md").read_text()


class _Interrupted(FakeSandbox):
    def run(self, source, filename, function, cases, setup=None):
        if b"converged = True" in source:
            raise KeyboardInterrupt
        return super().run(source, filename, function, cases, setup)


def test_ctrl_c_writes_the_gradebook_for_what_was_graded(subs, tmp_path):
    out = tmp_path / "out"
    with pytest.raises(KeyboardInterrupt):
        grade_batch(SMALL, discover([subs]), out, "s", 1, False, _Interrupted, False, FakeCaseInput)
    rows = (out / "gradebook.csv").read_text().splitlines()[1:]
    assert rows and all(not r.startswith("wrong_converged") for r in rows)
    assert not (out / "wrong_converged" / "results.json").exists()


def test_recorded_seed_is_private_and_reused(tmp_path):
    first = run_seed(tmp_path, None)
    assert run_seed(tmp_path, None) == first and len(first) == 32
    assert (tmp_path / ".rosenblatt" / "seed").stat().st_mode & 0o077 == 0
    assert run_seed(tmp_path, "given") == "given"


def test_progress_bar_and_summary(capsys, tmp_path):
    from grader.batch import Progress
    from grader.reports.classview import class_summary
    from grader.reports.gradebook import gradebook_csv, write_gradebook

    bar = Progress(2, enabled=True)
    bar.step("alice")
    bar.step("bob")
    err = capsys.readouterr().err
    assert "[###############...............] 1/2 alice" in err and err.endswith("\n")
    rows = [{"submission": f"s{k}", "status": "graded", "score": 10.0 * k, "max_score": 100,
             "families": {"visible": [k, 20]}, "findings": ["strict-inequality"] if k % 2 else [], "message": "",
             "skipped": False} for k in range(10)]
    rows.append({"submission": "broken", "status": "ungradable", "score": 0.0, "max_score": 100, "families": {},
                 "findings": [], "message": "the file does not parse as Python", "skipped": False})
    view = class_summary(SMALL, rows, {"s1": "Ada"})
    assert [b["count"] for b in view["scores"]["histogram"]] == [1] * 10 and view["scores"]["mean"] == 45.0
    assert [(m["name"], m["count"]) for m in view["mistakes"]] == [("strict-inequality", 5)]
    assert view["mistakes"][0]["submissions"][0] == {"submission": "s1", "name": "Ada"}
    assert view["unknown"] == 10 and view["to_read"] == []  # rows without per-case facts are counted, not guessed
    write_gradebook(tmp_path, SMALL, rows)
    html = (tmp_path / "summary.html").read_text()
    assert "strict <code>&lt; 0</code> mistake test" in html and "the file does not parse as Python" in html
    csv_text = gradebook_csv(SMALL, rows)
    assert csv_text.splitlines()[1].startswith("broken,ungradable,0.0,100,")

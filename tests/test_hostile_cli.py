"""The whole hostile corpus, hostile file names and a symlink, graded as one batch through grade_batch."""

from __future__ import annotations

import csv
import json
import os
import random
import shutil
from pathlib import Path

import pytest

from rosenblatt.shared.inert import CSV_TRIGGERS
from grader.assignments.assignment import load as load_assignment
from grader.batch import discover, grade_batch
from grader.sandbox import Limits, Sandbox

ROOT = Path(__file__).parent.parent
LIMITS = Limits(case_seconds=0.5, total_seconds=2.0, load_seconds=0.5)
NAMES = ['=HYPERLINK("http:x","y")', "@SUM(1)", "+1", "-1", "line\nbreak", "\x1b]0;owned\x07title\x1b[2J",
         "evil\u202egnp.py", "](javascript:alert(1)) # Score 100", "gradebook.csv", "summary.html", "x" * 250]


@pytest.fixture(scope="module")
def corpus(tmp_path_factory) -> Path:
    folder = tmp_path_factory.mktemp("corpus")
    for path in (ROOT / "tests" / "hostile").glob("*.py"):
        shutil.copy(path, folder / path.name)
    correct = (ROOT / "submissions" / "correct.py").read_text()
    shutil.copy(ROOT / "submissions" / "correct.py", folder / "zz_correct.py")
    for k, name in enumerate(NAMES):
        (folder / f"{name}.py").write_text(correct if k % 2 else "def perceptron(:\n")
    os.symlink("/etc/passwd", folder / "link.py")
    (folder / "binary.py").write_bytes(b"\x89PNG\r\n\x1a\n\x00\x00 SECRET-PAYLOAD")
    os.mkfifo(folder / "fifo.py")
    return folder


def _batch(corpus: Path, out: Path, jobs: int) -> tuple[list, list]:
    """Grade the whole corpus (in a fixed but shuffled order per jobs) into `out`: its submissions and rows."""
    a = load_assignment("default")
    subs = discover([corpus])
    random.Random(jobs).shuffle(subs)
    rows = grade_batch(a, subs, out, "hostile-seed", jobs, False, lambda: Sandbox(LIMITS), progress=True)
    return subs, rows


@pytest.fixture(scope="module")
def batch(corpus, tmp_path_factory) -> tuple[Path, list, list]:
    """The corpus graded once with two jobs, read by both tests below (the markup test once graded two of its files
    again, with the same seed and limits, into a folder of its own)."""
    out = tmp_path_factory.mktemp("batch")
    return (out, *_batch(corpus, out, 2))


@pytest.mark.parametrize("jobs", [2, pytest.param(1, marks=pytest.mark.slow)])
def test_corpus_batch_gives_every_submission_a_verdict(corpus, batch, tmp_path, jobs):
    if jobs == 2:
        tmp_path, subs, rows = batch
    else:
        subs, rows = _batch(corpus, tmp_path, jobs)
    assert len(rows) == len(subs)
    by_name = {r["submission"]: r for r in rows}
    assert by_name["zz_correct"]["score"] == by_name["zz_correct"]["max_score"]
    assert [r for r in rows if r["status"] == "grader_error"] == []
    for sub in subs:
        data = json.loads((tmp_path / sub.folder / "results.json").read_text())
        assert data["extra_data"]["rosenblatt"]["status"] in ("graded", "ungradable")
    link = json.loads((tmp_path / "link" / "results.json").read_text())
    assert "symbolic link" in link["extra_data"]["rosenblatt"]["message"]
    assert "root:" not in (tmp_path / "link" / "feedback.md").read_text()
    binary = (tmp_path / "binary" / "feedback.md").read_text()
    assert "not UTF-8 text" in binary and "SECRET-PAYLOAD" not in binary
    assert (tmp_path / "gradebook.csv").is_file() and (tmp_path / "summary.html").is_file()
    with open(tmp_path / "gradebook.csv", newline="") as fh:
        cells = [cell for row in csv.reader(fh) for cell in row if isinstance(cell, str)]
    assert not [c for c in cells if c.startswith(CSV_TRIGGERS) and not c[1:].replace(".", "").isdigit()]
    assert not [c for c in cells if any(ch in c for ch in "\x1b\x07\u202e\n")]
    for folder in tmp_path.iterdir():
        assert len(folder.name.encode()) <= 100


def test_student_markup_is_inert(batch):
    tmp_path = batch[0]  # markup_error and huge_numbers, graded in the corpus batch
    md = (tmp_path / "markup_error" / "feedback.md").read_text()
    output = json.loads((tmp_path / "markup_error" / "results.json").read_text())
    rendered = md + "".join(t["output"] for t in output["tests"]) + output["output"]
    assert "<img" not in rendered and "<script" not in rendered and "![p](" not in rendered
    assert "\n# Score" not in rendered and "](javascript" not in rendered
    html = (tmp_path / "markup_error" / "feedback.html").read_text()
    assert "<img src=x" not in html and "<script>alert" not in html
    huge = json.loads((tmp_path / "huge_numbers" / "results.json").read_text())
    assert huge["extra_data"]["rosenblatt"]["status"] == "graded" and huge["score"] < huge["max_score"]

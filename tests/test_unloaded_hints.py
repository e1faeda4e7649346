"""A file that does not load gets one more sentence on why: here, git merge-conflict markers left in it."""

from __future__ import annotations

import csv
from pathlib import Path

from exercises.cli.main import main

SUBMISSIONS = Path(__file__).resolve().parent.parent / "submissions"


def test_merge_conflict_markers_are_named_with_their_lines(tmp_path, capsys):
    correct = (SUBMISSIONS / "correct.py").read_text().splitlines(keepends=True)
    conflicted = ["<<<<<<< HEAD\n", "import numpy as np\n", "=======\n", "import numpy\n",
                  ">>>>>>> 7c8f32b4746c65d78016187284e728151e21c4bb\n"] + correct
    sub = tmp_path / "subs"
    sub.mkdir()
    (sub / "merged.py").write_text("".join(conflicted))
    assert main(["grade", str(sub), "--out", str(tmp_path / "out"), "--no-progress"]) == 0
    with open(tmp_path / "out" / "gradebook.csv", newline="", encoding="utf-8") as f:
        (row,) = csv.DictReader(f)
    assert row["status"] == "ungradable"
    assert "Lines 1, 3, 5 are git merge-conflict markers" in row["message"]


def test_a_line_of_equals_signs_alone_is_no_conflict(tmp_path, capsys):
    from grader.diagnosis.structure import conflict_markers
    assert conflict_markers("x = 1\n=======\n") == []
    assert conflict_markers("<<<<<<< HEAD\na\n=======\nb\n>>>>>>> main\n") == [1, 3, 5]

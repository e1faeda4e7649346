"""A file written for another course or term than the chosen preset: its missing-function finding (or the message
of a file that defines none of the graded names) names the bundled preset that grades what it defines."""

from __future__ import annotations

import csv
from pathlib import Path

from exercises.cli.main import main
from grader.assignments import load
from grader.diagnosis import class_methods
from grader.diagnosis.other_terms import graded_elsewhere

SUBMISSIONS = Path(__file__).resolve().parent.parent / "submissions"


def _row(out: Path) -> dict:
    with open(out / "gradebook.csv", newline="", encoding="utf-8") as f:
        return next(csv.DictReader(f))


def test_a_train_model_class_under_the_train_term_names_its_methods_and_the_term(tmp_path, capsys):
    out = tmp_path / "out"
    sample = SUBMISSIONS / "cs188-nn-x" / "correct.py"
    assert main(["grade", str(sample), "--assignment", "cs188-nn", "--out", str(out), "--no-progress"]) == 0
    feedback = (out / "correct" / "feedback.md").read_text(encoding="utf-8")
    assert "The class has no method `train`" in feedback and "it defines `train_model`" in feedback
    assert "the bundled preset `cs188-nn-x` grades" in feedback and "`--assignment cs188-nn-x`" in feedback


def test_a_file_of_another_course_is_ungradable_with_the_preset_that_grades_it(tmp_path, capsys):
    out = tmp_path / "out"
    sample = SUBMISSIONS / "udacity" / "correct.py"
    assert main(["grade", str(sample), "--assignment", "mitx686x", "--out", str(out), "--no-progress"]) == 0
    row = _row(out)
    assert row["status"] == "ungradable" and "the bundled preset `udacity` grades" in row["message"]


def test_only_presets_whose_every_function_is_defined_and_one_is_new_are_named():
    mitx = load("mitx686x")
    # `perceptron` alone is graded by default and column too, but mitx686x grades it already: nothing new
    assert graded_elsewhere(mitx, frozenset({"perceptron", "helper"}), {}) == ()
    # a CS4780 file: both CS4780 presets accept these spellings; Udacity's needs perceptronStep
    got = graded_elsewhere(mitx, frozenset({"perceptron_update", "perceptron", "classify_linear"}), {})
    assert got == ("cs4780", "cs4780-folded")
    # methods count only in the preset's own class
    methods = class_methods("class Other:\n    def get_prediction(self, x): pass\n    def train_model(self, d): pass\n")
    assert graded_elsewhere(load("cs188-nn"), frozenset({"Other"}), methods) == ()
    methods = class_methods("class PerceptronModel:\n    def get_prediction(self, x): pass\n"
                            "    def train_model(self, d): pass\n")
    assert graded_elsewhere(load("cs188-nn"), frozenset({"PerceptronModel"}), methods) == ("cs188-nn-x",)

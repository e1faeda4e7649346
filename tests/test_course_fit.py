"""Presets that fit the code real students write: accepted names, #<GRADED> blocks, the course's environment."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from exercises.cli.main import main
from exercises.shared import AssignmentError
from grader.assignments import load
from grader.intake import assemble, defined_names, used_names

SUBMISSIONS = Path(__file__).resolve().parent.parent / "submissions"


def test_a_function_may_accept_several_names_canonical_first(tmp_path):
    a = load("cs4780")
    f = a.spec("perceptronUpdate")
    assert f.name == "perceptronUpdate" and f.names == ("perceptronUpdate", "perceptron_update")
    assert getattr(load("mitx686x").primary, "names") == ("perceptron_single_step_update",)
    assert "perceptronUpdate (or perceptron_update)" in a.spelled()
    yaml = (Path(a.source).name, (Path(load("cs4780").handout).parent / "cs4780.yaml").read_text())
    for old, new, message in [
        ("[perceptronUpdate, perceptron_update]", "[perceptronUpdate, perceptronUpdate]",
         "functions[0].function: lists the name 'perceptronUpdate' twice"),
        ("[perceptronUpdate, perceptron_update]", "[perceptronUpdate, 3]",
         "functions[0].function[1]: must be the name of the students' Python function, got 3"),
        ("[perceptronUpdate, perceptron_update]", "[a, b, c, d, e]", "must be a name or a list of 1 to 4"),
        ("[classifyLinear, classify_linear]", "[classifyLinear, perceptron_update]",
         "functions[2].function: 'perceptron_update' is listed twice"),
    ]:
        path = tmp_path / "c.yaml"
        path.write_text(yaml[1].replace(old, new).replace("handout: cs4780.md\n", ""))
        with pytest.raises(AssignmentError, match=message.replace("(", r"\(").replace("[", r"\[")):
            load(str(path))


def test_names_a_file_uses_are_read_from_its_text():
    src = b"import numpy as np\ndef perceptron_update(x, y, w):\n    return w\nclassify_linear = lambda *a: 0\n" \
          b"    def inner(): pass\nx == 3\n"
    assert defined_names(src) == ("perceptron_update", "classify_linear")
    assert used_names(load("cs4780").functions, defined_names(src)) == {
        "perceptronUpdate": "perceptron_update", "classifyLinear": "classify_linear"}


def test_feedback_uses_the_name_the_student_wrote(tmp_path):
    out = tmp_path / "out"
    assert main(["grade", str(SUBMISSIONS / "cs4780" / "correct_snake.py"), "--assignment", "cs4780", "--out",
                 str(out), "--no-progress", "--seed", "s"]) == 0
    text = (out / "correct_snake" / "feedback.md").read_text()
    assert "perceptron_update/visible-1" in text and "classify_linear/" in text
    assert "perceptronUpdate/" not in text and "classifyLinear/" not in text
    data = json.loads((out / "correct_snake" / "results.json").read_text())
    assert data["score"] == data["max_score"]
    assert "perceptronUpdate/mistake" in data["extra_data"]["rosenblatt"]["families"]  # the gradebook's keys stay


def test_only_graded_blocks_run_where_a_notebook_marks_them():
    raw = (SUBMISSIONS / "cs4780" / "nb_graded_blocks.ipynb").read_bytes()
    graded = assemble("nb.ipynb", raw, "graded").source.decode()
    everything = assemble("nb.ipynb", raw, "definitions").source.decode()
    assert "NotImplementedError" in everything and "NotImplementedError" not in graded
    assert "def perceptronUpdate" in graded and "def classifyLinear" in graded
    assert "matplotlib" not in graded and "print(perceptronUpdate" not in graded
    unmarked = raw.replace(b"#<GRADED>", b"# graded").replace(b"#</GRADED>", b"# end")
    assert assemble("nb.ipynb", unmarked, "graded").source == assemble("nb.ipynb", unmarked, "definitions").source

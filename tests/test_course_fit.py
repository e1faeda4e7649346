"""Presets that fit the code real students write: accepted names, #<GRADED> blocks, the course's environment."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from exercises.cli.main import main
from rosenblatt.shared import AssignmentError
from grader.assignments import load
from grader.intake import assemble, defined_names, used_names

SUBMISSIONS = Path(__file__).resolve().parent.parent / "submissions"


def test_a_function_may_accept_several_names_canonical_first(tmp_path):
    a = load("cs4780")
    f = a.spec("perceptronUpdate")
    assert f.name == "perceptronUpdate" and f.names == ("perceptronUpdate", "perceptron_update")
    assert load("mitx686x").primary.names == ("perceptron_single_step_update",)
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


STAND_IN_HEAD = '''
import os
import numpy as np
import matplotlib
import matplotlib.pyplot as plt
from pylab import *
from scipy import stats
import pandas as pd

fig, ax = plt.subplots()
ax.plot([0, 1], [1, 0])
plt.title("loaded at import: never a window, never an error")
'''

STAND_IN_BODY = '''
def perceptronUpdate(x, y, w):
    return w + y * x


def perceptron(xs, ys):
    {extra}
    n, d = xs.shape
    xs1 = np.concatenate([xs, ones((n, 1))], axis=1)   # pylab's ones: numpy's, as the real pylab gives
    w = zeros(d + 1)
    for _ in range(100):
        m = 0
        for i in np.random.permutation(n):
            if ys[i] * dot(w, xs1[i]) <= 0:
                w = perceptronUpdate(xs1[i], ys[i], w)
                m += 1
        if m == 0:
            break
    return w[:-1], w[-1]


def classifyLinear(xs, w, b):
    return np.where(xs @ w + b > 0, 1, -1)
'''


def _grade(tmp_path, name: str, text: str, preset: str = "cs4780") -> dict:
    sub = tmp_path / f"{name}.py"
    sub.write_text(text)
    out = tmp_path / "out"
    assert main(["grade", str(sub), "--assignment", preset, "--out", str(out), "--no-progress", "--seed", "s"]) == 0
    data = json.loads((out / name / "results.json").read_text())
    data["feedback"] = (out / name / "feedback.md").read_text()
    return data


def test_modules_the_course_imports_load_and_only_a_graded_call_that_uses_them_fails(tmp_path):
    import importlib.util

    ok = _grade(tmp_path, "imports", STAND_IN_HEAD + STAND_IN_BODY.format(extra="pass"))
    assert ok["extra_data"]["rosenblatt"]["status"] == "graded" and ok["score"] == ok["max_score"]
    plots = _grade(tmp_path, "plots", STAND_IN_HEAD + STAND_IN_BODY.format(extra="plt.plot(xs[:, 0], ys)"))
    families = plots["extra_data"]["rosenblatt"]["families"]
    if importlib.util.find_spec("matplotlib") is None:
        assert "matplotlib is not installed where this assignment is graded" in plots["feedback"]
        assert "matplotlib.pyplot.plot" in plots["feedback"]
        assert families["perceptron/separable"][0] == 0 and families["perceptronUpdate/mistake"][0] > 0
    else:  # installed: the Agg backend draws nowhere, and the call works
        assert plots["score"] == plots["max_score"]


def test_stand_ins_any_lets_a_whole_project_file_load(tmp_path):
    """`stand_ins: any`: a module nobody installed (Python 2's sets, a library for the project's other parts) loads
    as a stand-in; a graded call that uses it fails with a sentence naming it; numpy is never stood in for."""
    base = (Path(load("cs4780").handout).parent / "cs4780.yaml").read_text().replace("handout: cs4780.md\n", "")
    path = tmp_path / "any.yaml"
    path.write_text(re.sub(r"stand_ins: \[[^]]*\]", "stand_ins: any", base, count=1))
    assert load(str(path)).stand_ins == ("*",)
    head = STAND_IN_HEAD + "from sets import Set\nimport gensim_not_installed.models as gm\n"
    ok = _grade(tmp_path, "anyok", head + STAND_IN_BODY.format(extra="pass"), preset=str(path))
    assert ok["extra_data"]["rosenblatt"]["status"] == "graded" and ok["score"] == ok["max_score"]
    used = _grade(tmp_path, "anyused", head + STAND_IN_BODY.format(extra="gm.Word2Vec(xs)"), preset=str(path))
    assert "gensim_not_installed is not installed where this assignment is graded" in used["feedback"]
    assert used["extra_data"]["rosenblatt"]["families"]["perceptron/separable"][0] == 0


def test_plotting_in_the_sandbox_uses_the_agg_backend(tmp_path):
    body = STAND_IN_BODY.format(extra='raise ValueError("backend=" + os.environ.get("MPLBACKEND", "unset"))')
    data = _grade(tmp_path, "backend", STAND_IN_HEAD + body)
    assert "backend=Agg" in data["feedback"]


def test_legacy_names_python2_builtins_and_numpy_aliases(tmp_path):
    body = STAND_IN_BODY.format(extra="assert list(xrange(2)) == [0, 1] and np.float is float")
    assert _grade(tmp_path, "legacy", STAND_IN_HEAD + body)["score"] == load("cs4780").max_score
    yaml = (Path(load("cs4780").handout).parent / "cs4780.yaml").read_text().replace("handout: cs4780.md\n", "")
    modern = tmp_path / "modern.yaml"
    modern.write_text(yaml.replace("legacy_names: true", "legacy_names: false"))
    data = _grade(tmp_path, "legacy2", STAND_IN_HEAD + body, preset=str(modern))
    assert data["extra_data"]["rosenblatt"]["families"]["perceptron/separable"][0] == 0
    assert "NameError: name 'xrange' is not defined" in data["feedback"]


def test_stand_ins_are_validated_at_load(tmp_path):
    base = (Path(load("cs4780").handout).parent / "cs4780.yaml").read_text().replace("handout: cs4780.md\n", "")
    for new, message in [("stand_ins: [numpy]", r"stand_ins\[0\]: numpy cannot be stood in for"),
                         ("stand_ins: [matplotlib, matplotlib]", "stand_ins: lists the same module twice"),
                         ("stand_ins: [my-lib]", r"stand_ins\[0\]: must be the name of a top-level module"),
                         ("stand_ins: matplotlib", "stand_ins: must be `any` or a list of at most 16 module names")]:
        path = tmp_path / "c.yaml"
        path.write_text(re.sub(r"stand_ins: \[[^]]*\]", new, base, count=1))
        with pytest.raises(AssignmentError, match=message):
            load(str(path))


def test_udacity_grades_the_quiz_two_features_unless_the_instructor_opts_in(tmp_path):
    import collections

    from grader.suite import Suite

    a = load("udacity")
    assert {len(c.X[0]) for c in Suite(a, "s").cases} == {2}
    src = (Path(a.handout).parent / "udacity.yaml").read_text().replace("handout: udacity.md\n", "")
    bad = tmp_path / "bad.yaml"
    bad.write_text(src.replace("fractional: 10,", "fractional: 10, one-dimensional: 5,"))
    with pytest.raises(AssignmentError, match=r"hidden.one-dimensional: does not apply: the data have 2 features"):
        load(str(bad))
    anyd = tmp_path / "anyd.yaml"
    anyd.write_text(src.replace("features: 2 ", "features: any ").replace("fractional: 10,",
                                                                          "fractional: 10, one-dimensional: 5,"))
    dims = collections.Counter(len(c.X[0]) for c in Suite(load(str(anyd)), "s").cases)
    assert dims[1] and dims[3] and dims[5]
    solution = SUBMISSIONS / "udacity" / "course_solution_w0_w1.py"
    out = tmp_path / "out"
    assert main(["grade", str(solution), "--assignment", str(anyd), "--out", str(out), "--no-progress",
                 "--seed", "s"]) == 0
    data = json.loads((out / "course_solution_w0_w1" / "results.json").read_text())
    assert data["score"] < data["max_score"]
    assert "first-two-features" in data["extra_data"]["rosenblatt"]["findings"]


def _row(defined, calls=None, status="graded"):
    return {"submission": "s", "status": status, "score": 0.0, "max_score": 1, "families": {}, "findings": [],
            "message": "", "skipped": False, "defined": defined,
            "cases": {"visible": [], "families": {}, "failed": 0, "unexplained": 0, "calls": calls or {}}}


def test_the_class_view_says_when_the_preset_does_not_fit_the_batch():
    from grader.reports import fit_warnings

    a, udacity = load("cs4780-folded"), load("udacity")  # cs4780-folded accepts both of its notebooks' spellings
    rows = [_row(["perceptron_step", "prediction"]) for _ in range(9)] + [_row(["perceptronStep", "prediction"])]
    texts = [w["text"] for w in fit_warnings(udacity, rows)]
    want = ("9 of 10 submissions define perceptron_step but not perceptronStep; does this preset match your "
            "handout? (accept both names with `function: [perceptronStep, perceptron_step]` in a copy of the "
            "preset)")
    assert texts == [want]
    assert fit_warnings(udacity, rows[:1] + rows[-1:] * 3) == []  # one in four: a student's slip, not the preset
    lfd = [_row(["Pla", "train"]), _row(["Perceptron", "train"]), _row(["train"])]  # lfd grades pla or PLA
    assert "3 of 3 submissions do not define pla or PLA (the names they define most: train, Pla, Perceptron)" in \
        fit_warnings(load("lfd"), lfd)[0]["text"]
    message = "raised an exception: TypeError: perceptron() missing 1 required argument"
    same = {"perceptron": {"total": 3, "failed": 3, "same": ["raised", message]}}
    rows = [_row(["perceptron_update", "perceptron", "classify_linear"], same) for _ in range(4)]
    text = fit_warnings(a, rows)[0]["text"]
    assert text.startswith("4 of 4 submissions raise the same TypeError from every call of perceptron")
    shape = {"perceptron": {"total": 3, "failed": 3, "same": ["malformed", "theta has 3 entries, expected 2"]}}
    rows = [_row(["perceptron_update", "perceptron", "classify_linear"], shape) for _ in range(3)]
    assert "return values of another shape" in fit_warnings(a, rows)[0]["text"]


def test_a_batch_under_the_wrong_preset_is_told_so_in_the_cli_and_the_summary(tmp_path, capsys):
    out = tmp_path / "out"
    subs = tmp_path / "subs"
    subs.mkdir()
    # a fixed set, so that new samples keep the counts: cs4780's perceptron returns (w, b), cs4780-folded's w alone
    # (the folded preset accepts both spellings of the update, so the names alone no longer tell them apart)
    for name in ("correct.py", "correct_snake.py", "bias_left_in_w.py", "classify_raw_scores.py", "no_pass_cap.py"):
        (subs / name).write_bytes((SUBMISSIONS / "cs4780" / name).read_bytes())
    assert main(["grade", str(subs), "--assignment", "cs4780-folded", "--out", str(out), "--no-progress",
                 "--seed", "s"]) == 0
    err = capsys.readouterr().err
    assert "note: 4 of 5 submissions return values of another shape from every call of perceptron" in err
    summary = json.loads((out / "summary.json").read_text())
    assert any("another shape" in w["text"] for w in summary["fit"])
    assert "Does the preset fit this class?" in (out / "summary.html").read_text()
    fams = {f["family"]: f for f in summary["families"]}
    assert fams["perceptron/separable"]["function"] == "perceptron" and "classify_linear/points" in fams

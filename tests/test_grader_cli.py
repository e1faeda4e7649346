"""The grading commands end to end: grade (outputs, skip on rerun, resume after a kill), check, Gradescope."""

from __future__ import annotations

import json
import shutil
import zipfile
from pathlib import Path

import pytest

import grader.cli
import grader.sandbox as sandbox_module
from exercises.cli.main import main
from test_grader_helpers import FakeSandbox

SUBMISSIONS = Path(__file__).resolve().parent.parent / "submissions"
SOME = ("correct", "strict_less_than", "wrong_converged", "syntax_error", "no_function")


@pytest.fixture(autouse=True)
def sandbox(monkeypatch):
    """Use the real sandbox when it exists; otherwise the in-process double (so these tests run either way)."""
    if not hasattr(sandbox_module, "Sandbox"):
        monkeypatch.setattr(grader.cli, "_sandbox_factory", lambda a: FakeSandbox)


@pytest.fixture
def subs(tmp_path) -> Path:
    folder = tmp_path / "subs"
    folder.mkdir()
    for name in SOME:
        shutil.copy(SUBMISSIONS / f"{name}.py", folder)
    return folder


def _grade(subs: Path, out: Path, *extra: str) -> int:
    return main(["grade", str(subs), "--out", str(out), "--jobs", "2", "--no-progress", *extra])


def test_grade_writes_every_output(subs, tmp_path, capsys):
    out = tmp_path / "out"
    assert _grade(subs, out) == 0
    assert f"graded {len(SOME)} submissions" in capsys.readouterr().out
    rows = (out / "gradebook.csv").read_text().splitlines()
    assert rows[0].startswith("submission,status,score,max_score,visible,separable")
    assert len(rows) == 1 + len(SOME)
    correct = json.loads((out / "correct" / "results.json").read_text())
    assert correct["score"] == correct["max_score"] == 100
    bad = json.loads((out / "syntax_error" / "results.json").read_text())
    assert bad["score"] == 0 and bad["extra_data"]["rosenblatt"]["status"] == "ungradable"
    meta = correct["extra_data"]["rosenblatt"]
    assert {"assignment_sha256", "seed_sha256", "version", "key", "submission_sha256"} <= set(meta)
    seed = (out / ".rosenblatt" / "seed").read_text().strip()
    assert seed not in (out / "correct" / "results.json").read_text()
    assert (out / "strict_less_than" / "feedback.md").read_text().count("strict `< 0`") >= 1
    assert "<h2>Score distribution</h2>" in (out / "summary.html").read_text()


def test_rerun_skips_and_resume_after_kill_gives_the_same_gradebook(subs, tmp_path, capsys):
    out = tmp_path / "out"
    assert _grade(subs, out) == 0
    first = (out / "gradebook.csv").read_text()
    capsys.readouterr()
    assert _grade(subs, out) == 0
    assert f"{len(SOME)} unchanged" in capsys.readouterr().out
    assert (out / "gradebook.csv").read_text() == first
    for name in SOME[:2]:  # as if the grader had been SIGKILLed before these were written
        (out / name / "results.json").unlink()
    (out / "gradebook.csv").unlink()
    assert _grade(subs, out) == 0
    assert f"{len(SOME) - 2} unchanged" in capsys.readouterr().out
    assert (out / "gradebook.csv").read_text() == first
    assert _grade(subs, out, "--force") == 0
    assert "0 unchanged" in capsys.readouterr().out
    (subs / "correct.py").write_text((subs / "correct.py").read_text() + "\n# edited\n")
    assert _grade(subs, out) == 0
    assert f"{len(SOME) - 1} unchanged" in capsys.readouterr().out


def test_same_seed_gives_same_verdicts(subs, tmp_path):
    a, b = tmp_path / "a", tmp_path / "b"
    assert _grade(subs, a, "--seed", "course-secret") == 0
    assert _grade(subs, b, "--seed", "course-secret") == 0
    assert (a / "gradebook.csv").read_text() == (b / "gradebook.csv").read_text()
    assert not (a / ".rosenblatt" / "seed").exists()


@pytest.mark.parametrize("setup, message", [
    (lambda t: (t / "empty").mkdir() or [t / "empty"], "the folder has no submissions"),
    (lambda t: [t / "nowhere"], "no such file or folder"),
])
def test_bad_batches_exit_2(tmp_path, capsys, setup, message):
    paths = setup(tmp_path)
    assert main(["grade", *map(str, paths), "--out", str(tmp_path / "o")]) == 2
    assert message in capsys.readouterr().err


def test_duplicate_names_exit_2(tmp_path, capsys):
    for d in ("x", "y"):
        (tmp_path / d).mkdir()
        shutil.copy(SUBMISSIONS / "correct.py", tmp_path / d / "alice.py")
    assert main(["grade", str(tmp_path / "x"), str(tmp_path / "y"), "--out", str(tmp_path / "o")]) == 2
    assert "two submissions are both named 'alice'" in capsys.readouterr().err


def test_not_python_is_a_zero_with_a_message(tmp_path):
    (tmp_path / "s").mkdir()
    (tmp_path / "s" / "notes.txt").write_text("def perceptron(): pass\n")
    assert _grade(tmp_path / "s", tmp_path / "o") == 0
    data = json.loads((tmp_path / "o" / "notes" / "results.json").read_text())
    assert data["score"] == 0 and "not a Python file" in data["output"]


def test_check_shows_visible_cases(capsys):
    assert main(["check", str(SUBMISSIONS / "correct.py")]) == 0
    assert "5 of 5 visible checks passed" in capsys.readouterr().out
    assert main(["check", str(SUBMISSIONS / "strict_less_than.py")]) == 1  # some visible check fails
    out = capsys.readouterr().out
    assert "[FAIL]" in out and out.count("Likely bug: strict `< 0` mistake test") == 1  # once, after the cases


def test_check_exit_status_is_2_for_a_file_that_cannot_be_graded(tmp_path, capsys):
    bad = tmp_path / "perceptron.py"
    bad.write_text("def perceptron(:\n")
    assert main(["check", str(bad)]) == 2
    assert "SyntaxError" in capsys.readouterr().out


def test_gradescope_container_and_package(tmp_path):
    sub = tmp_path / "submission"
    sub.mkdir()
    shutil.copy(SUBMISSIONS / "correct.py", sub / "perceptron.py")
    (tmp_path / "secret.txt").write_text("s3cret\n")
    results = tmp_path / "results" / "results.json"
    assert main(["gradescope", "--submission-dir", str(sub), "--results", str(results),
                 "--secret-file", str(tmp_path / "secret.txt")]) == 0
    data = json.loads(results.read_text())
    assert data["score"] == 100 and "s3cret" not in results.read_text()
    zpath = tmp_path / "autograder.zip"
    assert main(["gradescope-package", "--assignment", "column", "--out", str(zpath)]) == 0
    names = zipfile.ZipFile(zpath).namelist()
    assert {"setup.sh", "run_autograder", "assignment/column.yaml", "assignment/column.md", "secret.txt",
            "rosenblatt/grader/cli.py", "rosenblatt/rosenblatt/_templates/grader/feedback.md.j2",
            "rosenblatt/requirements.txt"} <= set(names)


def test_a_package_that_fails_midway_leaves_the_last_zip_whole(tmp_path, monkeypatch):
    from grader.assignments import assignment
    from grader.platforms import gradescope
    from grader.platforms import vendored

    zpath = tmp_path / "autograder.zip"
    assert main(["gradescope-package", "--assignment", "column", "--out", str(zpath)]) == 0
    before = zpath.read_bytes()

    def unreadable():
        raise OSError("disk went away")

    monkeypatch.setattr(vendored, "package_files", unreadable)
    with pytest.raises(OSError):
        gradescope.build_package(assignment.load("column"), assignment.resolve("column"), zpath)
    assert zpath.read_bytes() == before and sorted(p.name for p in tmp_path.iterdir()) == ["autograder.zip"]


REAL = hasattr(sandbox_module, "Sandbox")
DEFAULT_YAML = (Path(grader.cli.__file__).parent / "assignments" / "default.yaml").read_text()


@pytest.mark.skipif(not REAL, reason="needs the real sandbox (captures output, enforces time limits)")
def test_hidden_output_is_never_shown_and_hangs_get_a_verdict(tmp_path, capsys):
    subs = tmp_path / "subs"
    subs.mkdir()
    (subs / "printer.py").write_text(
        "import numpy as np\n"
        "def perceptron(X, y, max_epochs=1000, offset=True):\n"
        "    print(f'CALLED-WITH-{len(X)}-POINTS')\n"
        "    return np.zeros(X.shape[1]), 0.0, False\n")
    (subs / "hangs.py").write_text(
        "import numpy as np\n"
        "def perceptron(X, y, max_epochs=1000, offset=True):\n"
        "    while len(X) == 1:\n"
        "        pass\n"
        "    return np.zeros(X.shape[1]), 0.0, False\n")
    yaml_path = tmp_path / "quick.yaml"
    quick = DEFAULT_YAML.replace("handout: default.md\n", "").replace("case_seconds: 2", "case_seconds: 0.5")
    yaml_path.write_text(quick)
    out = tmp_path / "out"
    assert main(["grade", str(subs), "--assignment", str(yaml_path), "--out", str(out), "--no-progress"]) == 0
    shown = "".join((out / "printer" / f).read_text() for f in ("feedback.md", "feedback.html", "results.json"))
    assert "CALLED-WITH-40-POINTS" not in shown and "CALLED-WITH-20000-POINTS" not in shown
    assert main(["check", str(subs / "printer.py")]) == 1  # it returns zeros: visible checks fail
    assert "CALLED-WITH-5-POINTS" in capsys.readouterr().out  # the local run shows what the code printed
    hangs = (out / "hangs" / "feedback.md").read_text()
    assert "took longer than the 0.5 s time limit" in hangs
    assert json.loads((out / "hangs" / "results.json").read_text())["extra_data"]["rosenblatt"]["status"] == "graded"

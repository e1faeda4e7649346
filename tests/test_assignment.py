"""Assignment YAML: the bundled assignments load, and every mistake gets one message naming file, key and choices."""

from __future__ import annotations

from pathlib import Path

import pytest

from exercises.cli.main import main
from rosenblatt.shared.errors import AssignmentError
from grader.assignments import preset_names
from grader.assignments.assignment import FAMILIES, load

COLUMN = (Path(__file__).resolve().parent.parent / "grader" / "assignments" / "column.yaml").read_text()


def test_bundled_assignments_load():
    default, column = load(), load("column")
    assert default.function == column.function == "perceptron"
    assert default.returns == ("theta", "theta0", "converged")
    assert default.keywords == (("max_epochs", "epochs"), ("offset", "offset"))
    assert default.offsets() == (True, False) and default.order == "fixed"
    assert column.data == "columns" and column.arguments == ("data", "labels", "params")
    assert column.params == (("T", "epochs"),) and column.returns == ("theta", "theta0")
    assert column.offsets() == (True,)
    assert default.max_score == column.max_score == 100
    assert all(f in FAMILIES for f, _ in default.hidden) and len(default.digest) == 64
    assert Path(default.handout).read_text().count("<= 0") >= 1


def _write(tmp_path: Path, text: str, name: str = "column.yaml") -> Path:
    (tmp_path / "column.md").write_text("handout\n")
    path = tmp_path / name
    path.write_text(text)
    return path


@pytest.mark.parametrize("old, new, message", [
    ("returns: [theta, theta0]", "returns: [theta, bias]",
     "column.yaml: returns[1]: must be one of theta, theta0, converged, mistakes, got 'bias'"),
    ("data: columns", "data: sideways", "column.yaml: data: must be one of rows, columns, got 'sideways'"),
    ("offset: always", "offset: sometimes",
     "column.yaml: offset: must be one of choice, always, never, got 'sometimes'"),
    ("  T: epochs", "  T: speed", "column.yaml: params.T: must be one of epochs, offset, step, hook, got 'speed'"),
    ("  T: epochs", "  T: offset", "column.yaml: arguments: 'epochs' must be passed exactly once"),
    ("offset: always", "offset: choice", "column.yaml: offset: is 'choice' but no argument"),
    ("  separable: 20", "  linear: 20", "column.yaml: hidden.linear: unknown family"),
    ("order: fixed", "order: fixed\ncolour: red", "column.yaml: colour: unknown key"),
    ("function: perceptron", "function: 3", "column.yaml: function: must be the name"),
    ("returns: [theta, theta0]", "returns: [theta0]", "column.yaml: returns: must include theta"),
    ("large_seconds: 3", "large_seconds: -1", "column.yaml: large_seconds: must be a number between 0.1 and 600"),
    ("large_seconds: 3", "large_seconds: true", "column.yaml: large_seconds: must be a number between 0.1 and 600"),
    ("large_seconds: 3", "large_seconds: 3\nlarge_points: 40",
     "column.yaml: large_points: must be an integer between 1000 and 20000, got 40"),
    ("large_seconds: 3", "large_seconds: 3\nlarge_points: 2500.5",
     "column.yaml: large_points: must be an integer between 1000 and 20000, got 2500.5"),
    ("visible_points: 20", "visible_points: 2.5", "column.yaml: visible_points: must be an integer between 0"),
])
def test_bad_assignment_messages(tmp_path, old, new, message):
    assert old in COLUMN
    path = _write(tmp_path, COLUMN.replace(old, new, 1))
    with pytest.raises(AssignmentError) as err:
        load(str(path))
    assert err.value.message.startswith(message)


def test_unknown_name_and_malformed_yaml(tmp_path):
    with pytest.raises(AssignmentError, match=f"no assignment named 'nope'; bundled assignments: {', '.join(preset_names())} \\(or give"):
        load("nope")
    with pytest.raises(AssignmentError, match="not valid YAML"):
        load(str(_write(tmp_path, "function: [", "broken.yaml")))
    with pytest.raises(AssignmentError, match="no such file"):
        load(str(tmp_path / "missing.yaml"))


def test_cli_bad_assignment_exits_2(tmp_path, capsys):
    sub = tmp_path / "subs"
    sub.mkdir()
    (sub / "a.py").write_text("def perceptron(X, y, max_epochs=1, offset=True):\n    return X[0], 0.0, True\n")
    assert main(["grade", str(sub), "--assignment", "nope", "--out", str(tmp_path / "out")]) == 2
    assert "no assignment named 'nope'" in capsys.readouterr().err


def test_a_name_means_the_bundled_preset_unless_it_looks_like_a_path(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    (tmp_path / "cs188").mkdir()  # where an instructor keeps the course
    (tmp_path / "cs188" / "alice.py").write_text("x = 1\n")
    assert load("cs188").name == "cs188"
    plain = COLUMN.replace("handout: column.md\n", "")
    (tmp_path / "mine").write_text(plain)
    with pytest.raises(AssignmentError, match=r"no assignment named 'mine'.*write \./mine"):
        load("mine")
    assert load("./mine").name == "column"
    (tmp_path / "course.yaml").write_text(plain)
    assert load("course.yaml").name == "column"
    with pytest.raises(AssignmentError, match="is a directory"):
        load("cs188/")


def test_the_outline_list_shows_agrees_with_the_validated_preset():
    from grader.assignments import bundled, outline

    for a in bundled():
        o = outline(a.name)
        assert (o.name, o.title, o.function_names) == (a.name, a.title, tuple(f.name for f in a.functions))


def test_large_points_sizes_the_large_cases(tmp_path):
    """A preset sized from its course's data (cs188-nn: 500 points, the large case four times that); without
    large_points, 20,000 points (the other tests' presets)."""
    from grader.tasks import hidden
    sized = load(str(_write(tmp_path, COLUMN.replace("large_seconds: 3", "large_seconds: 3\nlarge_points: 1500", 1))))
    assert load(str(_write(tmp_path, COLUMN, "plain.yaml"))).large_points == 20_000
    for a, n in ((sized, 1500), (load("cs188-nn"), 2000)):
        large = [c for c in hidden(a, "seed") if c.family == "large"]
        assert large and all(len(c.X) == n for c in large)

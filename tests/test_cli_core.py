"""The core commands through the console entry point: outputs, JSON shape, and one-line errors on bad input."""

import json

import pytest

from exercises.cli.main import main

SEED = """\
X: [[1, 2], [-1, 2], [0, -1]]
y: [1, -1, -1]
offset: false
theta_init: [1, -0.8]
max_epochs: 10
"""


def run(capsys, *argv):
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


@pytest.fixture
def seed_file(tmp_path):
    path = tmp_path / "seed.yaml"
    path.write_text(SEED)
    return path


def test_trace_json_matches_the_seed_exercise(capsys, seed_file):
    code, out, _ = run(capsys, "trace", "--json", str(seed_file))
    doc = json.loads(out)
    assert code == 0
    assert [u["theta"] for u in doc["updates"]] == [["2", "6/5"], ["3", "-4/5"], ["3", "1/5"]]
    assert [u["index"] for u in doc["updates"]] == [1, 2, 3]
    assert doc["theta"] == ["3", "1/5"] and doc["theta0"] == "0"
    assert doc["mistakes"] == 3 and doc["converged"] is True


def test_trace_table_is_exact(capsys, seed_file):
    code, out, _ = run(capsys, "trace", str(seed_file))
    assert code == 0
    assert "(3, -4/5)" in out and "Converged: pass 2 made no update." in out
    assert "0.2" not in out and "-0.8" not in out


def test_fractions_written_as_text_are_exact(capsys, tmp_path):
    path = tmp_path / "d.yaml"
    path.write_text('X: [[1, 2], ["-1", 2], [0, -1]]\ny: [1, -1, -1]\ntheta_init: [1, "-4/5"]\n')
    code, out, _ = run(capsys, "trace", "--json", str(path))
    assert code == 0 and json.loads(out)["theta"] == ["3", "1/5"]


def test_separable_json_shape(capsys, tmp_path):
    path = tmp_path / "xor.yaml"
    path.write_text("X: [[0, 0], [1, 1], [0, 1], [1, 0]]\ny: [-1, -1, 1, 1]\n")
    code, out, _ = run(capsys, "separable", "--json", str(path))
    doc = json.loads(out)
    assert code == 0
    assert doc["origin"]["separable"] is False and doc["offset"]["separable"] is False
    assert set(doc["offset"]["certificate"]) == {"weights"}


def test_separable_text_names_both_verdicts(capsys, tmp_path):
    path = tmp_path / "ray.yaml"
    path.write_text("X: [[1, 1], [2, 2]]\ny: [1, -1]\n")
    code, out, _ = run(capsys, "separable", str(path))
    assert code == 0
    assert "Through the origin: NOT separable" in out and "With an offset: separable" in out


def test_bound_and_cover(capsys, tmp_path):
    path = tmp_path / "b.yaml"
    path.write_text("X: [[1, 2], [-1, 2], [0, -1]]\ny: [1, -1, -1]\nw_star: [3, 1]\n")
    code, out, _ = run(capsys, "bound", "--json", str(path))
    assert code == 0 and json.loads(out) == {"gamma": "sqrt(10)/10", "R": "sqrt(5)", "bound": "50", "mistakes": 6}
    code, out, _ = run(capsys, "cover", "--json", "10", "5")
    assert json.loads(out)["fraction"] == "1/2"


BAD = {
    "X: [[1, 2]\ny: [1]": "not valid YAML",
    "X: [[1, 2], [3]]\ny: [1, 1]": "X[1]: expected 2 numbers",
    "X: [[1, 2]]\ny: [0]": "y[0]: got 0; labels must be -1 or +1",
    "X: []\ny: []": "X: expected a non-empty list",
    "X: [[1, two]]\ny: [1]": "X[0][1]: expected a number",
    "X: [[1, 2]]\ny: [1, -1]": "y: expected 1 labels",
    "X: [[1, 2]]\ny: [1]\nmax_epochs: -3": "max_epochs: must be an integer between 1",
    "X: [[1, 2]]\ny: [1]\ntheta: [1, 2]": "unknown key 'theta'",
    "X: [[1, .inf]]\ny: [1]": "X[0][1]",
    "- 1\n- 2": "expected a mapping",
    "X: [[1, 2]]\ny: [1]\ntheta0_init: 1": "theta0_init: must be 0 when offset is false",
}


@pytest.mark.parametrize("text, message", BAD.items())
def test_bad_data_gives_one_line_and_exit_2(capsys, tmp_path, text, message):
    path = tmp_path / "bad.yaml"
    path.write_text(text)
    code, out, err = run(capsys, "trace", str(path))
    assert code == 2 and out == ""
    assert message in err and str(path) in err
    assert err.count("\n") == 1 and "Traceback" not in err


def test_missing_file_and_bad_flags(capsys, tmp_path):
    code, _, err = run(capsys, "trace", str(tmp_path / "nope.yaml"))
    assert code == 2 and "no such file" in err
    code, _, err = run(capsys, "trace", "--frobnicate", "x")
    assert code == 2 and err.count("\n") == 1
    code, _, err = run(capsys, "cover", "0", "3")
    assert code == 2 and "P must be between 1 and 10000" in err


def test_version(capsys):
    with pytest.raises(SystemExit) as exc:
        main(["--version"])
    assert exc.value.code == 0 and "rosenblatt 0.1.0" in capsys.readouterr().out


def test_html_templates_are_autoescaped_with_or_without_j2_suffix():
    from rosenblatt.shared.templating import environment

    env = environment()
    for name in ("x.html", "x.html.j2", "x.svg", "x.svg.j2"):
        assert env.from_string("{{ s }}").render(s="<b>") == "<b>"  # strings are not escaped
        assert env.autoescape(name) is True
    assert env.autoescape("x.md.j2") is False and env.autoescape("x.txt.j2") is False


def test_cover_count_is_the_partial_row_sum_on_both_sides_of_the_row():
    import math

    from rosenblatt.core import cover_count

    for P in range(1, 60):
        for N in range(1, P + 3):
            assert cover_count(P, N) == 2 * sum(math.comb(P - 1, k) for k in range(N)), (P, N)

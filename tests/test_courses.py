"""Courses beyond a function's contract: NPFL129's script main(args) (its published examples, its per-pass
permutations, the script key's one-sentence errors)."""

from __future__ import annotations

import json
from fractions import Fraction
from pathlib import Path

import numpy as np
import pytest

from rosenblatt.shared.errors import AssignmentError
from grader.assignments import augment, load, run, visiting_order

DATA = Path(__file__).resolve().parent / "data"
NPFL129 = load("npfl129")


@pytest.mark.parametrize("case", json.loads((DATA / "npfl129_make_classification.json").read_text())["cases"],
                         ids=lambda c: f"{c['data_size']}-{c['seed']}")
def test_npfl129_reference_prints_the_course_published_weights(case):
    """The course's three examples (`python3 perceptron.py --data_size=100 --seed=17` prints `Learned weights 4.10
    2.94 -1.00`, ...), run exactly on make_classification's data for those arguments (stored as hex floats)."""
    X = [tuple(Fraction(float.fromhex(v)) for v in row) for row in case["data"]]
    y = [2 * t - 1 for t in case["target"]]
    conv = NPFL129.primary.convention
    r = run(augment(X, conv.bias), y, conv, offset=False, order_seed=case["seed"])
    assert r.converged
    assert " ".join(f"{float(v):.2f}" for v in r.theta) == case["published"]


def test_npfl129_visits_a_new_permutation_of_the_seeded_generator_each_pass():
    generator = np.random.RandomState(42)
    for epoch in range(1, 6):
        assert visiting_order("npfl129", 7, epoch) == tuple(int(i) for i in generator.permutation(7))
    assert visiting_order("npfl129", 7, 2, seed=17) == tuple(int(i) for i in _nth(17, 7, 2))


def _nth(seed: int, n: int, k: int):
    generator = np.random.RandomState(seed)
    for _ in range(k - 1):
        generator.permutation(n)
    return generator.permutation(n)


SCRIPT = """
name: s
title: "a script"
bias: last
appended_by: student
epochs: none
order: npfl129
script:
  args: {data_size: points, seed: 42}
  modules:
    sklearn.datasets: {make_classification: make-classification}
function: main
arguments: [args]
returns: [theta]
hidden: {separable: 5}
"""


@pytest.mark.parametrize("change, message", [
    (("script:\n  args: {data_size: points, seed: 42}\n  modules:\n    sklearn.datasets: "
      "{make_classification: make-classification}\n", ""), "a.yaml: script: is missing: a function takes"),
    (("arguments: [args]", "arguments: [data, labels]"), "a.yaml: script: is given but no function takes `args`"),
    (("seed: 42", "seed: [4]"), "a.yaml: script.args.seed: must be a number, true/false or `points`"),
    (("make-classification}", "make-moons}"), "a.yaml: script.modules.sklearn.datasets.make_classification: must be "
                                              "one of make-classification"),
    (("sklearn.datasets:", "sklearn..datasets:"), "a.yaml: script.modules.sklearn..datasets: must be a module name"),
    (("arguments: [args]", "arguments: []\nkeywords: {args: args}"), "a.yaml: arguments: 'args' (the script's "
                                                                      "argparse namespace) must be a positional"),
    (("arguments: [args]", "arguments: [args, data, labels]"), "a.yaml: arguments: 'data' must not be passed"),
])
def test_script_key_errors_are_one_sentence(tmp_path, change, message):
    path = tmp_path / "a.yaml"
    path.write_text(SCRIPT.replace(*change))
    with pytest.raises(AssignmentError) as err:
        load(str(path))
    assert err.value.message.startswith(message), err.value.message


def test_a_course_needing_torch_says_so_in_one_sentence_where_it_is_missing(tmp_path, monkeypatch, capsys):
    """cs188-torch without PyTorch: grade and check stop before anything is written, exit code 2, one sentence
    naming the file, the field and the extra to install."""
    from exercises.cli.main import main
    import importlib.util

    real = importlib.util.find_spec
    monkeypatch.setattr(importlib.util, "find_spec", lambda name, *a: None if name == "torch" else real(name, *a))
    sub = tmp_path / "models.py"
    sub.write_text("class PerceptronModel:\n    pass\n")
    out = tmp_path / "grades"
    want = "cs188-torch.yaml: requires: this course's files import torch, which is not installed here: " \
           "pip install 'rosenblatt[torch]'"
    assert main(["grade", str(sub), "--assignment", "cs188-torch", "--out", str(out), "--no-progress"]) == 2
    err = capsys.readouterr().err
    assert want in err and "Traceback" not in err and len(err.strip().splitlines()) == 1
    assert not out.exists()
    assert main(["check", "--assignment", "cs188-torch", str(sub)]) == 2
    assert want in capsys.readouterr().err


def test_definitions_only_blanks_driver_code_and_keeps_line_numbers():
    from grader.intake import definitions_only

    src = (b"import numpy as np\nN = 10\nX = np.loadtxt('hw1_train.dat')\n@staticmethod\ndef pla(X, y):\n"
           b"    return X\n\nfor _ in range(1000):\n    pla(X, N)\nimport os; os.remove('x')\n"
           b"if __name__ == '__main__':\n    print(pla(1, 2))\nclass A:\n    pass\n")
    out = definitions_only(src).decode()
    lines = out.split("\n")
    assert len(lines) == len(src.decode().split("\n"))
    assert lines[0] == "import numpy as np" and lines[1] == "N = 10" and lines[2] == ""
    assert lines[3] == "@staticmethod" and lines[4].startswith("def pla") and lines[5] == "    return X"
    assert lines[7:12] == ["", "", "", "", ""] and lines[12] == "class A:"
    assert definitions_only(b"def f(:\n") == b"def f(:\n"  # the sandbox reports the syntax error

"""Start-up stays lean: quick commands import no sympy, numpy or grader; the lazy core face and the template cache
give the same answers as eager imports and fresh compilation. (Times are measured in benchmarks/, not here.)"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import jinja2
import pytest

ROOT = Path(__file__).resolve().parent.parent
SEEDS = "X: [[1, 2], [-1, 2], [0, -1]]\ny: [1, -1, -1]\noffset: false\ntheta_init: [1, -0.8]\n"
HEAVY = ("sympy", "numpy", "grader", "concurrent.futures", "exercises.cli.exercise_commands")
PROBE = """
import json, sys, io, contextlib
from exercises.cli import main
with contextlib.redirect_stdout(io.StringIO()):
    code = main(sys.argv[1:])
print(json.dumps({"code": code, "heavy": sorted(m for m in sys.modules if m in HEAVY or m.split('.')[0] in HEAVY)}))
"""


@pytest.fixture
def seed_file(tmp_path):
    path = tmp_path / "seeds.yaml"
    path.write_text(SEEDS)
    return path


@pytest.mark.parametrize("argv", [["trace", "{data}"], ["separable", "{data}"], ["cover", "10", "3"]])
def test_quick_commands_import_no_sympy_numpy_or_grader(seed_file, argv):
    code = f"HEAVY = {HEAVY!r}\n{PROBE}"
    res = subprocess.run([sys.executable, "-c", code, *(a.format(data=seed_file) for a in argv)], cwd=ROOT,
                         capture_output=True, text=True, check=True)
    probe = json.loads(res.stdout)
    assert probe["code"] == 0
    assert probe["heavy"] == []


def test_trace_output_is_the_same_with_a_cold_and_a_warm_template_cache(seed_file, tmp_path):
    env = {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}
    cache = ROOT / "templates" / "__pycache__"
    outputs = []
    for _ in range(2):  # the first run may compile and write the cache; the second reads it
        res = subprocess.run([sys.executable, "-m", "exercises.cli.main", "trace", str(seed_file)], cwd=ROOT, env=env,
                             capture_output=True, text=True, check=True)
        outputs.append(res.stdout)
    off = {**env, "PYTHONDONTWRITEBYTECODE": "1"}
    key = jinja2.BytecodeCache().get_cache_key("cli/trace.txt.j2", str(ROOT / "templates" / "cli" / "trace.txt.j2"))
    entry = cache / f"{key}.jinja2"
    assert entry.is_file()
    entry.write_bytes(b"not a jinja2 bytecode file")  # a damaged cache entry is recompiled, never trusted
    for run_env in (off, env):  # the damaged entry is read and ignored, then rewritten
        res = subprocess.run([sys.executable, "-m", "exercises.cli.main", "trace", str(seed_file)], cwd=ROOT,
                             env=run_env, capture_output=True, text=True, check=True)
        outputs.append(res.stdout)
    assert all(out == outputs[0] for out in outputs)
    assert entry.read_bytes() != b"not a jinja2 bytecode file"
    assert "Converged: pass 2 made no update." in outputs[0]
    assert any(cache.glob("*.jinja2"))


def test_the_lazy_core_face_gives_functions_not_modules():
    code = ("import rosenblatt.core.maxmargin, rosenblatt.core.separation, rosenblatt.core.bound\n"
            "import rosenblatt.core as core\n"
            "from rosenblatt.core import separability\n"
            "import types\n"
            "bad = [n for n in core.__all__ if isinstance(getattr(core, n), types.ModuleType)]\n"
            "print(bad, callable(separability))")
    res = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True, check=True)
    assert res.stdout.split() == ["[]", "True"]


def test_unknown_names_in_the_core_face_raise_attribute_error():
    import rosenblatt.core as core

    with pytest.raises(AttributeError, match="no attribute 'nope'"):
        core.nope  # noqa: B018
    assert {"perceptron_trace", "separability", "max_margin"} <= set(dir(core))


GRADING_ROOMS = ("nbformat", "jsonschema", "grader.judging", "grader.diagnosis", "grader.sandbox", "grader.grading",
                 "grader.intake", "grader.cases", "grader.tasks")
IMPORTS = """
import json, sys, io, contextlib
from exercises.cli import main
with contextlib.redirect_stdout(io.StringIO()), contextlib.redirect_stderr(io.StringIO()):
    try:
        code = main(sys.argv[1:])
    except SystemExit as stop:
        code = stop.code
print(json.dumps({"code": code, "modules": sorted(sys.modules)}))
"""


def _imported(argv: list[str]) -> tuple[int, set[str]]:
    res = subprocess.run([sys.executable, "-c", IMPORTS, *argv], cwd=ROOT, capture_output=True, text=True, check=True)
    probe = json.loads(res.stdout)
    return probe["code"], set(probe["modules"])


def _within(modules: set[str], rooms) -> list[str]:
    return sorted(m for m in modules if any(m == r or m.startswith(r + ".") for r in rooms))


@pytest.mark.parametrize("argv", [["--help"], ["grade", "--help"], ["check", "--help"], ["prairielearn", "--help"]])
def test_help_imports_no_command_it_does_not_run(argv):
    """Help texts (the presets' names included) come from the command modules alone: no jinja2, YAML, numpy, and
    nothing of the grading flow beyond its command modules."""
    code, modules = _imported(argv)
    assert code == 0
    assert _within(modules, ("jinja2", "yaml", "numpy", "sympy", "exercises.generation", "exercises.kinds",
                             "grader.assignments.assignment", *GRADING_ROOMS)) == []


def test_list_loads_the_specs_and_presets_but_not_the_grader():
    code, modules = _imported(["list"])
    assert code == 0 and "grader.assignments.presets" in modules
    assert _within(modules, (*GRADING_ROOMS, "numpy", "sympy", "exercises.kinds.hand_trace")) == []


def test_check_imports_the_grader_but_not_the_exercise_flow(tmp_path):
    (tmp_path / "p.py").write_text("def perceptron(X, y, max_epochs=1000, offset=True):\n    raise ValueError\n")
    code, modules = _imported(["check", str(tmp_path / "p.py")])
    assert code in (1, 2) and "grader.grading" in modules
    assert _within(modules, ("exercises.generation", "exercises.kinds", "exercises.answers", "exercises.export",
                             "sympy", "nbformat", "jsonschema")) == []  # a .py file needs no notebook reader


def test_every_command_is_found_in_the_module_the_table_names():
    from exercises.cli.main import COMMANDS, build_parser

    everything = build_parser()
    choices = everything._subparsers._group_actions[0].choices  # noqa: SLF001 (argparse keeps them here)
    assert sorted(choices) == sorted(COMMANDS)
    for command in COMMANDS:
        alone = build_parser(command)._subparsers._group_actions[0].choices  # noqa: SLF001
        assert command in alone

"""The README's commands: CI runs its test line verbatim, and both set-up lines make their own virtual environment."""

from __future__ import annotations

import re
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def _commands() -> list[str]:
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    section = readme.split("## On a fresh machine", 1)[1].split("\n## ", 1)[0]
    return re.findall(r"```sh\n(.*?)\n```", section, flags=re.S)


def test_ci_runs_the_readmes_test_command():
    setup, tests = _commands()[:2]
    assert tests in (ROOT / ".ci" / "run").read_text(encoding="utf-8")


def test_the_set_up_works_with_debians_python3_and_pep_668():
    for line in _commands()[:2]:
        assert "\n" not in line  # one line to copy
        assert line.startswith("python3 -m venv .venv && . .venv/bin/activate && pip install ")
        assert not re.search(r"(^|&& )python -m pip", line)  # no `python` before the venv exists

"""The samples of the two presets of the project-1 code (MITx 6.86x and MIT 6.036's project 1: three graded
functions each, the costliest samples to grade) get the verdicts their `Expected:` lines claim, through the real
sandbox, against the bundled assignment of that name."""

from __future__ import annotations

import pytest

from sample_grading import Graded, _check, _params, preset_files


FILES = preset_files(("mitx686x", "mit6036-project1"))


@pytest.fixture(scope="module")
def graded():
    return Graded(FILES)


@pytest.mark.parametrize("path", _params(FILES, [f"{p.parent.name}/{p.stem}" for p in FILES]))
def test_preset_sample_verdict(graded, path):
    _check(path, graded(path))

"""The samples of every other real course's preset (submissions/<preset>/; project 1's and CS4780's have files of
their own) get the verdicts their `Expected:` lines claim, through the real sandbox, against the bundled assignment of
that name; each preset has a correct sample and classic bugs."""

from __future__ import annotations

import pytest

from sample_grading import PRESETS, REAL, SUBMISSIONS, Graded, _check, _missing, _params, expectation, preset_files


FILES = preset_files(n for n in PRESETS if n not in ("mitx686x", "mit6036-project1", "cs4780", "cs4780-folded"))


@pytest.fixture(scope="module")
def graded():
    return Graded(FILES)


def test_every_preset_has_a_correct_sample_and_classic_bugs():
    for name in PRESETS:
        files = {p.stem for p in (SUBMISSIONS / name).glob("*.py")}
        assert "correct" in files and len(files) >= 3, name
        for p in (SUBMISSIONS / name).glob("*.py"):
            expectation(p)


@pytest.mark.parametrize("path", _params(FILES, [f"{p.parent.name}/{p.stem}" for p in FILES]))
def test_preset_sample_verdict(graded, path):
    missing = _missing(path)
    if missing:  # a course whose files import PyTorch: graded where the [torch] extra is installed
        pytest.skip(f"{path.parent.name} needs {', '.join(missing)}")
    _check(path, graded(path))


def test_an_ungradable_file_is_told_the_name_it_misses_as_well_as_the_import_error(graded):
    """Driver code that raises while the file loads, in a file that spells the function otherwise: the message names
    both (the course's name and the file's closest names), not only the exception."""
    if not REAL:
        pytest.skip("needs the real sandbox")
    report = graded(SUBMISSIONS / "udacity" / "snake_case_with_driver.py")
    assert report.status == "ungradable"
    assert "does not define `perceptronStep`" in report.message and "`perceptron_step`" in report.message
    assert "raised" in report.message

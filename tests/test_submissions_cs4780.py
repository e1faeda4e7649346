"""The samples of Cornell CS4780's two presets (cs4780, cs4780-folded: perceptron_update, perceptron and
classify_linear, one of them a sample that never stops and spends its time limits) get the verdicts their
`Expected:` lines claim, through the real sandbox, against the bundled assignment of that name. A file of their own,
so that the test workers share the sample batches."""

from __future__ import annotations

import pytest

from sample_grading import Graded, _check, _params, preset_files


FILES = preset_files(("cs4780", "cs4780-folded"))


@pytest.fixture(scope="module")
def graded():
    return Graded(FILES)


@pytest.mark.parametrize("path", _params(FILES, [f"{p.parent.name}/{p.stem}" for p in FILES]))
def test_preset_sample_verdict(graded, path):
    _check(path, graded(path))

"""The default preset's sample submissions (and its notebooks) get the verdicts their `Expected:` lines claim,
through the real sandbox; a notebook `nb_X.ipynb` gets the same verdict as its .py twin `X.py`."""

from __future__ import annotations

import pytest

from sample_grading import FILES, TWINS, Graded, _check, _params, expectation


@pytest.fixture(scope="module")
def graded():
    return Graded(FILES)


def test_every_sample_states_its_verdict():
    names = {p.stem for p in FILES}
    assert {"correct", "strict_less_than", "no_offset_update", "offset_when_off", "no_label", "step_size",
            "random_start", "shuffled", "single_pass", "off_by_one_epoch", "restart_pass", "normalized",
            "zero_one_labels", "wrong_converged", "swapped_returns", "crashes_single_point", "syntax_error",
            "no_function", "raises_on_import"} <= names
    for p in FILES:
        expectation(p)
    assert {"nb_correct", "nb_strict_less_than", "nb_no_offset_update", "nb_single_pass", "nb_no_function"} <= names
    assert len(TWINS) >= 5


@pytest.mark.parametrize("path", _params(FILES, [p.stem for p in FILES]))
def test_sample_submission_verdict(graded, path):
    _check(path, graded(path))


@pytest.mark.parametrize("notebook,twin", TWINS, ids=[p.stem for p, _ in TWINS])
def test_notebook_gets_the_same_verdict_as_its_py_twin(graded, notebook, twin):
    nb, py = graded(notebook), graded(twin)
    assert (nb.status, nb.score, [f.name for f in nb.findings]) == (py.status, py.score, [f.name for f in py.findings])
    assert [(r.case.case_id, r.verdict.passed) for r in nb.results] == \
        [(r.case.case_id, r.verdict.passed) for r in py.results]

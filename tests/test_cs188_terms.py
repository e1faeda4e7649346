"""CS188's nn terms: the grader's nn module in each variant a preset can name (the Fall 2018 Parameter.update(direction,
multiplier) and the train_model term's update(multiplier, direction)), with the course's checks and messages."""

from __future__ import annotations

import importlib.util
from pathlib import Path

import numpy as np
import pytest

from grader.assignments.assignment import load

COURSENN = Path(__file__).resolve().parent.parent / "grader" / "sandbox" / "coursenn.py"


@pytest.fixture(scope="module")
def nn():
    spec = importlib.util.spec_from_file_location("_test_coursenn", COURSENN)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_each_variant_takes_its_own_order_and_refuses_the_other(nn):
    x = nn.Constant(np.array([[1.0, -2.0, 1.0]]))
    for variant, right, wrong in (("nn", (x, -1.0), (-1.0, x)), ("nn-multiplier-first", (-1.0, x), (x, -1.0))):
        names = nn.names(variant)
        assert set(names) == set(nn.NAMES) | {"np"} and names["np"] is np  # nn.py imports numpy as np
        w = names["Parameter"](1, 3)
        start = w.data.copy()
        w.update(*right)
        assert np.array_equal(w.data, start - x.data), variant
        with pytest.raises(AssertionError, match="Update direction must be a Constant node, instead has type "
                                                 "'float'"):
            w.update(*wrong)
        assert np.array_equal(w.data, start - x.data), variant  # a refused update changes nothing
        assert type(w) in nn.NODE_TYPES  # its weights are read back like the Fall 2018 Parameter's


def test_the_either_order_variant_takes_a_number_and_a_constant_both_ways_and_nothing_else(nn):
    """cs188-nn spans terms whose nn differ in update's order: (x, -1.0) and (-1.0, x) both update; two numbers, two
    nodes or an array multiplier get the Fall 2018 messages."""
    x = nn.Constant(np.array([[1.0, -2.0, 1.0]]))
    names = nn.names("nn-either-order")
    w = names["Parameter"](1, 3)
    start = w.data.copy()
    w.update(x, -1.0)
    w.update(-1.0, x)
    assert np.array_equal(w.data, start - 2 * x.data) and type(w) in nn.NODE_TYPES
    names["Parameter"].update(self=w, direction=x, multiplier=1.0)  # by keyword, as a real file calls it
    assert np.array_equal(w.data, start - x.data)
    with pytest.raises(TypeError, match=r"^Parameter\.update\(\) got an unexpected keyword argument 'dir'"):
        w.update(dir=x, multiplier=1.0)
    for wrong, message in (((1.0, -1.0), "Update direction must be a Constant node"),
                           ((x, x), "Multiplier must be a Python scalar"),
                           ((x, np.array([1.0])), "Multiplier must be a Python scalar")):
        with pytest.raises(AssertionError, match=message):
            w.update(*wrong)
    assert np.array_equal(w.data, start - x.data)  # a refused update changes nothing
    assert load("cs188-nn").klass.modules == (("nn", "nn-either-order"),)


def test_both_variants_draw_the_same_start(nn):
    nn.Parameter.seed = 12345
    a = nn.names("nn")["Parameter"](1, 4).data
    b = nn.names("nn-multiplier-first")["Parameter"](1, 4).data
    assert np.array_equal(a, b)


def test_the_train_model_term_preset():
    a = load("cs188-nn-x")
    assert a.klass.modules == (("nn", "nn-multiplier-first"),) and a.klass.values == "nn"
    assert [f.name for f in a.functions] == ["get_prediction", "train_model"]
    assert a.klass.setup() == {"modules": {"nn": "nn-multiplier-first"}, "names": ["PerceptronModel"]}

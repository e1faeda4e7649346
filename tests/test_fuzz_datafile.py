"""Fuzz the data-file loader: whatever the bytes, a DataError with one line, or a valid DataSet; never another exception."""

import string

import pytest
from hypothesis import HealthCheck, given, settings, strategies as st

from rosenblatt.shared.datafile import DataSet, load_data
from rosenblatt.shared.errors import DataError

ADVERSARIAL = [
    "X: [[__import__('os').system('true'), 1]]\ny: [1]",
    "X: [[lambda: 0]]\ny: [1]",
    "X: [[9**9**9]]\ny: [1]",
    "X: [[" + "9" * 5000 + "]]\ny: [1]",
    "X: [[0x" + "f" * 5000 + "]]\ny: [1]",
    "X: [[1e999999]]\ny: [1]",
    "X: " + "[" * 5000 + "]" * 5000 + "\ny: [1]",
    "a: &a [1,1,1,1,1,1,1,1,1,1]\nb: &b [*a,*a,*a,*a,*a,*a,*a,*a,*a,*a]\nc: &c [*b,*b,*b,*b,*b,*b,*b,*b,*b,*b]\n"
    "d: &d [*c,*c,*c,*c,*c,*c,*c,*c,*c,*c]\nX: [*d, *d]\ny: [1]",
    "p: &p [1, 2, 3, 4, 5, 6, 7, 8, 9, 10]\nq: &q [*p, *p, *p, *p, *p, *p, *p, *p, *p, *p]\n"
    "X: [*q, *q, *q, *q, *q, *q, *q, *q, *q, *q]\ny: [1]",
    "X: !!python/object/apply:os.system ['true']\ny: [1]",
    "X: [[1, 2]]\ny: [1]\nmax_epochs: 99999999999999999999999",
    "X: [[\u0663, 1]]\ny: [1]",
    "X: [[1, 2]]\ny: [true]",
    "\x00\x01\x02",
    "X: [[2001-12-14]]\ny: [1]",
    "",
]


@pytest.mark.parametrize("text", ADVERSARIAL, ids=[f"adversarial-{i}" for i in range(len(ADVERSARIAL))])
def test_adversarial_files_give_a_clear_error(tmp_path, text):
    path = tmp_path / "d.yaml"
    path.write_text(text, encoding="utf-8")
    with pytest.raises(DataError) as err:
        load_data(path)
    assert str(path) in str(err.value) and "\n" not in str(err.value)


def test_binary_file(tmp_path):
    path = tmp_path / "d.yaml"
    path.write_bytes(b"\xff\xfe\x00junk")
    with pytest.raises(DataError, match="not UTF-8"):
        load_data(path)


yaml_ish = st.text(alphabet=string.printable + "αβγ√−θ", max_size=200)


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(body=yaml_ish)
def test_random_text_never_escapes(tmp_path, body):
    path = tmp_path / "d.yaml"
    path.write_text(body, encoding="utf-8")
    try:
        assert isinstance(load_data(path), DataSet)
    except DataError as err:
        assert "\n" not in str(err)


scalars = st.one_of(st.integers(-10**30, 10**30), st.floats(allow_nan=True), st.text(max_size=8), st.booleans(), st.none())
values = st.recursive(scalars, lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=4), inner, max_size=3),
                      max_leaves=20)


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(doc=st.dictionaries(st.sampled_from(["X", "y", "offset", "theta_init", "theta0_init", "max_epochs", "order",
                                            "w_star"]), values, max_size=8))
def test_wrong_types_in_every_field(tmp_path, doc):
    import yaml
    path = tmp_path / "d.yaml"
    path.write_text(yaml.safe_dump(doc), encoding="utf-8")
    try:
        load_data(path)
    except DataError as err:
        assert "\n" not in str(err)

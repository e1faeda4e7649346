"""Fuzz the spec and assignment loaders: junk anywhere in a bundled file gives one clear error, never a traceback.

A mutated spec that still loads must also generate (or refuse with a SpecError) in bounded attempts.
"""

import copy
import string

import pytest
import yaml
from hypothesis import HealthCheck, given, settings, strategies as st

from rosenblatt.shared.errors import AssignmentError, SpecError
from exercises.generation.variants import build_sheets, variant_seeds
from exercises.generation.spec import BUNDLED, load_spec
from grader.assignments import assignment
from grader.assignments.assignment import BUNDLED as ASSIGNMENTS

SPECS = sorted(BUNDLED.glob("*.yaml"))
ASSIGNMENT_FILES = sorted(ASSIGNMENTS.glob("*.yaml"))
FUZZ = settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])

junk = st.one_of(
    st.integers(-10**40, 10**40), st.integers(-3, 50), st.floats(allow_nan=True, allow_infinity=True),
    st.text(max_size=12), st.sampled_from(["__import__('os')", "lambda: 0", "9**9**9", "-4/5", "0.5", "", "∞"]),
    st.booleans(), st.none(), st.lists(st.integers(-5, 5), max_size=4), st.dictionaries(st.text(max_size=3),
                                                                                      st.integers(), max_size=2),
)


def _paths(doc, prefix=()):
    """Every (path, value) in a YAML document, so a mutation can hit any key at any depth."""
    yield prefix
    if isinstance(doc, dict):
        for k, v in doc.items():
            yield from _paths(v, prefix + (k,))
    elif isinstance(doc, list):
        for i, v in enumerate(doc):
            yield from _paths(v, prefix + (i,))


def _mutate(doc, path, value):
    doc = copy.deepcopy(doc)
    if not path:
        return value
    node = doc
    for key in path[:-1]:
        node = node[key]
    node[path[-1]] = value
    return doc


def _one_line(err):
    assert str(err) and "\n" not in str(err) and "Traceback" not in str(err)


@FUZZ
@given(data=st.data())
def test_mutated_specs_load_or_fail_clearly(tmp_path, data):
    source = data.draw(st.sampled_from(SPECS))
    doc = yaml.safe_load(source.read_text())
    path = data.draw(st.sampled_from(list(_paths(doc))))
    mutated = _mutate(doc, path, data.draw(junk))
    target = tmp_path / "spec.yaml"
    target.write_text(yaml.safe_dump(mutated, allow_unicode=True))
    try:
        spec = load_spec(str(target))
        build_sheets(spec, variant_seeds(spec, 0, 1))
    except SpecError as err:
        _one_line(err)


@FUZZ
@given(data=st.data())
def test_mutated_assignments_load_or_fail_clearly(tmp_path, data):
    source = data.draw(st.sampled_from(ASSIGNMENT_FILES))
    doc = yaml.safe_load(source.read_text())
    path = data.draw(st.sampled_from(list(_paths(doc))))
    target = tmp_path / "a.yaml"
    target.write_text(yaml.safe_dump(_mutate(doc, path, data.draw(junk)), allow_unicode=True))
    try:
        assignment.load(str(target))
    except AssignmentError as err:
        _one_line(err)


@FUZZ
@given(text=st.text(alphabet=string.printable + "θ√−", max_size=300))
def test_random_text_specs_and_assignments(tmp_path, text):
    target = tmp_path / "x.yaml"
    target.write_text(text)
    for load, error in ((load_spec, SpecError), (assignment.load, AssignmentError)):
        try:
            load(str(target))
        except error as err:
            _one_line(err)


BOMBS = [
    "kind: hand_trace\nparams: " + "[" * 3000 + "]" * 3000,
    "a: &a [1,1,1,1,1,1,1,1,1,1]\nb: &b [*a,*a,*a,*a,*a,*a,*a,*a,*a,*a]\nc: &c [*b,*b,*b,*b,*b,*b,*b,*b,*b,*b]\n"
    "kind: hand_trace\nparams: {n_points: *c}",
    "kind: !!python/object/apply:os.system ['true']",
    "kind: hand_trace\nparams: {n_points: " + "9" * 5000 + "}",
    "\x00\x01",
]


@pytest.mark.parametrize("text", BOMBS, ids=[f"bomb-{i}" for i in range(len(BOMBS))])
def test_bombs(tmp_path, text):
    target = tmp_path / "x.yaml"
    target.write_text(text)
    with pytest.raises(SpecError) as err:
        load_spec(str(target))
    _one_line(err.value)
    with pytest.raises(AssignmentError) as err:
        assignment.load(str(target))
    _one_line(err.value)


texts = st.one_of(st.text(max_size=40), st.builds(yaml.safe_dump, st.recursive(
    junk, lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=5), inner, max_size=4),
    max_leaves=12)), st.sampled_from([f.read_text(encoding="utf-8") for f in SPECS + ASSIGNMENT_FILES]))


@settings(max_examples=200, deadline=None)
@given(texts)
def test_libyaml_and_the_pure_parser_read_the_same(text):
    """The exact loader parses with libyaml for speed; wherever the pure-Python parser reads a text, libyaml reads
    the same values, and a text neither reads gets the pure parser's message."""
    from rosenblatt.shared.datafile import exact_loader, load_yaml_text

    try:
        pure = yaml.load(text, Loader=exact_loader(pure=True))  # noqa: S506
    except yaml.YAMLError as err:
        with pytest.raises(yaml.YAMLError, match="^" + __import__("re").escape(str(err)[:40])):
            load_yaml_text(text)
        return
    assert load_yaml_text(text) == pure

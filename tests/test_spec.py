"""Spec loading: bundled specs load; every mistake is a SpecError naming the file, the key path and the value."""

from __future__ import annotations

from fractions import Fraction
from pathlib import Path

import pytest

from rosenblatt.shared.errors import SpecError
from exercises.generation.variants import build_sheets, variant_seeds
from exercises.generation.spec import bundled_names, load_spec


def write(tmp_path: Path, text: str, name: str = "hand_trace.yaml") -> str:
    path = tmp_path / name
    path.write_text(text, encoding="utf-8")
    return str(path)


def message(tmp_path: Path, text: str, name: str = "hand_trace.yaml") -> str:
    with pytest.raises(SpecError) as info:
        load_spec(write(tmp_path, text, name))
    return info.value.message


def test_every_bundled_spec_loads_and_generates():
    names = bundled_names()
    assert {"problem_set", "hand_trace", "separability", "mistake_bound", "single_point", "cover_count",
            "hinge_update"} <= set(names)
    for name in names:
        spec = load_spec(name)
        assert build_sheets(spec, variant_seeds(spec, 0, 2))


def test_out_of_range_count_names_file_key_and_value(tmp_path):
    text = "kind: hand_trace\nparams:\n  n_points: 40\n"
    assert message(tmp_path, text).endswith("hand_trace.yaml: params.n_points: must be between 2 and 12, got 40")


@pytest.mark.parametrize("text, expected", [
    ("kind: hand_trace\nparams: {dim: two}\n", "params.dim: must be an integer between 1 and 5, got 'two'"),
    ("kind: hand_trace\nparams: {tie: sometimes}\n", "params.tie: must be one of required, forbidden, allowed"),
    ("kind: hand_trace\nparams: {min_updates: 5, max_updates: 3}\n", "params.min_updates: must be at most max_updates"),
    ("kind: hand_trace\nparams: {speed: 3}\n", "params.speed: unknown option; allowed options are"),
    ("kind: hand_trace\nparams: {grid: {min: 0, max: 1, step: 0.3}}\n", "params.grid.max: max - min (1) must be a whole"),
    ("kind: hand_trace\nparams: {grid: {min: 2, max: -2}}\n", "params.grid.min: must be at most max"),
    ("kind: hand_trace\nparams: {offset: maybe}\n", "params.offset: must be true or false, got 'maybe'"),
    ("kind: hand_trace\nparams: {dim: 1, tie: required}\n", "params.tie: required needs dim of at least 2"),
    ("kind: perceptron\n", "kind: must be one of hand_trace, separability"),
    ("kind: hand_trace\nexercises: []\n", "give either `kind` (one exercise) or `exercises`"),
    ("title: x\n", "give either `kind`"),
    ("- 1\n- 2\n", "expected a mapping"),
    ("kind: hand_trace\nparams: [1, 2]\n", "params: expected a mapping of options"),
    ("exercises:\n  - kind: separability\n    params: {category: weird}\n",
     "exercises[0].params.category: must be one of origin, offset_only, none, mixed, got 'weird'"),
    ("exercises:\n  - kind: hinge_update\n    params: {eta: [0]}\n", "exercises[0].params.eta: every step size"),
    ("kind: hand_trace\nparams: {grid: {step: 1/0}}\n", "params.grid.step: division by zero"),
    ("kind: hand_trace\nmax_attempts: 0\n", "max_attempts: must be between 1 and 100000, got 0"),
    ("kind: [unclosed\n", "not valid YAML"),
])
def test_bad_specs_give_one_clear_message(tmp_path, text, expected):
    got = message(tmp_path, text, "spec.yaml")
    assert got.startswith(str(tmp_path / "spec.yaml") + ": ")
    assert expected in got
    assert "\n" not in got


def test_missing_file_and_unknown_bundled_name():
    with pytest.raises(SpecError, match="no such file"):
        load_spec("does/not/exist.yaml")
    with pytest.raises(SpecError, match="no such spec file or bundled spec; bundled specs are"):
        load_spec("no_such_spec")


def test_unsatisfiable_spec_names_the_failing_constraint(tmp_path):
    text = ("kind: hand_trace\nmax_attempts: 50\nparams: {dim: 1, n_points: 2, grid: {min: -3, max: 3}, "
            "min_updates: 9, max_updates: 9}\n")
    spec = load_spec(write(tmp_path, text))
    with pytest.raises(SpecError) as info:
        build_sheets(spec, variant_seeds(spec, 0, 1))
    assert "no hand_trace variant met the constraints in 50 attempts" in info.value.message
    assert "params.min_updates" in info.value.message


def test_too_many_variants_for_a_narrow_spec_says_so(tmp_path):
    text = "kind: cover_count\nmax_attempts: 30\nparams: {min_P: 3, max_P: 3, min_N: 2, max_N: 3}\n"
    spec = load_spec(write(tmp_path, text, "cover.yaml"))
    with pytest.raises(SpecError, match="unique"):
        build_sheets(spec, variant_seeds(spec, 0, 3))
    relaxed = load_spec(write(tmp_path, text + "unique: false\n", "cover2.yaml"))
    assert len(build_sheets(relaxed, variant_seeds(relaxed, 0, 3))) == 3


def test_fixed_start_from_the_spec_is_used(tmp_path):
    text = "kind: hand_trace\nparams: {offset: true, theta_init: [1, -0.5], theta0_init: 1, tie: allowed, min_updates: 1}\n"
    spec = load_spec(write(tmp_path, text))
    for sheet in build_sheets(spec, variant_seeds(spec, 0, 3)):
        data = sheet.variants[0].data
        assert data.theta_init == (1, Fraction(-1, 2)) and data.theta0_init == 1


def test_the_outline_list_shows_agrees_with_the_validated_spec():
    from exercises.generation import bundled_names, load_spec, outline

    for name in bundled_names():
        spec, o = load_spec(name), outline(name)
        assert (o.name, o.title, o.kinds) == (spec.name, spec.title, tuple(e.kind for e in spec.exercises))


@pytest.mark.parametrize("count", [2, 3, 40])
def test_sheets_drafted_on_workers_are_the_sheets_drawn_in_turn(tmp_path, count):
    """Drafting on processes, then checking the batch's uniqueness in order, draws on from a repeated draft's
    Generator exactly as one process drawing sheet after sheet does: the same sheets, or the same one sentence."""
    narrow = "kind: cover_count\nmax_attempts: 30\nparams: {min_P: 3, max_P: 4, min_N: 2, max_N: 3}\n"
    for k, text in enumerate((narrow, "kind: hand_trace\nparams: {dim: 2, n_points: 3}\n")):
        spec = load_spec(write(tmp_path, text, f"s{k}.yaml"))
        outcomes = []
        for workers in (1, 2):
            try:
                outcomes.append(build_sheets(spec, variant_seeds(spec, 7, count), workers))
            except SpecError as err:
                outcomes.append(err.message)
        assert outcomes[0] == outcomes[1]
    assert isinstance(outcomes[0], tuple) and len(outcomes[0]) == count  # hand_trace: 40 distinct sheets

"""Hints never give the answer away: over 500 variants of every kind, no example ("e.g. …") equals a key value."""

from __future__ import annotations

import re

import pytest
import yaml

from exercises.answers.answer_parse import as_set, parse_answer
from exercises.generation.spec import parse_spec
from exercises.generation.variants import build_sheets, variant_seeds
from exercises.kinds import KIND_NAMES, get_kind

VARIANTS = 500


def _same(example: str, value, part) -> bool:
    """Whether the example, read as a student's answer, is the key (or, for a trace, its first update)."""
    if part.type == "verdict":
        return example in ("yes", "no")
    if part.type == "sequence":
        first = part.value[0] if part.value else None
        row = yaml.safe_load(example.replace(", ...]", "]"))[0]
        return first is not None and all(_equal(parse_answer(str(row[k])), v) for k, v in zip(part.item_keys, first))
    read = parse_answer(example)
    if part.type == "set":
        return as_set(read) == as_set(value)
    return _equal(read, value)


def _equal(read, value) -> bool:
    return tuple(read) == tuple(value) if isinstance(value, tuple) else read == value


@pytest.mark.parametrize("kind", KIND_NAMES)
def test_no_example_equals_the_key(kind):
    spec = parse_spec({"kind": kind, "unique": False}, kind, f"{kind}.yaml")
    module = get_kind(kind)
    for sheet in build_sheets(spec, variant_seeds(spec, 11, VARIANTS)):
        for v in sheet.variants:
            for part in module.parts(v.data, v.solution):
                if part.type == "certificate":
                    _assert_proves_nothing(module, v, part)
                    continue
                assert part.example, (kind, part.id)
                assert not _same(part.example, part.value, part), (kind, v.id, part.id, part.example)


def _assert_proves_nothing(module, v, part) -> None:
    """A separability hint's θ (with θ₀) and λ are placeholders that are no proof for this variant's points."""
    doc = module.data_json(v.data)
    name = part.id.split(".")[0]
    fields = dict(re.findall(r"\.(theta0|theta|weights): (\[[^\]]*\]|-?[0-9/]+)", part.example))
    assert set(fields) >= {"theta", "weights"}, part.example
    as_theta = {f"{name}.theta": parse_answer(fields["theta"])}
    if "theta0" in fields:
        as_theta[f"{name}.theta0"] = parse_answer(fields["theta0"])
    for given in (as_theta, {f"{name}.weights": parse_answer(fields["weights"])}):
        status, reason, _ = module.check_certificate(doc, part.id, given)
        assert status == "incorrect", (v.id, part.example, reason)

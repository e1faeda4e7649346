"""Hints never give the answer away: over 500 variants of every kind, no example ("e.g. …") equals a key value."""

from __future__ import annotations

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
                    continue
                assert part.example, (kind, part.id)
                assert not _same(part.example, part.value, part), (kind, v.id, part.id, part.example)

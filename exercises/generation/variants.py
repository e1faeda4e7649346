"""Drawing and solving variants: per-sheet seeds, each exercise's data drawn from its own Generator, exact solutions."""

from __future__ import annotations

import hashlib
from collections import Counter
from dataclasses import dataclass
from typing import Any, Sequence

import numpy as np

from rosenblatt.shared import SpecError
from exercises.kinds import Reject, get_kind
from exercises.generation.spec import Exercise, Spec

MAX_VARIANTS = 10_000


@dataclass(frozen=True)
class Variant:
    """One generated exercise: its data and exact solution; `id` is `<sheet label>.<exercise number>`."""

    id: str
    number: int
    kind: str
    title: str
    seed: int
    data: Any
    solution: Any


@dataclass(frozen=True)
class Sheet:
    """One problem set instance (a numbered variant, or one student's)."""

    label: str
    student_name: str
    seed: int
    variants: tuple[Variant, ...]


def stable_seed(*parts: object) -> int:
    """A 53-bit seed (exact in JSON everywhere) from sha256 of the parts (never Python's hash(), which changes between runs)."""
    text = "|".join(str(p) for p in ("rosenblatt-seed-v1", *parts))
    return int.from_bytes(hashlib.sha256(text.encode("utf-8")).digest()[:8], "big") >> 11


def variant_seeds(spec: Spec, seed: int, count: int) -> list[tuple[str, str, int]]:
    """(label, student name, sheet seed) for `--variants K`: labels v01, v02, ... in order."""
    if not 1 <= count <= MAX_VARIANTS:
        raise SpecError(f"--variants must be between 1 and {MAX_VARIANTS}, got {count}")
    width = max(2, len(str(count)))
    return [(f"v{k:0{width}d}", "", stable_seed(spec.name, seed, k)) for k in range(1, count + 1)]


def _generate_one(spec: Spec, exercise: Exercise, number: int, sheet_seed: int, seen: set) -> tuple[Any, int]:
    """Draw attempts from one Generator until the kind's constraints hold and the data is new to the batch."""
    module = get_kind(exercise.kind)
    seed = stable_seed(sheet_seed, number, exercise.kind)
    rng = np.random.default_rng(seed)
    failures: Counter[str] = Counter()
    for _ in range(spec.max_attempts):
        try:
            data = module.generate(exercise.params, rng)
        except Reject as rej:
            failures[rej.constraint] += 1
            continue
        if exercise.unique and (number, data) in seen:
            failures["unique (the batch already holds this variant; widen the ranges or set unique: false)"] += 1
            continue
        seen.add((number, data))
        return data, seed
    where = f"exercises[{number - 1}]" if len(spec.exercises) > 1 else "params"
    worst = ", ".join(f"{c} ({n} of {spec.max_attempts} attempts)" for c, n in failures.most_common(2))
    raise SpecError(f"{spec.source}: {where}: no {exercise.kind} variant met the constraints in "
                    f"{spec.max_attempts} attempts; failed most often: {worst}")


def build_sheets(spec: Spec, seeds: Sequence[tuple[str, str, int]]) -> tuple[Sheet, ...]:
    """Generate and solve every exercise of every sheet, deterministically and in order."""
    seen: set = set()
    sheets = []
    for label, name, sheet_seed in seeds:
        variants = []
        for number, exercise in enumerate(spec.exercises, 1):
            data, seed = _generate_one(spec, exercise, number, sheet_seed, seen)
            solution = get_kind(exercise.kind).solve(data)
            variants.append(Variant(f"{label}.{number}", number, exercise.kind, exercise.title, seed, data, solution))
        sheets.append(Sheet(label, name, sheet_seed, tuple(variants)))
    return tuple(sheets)

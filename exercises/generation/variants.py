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


UNIQUE = "unique (the batch already holds this variant; widen the ranges or set unique: false)"


@dataclass(frozen=True)
class Draft:
    """One exercise's first attempt that meets its kind's constraints, drawn without the batch's uniqueness: its
    data and solution, and where its Generator stands (to draw on from there if the batch already holds it)."""

    data: Any
    seed: int
    used: int  # attempts drawn
    state: dict | None  # the bit generator's state after the attempt (None: every attempt failed)
    failures: dict  # constraint -> attempts it rejected, in the order they first failed
    solution: Any


def _attempts(module, exercise: Exercise, rng, failures: Counter, attempts: int) -> tuple[Any, int]:
    """The next attempt the kind accepts (None if none of `attempts` does), and how many were drawn."""
    for k in range(attempts):
        try:
            return module.generate(exercise.params, rng), k + 1
        except Reject as rej:
            failures[rej.constraint] += 1
    return None, attempts


def draft(spec: Spec, exercise: Exercise, number: int, sheet_seed: int) -> Draft:
    """Draw and solve one exercise of one sheet, from its own Generator, up to its first acceptable attempt."""
    module = get_kind(exercise.kind)
    seed = stable_seed(sheet_seed, number, exercise.kind)
    rng, failures = np.random.default_rng(seed), Counter()
    data, used = _attempts(module, exercise, rng, failures, spec.max_attempts)
    if data is None:
        return Draft(None, seed, used, None, dict(failures), None)
    return Draft(data, seed, used, rng.bit_generator.state, dict(failures), module.solve(data))


def _accept(spec: Spec, exercise: Exercise, number: int, d: Draft, seen: set) -> tuple[Any, Any]:
    """The draft, or (if the batch holds its data already) the attempts drawn on from its Generator's state: the
    same attempts as drawing the sheet here in turn. Raises SpecError when no attempt is left."""
    data, solution, used, failures = d.data, d.solution, d.used, Counter(d.failures)
    while data is not None and exercise.unique and (number, data) in seen:
        failures[UNIQUE] += 1
        module, rng = get_kind(exercise.kind), np.random.default_rng()
        rng.bit_generator.state = d.state
        data, more = _attempts(module, exercise, rng, failures, spec.max_attempts - used)
        used, d = used + more, Draft(data, d.seed, used + more, rng.bit_generator.state, {}, None)
        solution = module.solve(data) if data is not None else None
    if data is None:
        where = f"exercises[{number - 1}]" if len(spec.exercises) > 1 else "params"
        worst = ", ".join(f"{c} ({n} of {spec.max_attempts} attempts)" for c, n in failures.most_common(2))
        raise SpecError(f"{spec.source}: {where}: no {exercise.kind} variant met the constraints in "
                        f"{spec.max_attempts} attempts; failed most often: {worst}")
    seen.add((number, data))
    return data, solution


def draft_chunk(args: tuple) -> list[list[Draft]]:
    """A run of sheets in a worker process: each exercise drafted and solved."""
    spec, seeds = args
    return [[draft(spec, e, n, sheet_seed) for n, e in enumerate(spec.exercises, 1)] for _, _, sheet_seed in seeds]


def build_sheets(spec: Spec, seeds: Sequence[tuple[str, str, int]], workers: int = 1) -> tuple[Sheet, ...]:
    """Generate and solve every exercise of every sheet, deterministically and in order. With `workers` > 1 the
    sheets are drafted on that many processes; the batch's uniqueness is then checked here in order, so the sheets
    are the same as drawn one after another."""
    drafts = _drafts_in_processes(spec, seeds, workers) if workers > 1 else None
    seen: set = set()
    sheets = []
    for k, (label, name, sheet_seed) in enumerate(seeds):
        variants = []
        for number, exercise in enumerate(spec.exercises, 1):
            d = drafts[k][number - 1] if drafts else draft(spec, exercise, number, sheet_seed)
            data, solution = _accept(spec, exercise, number, d, seen)
            variants.append(Variant(f"{label}.{number}", number, exercise.kind, exercise.title, d.seed, data,
                                    solution))
        sheets.append(Sheet(label, name, sheet_seed, tuple(variants)))
    return tuple(sheets)


def _drafts_in_processes(spec: Spec, seeds: Sequence, workers: int) -> list[list[Draft]]:
    """Every sheet's drafts, in order, from `workers` processes (forked where this process has no other thread)."""
    import multiprocessing
    import threading
    from concurrent.futures import ProcessPoolExecutor

    method = "fork" if threading.active_count() == 1 and "fork" in multiprocessing.get_all_start_methods() else "spawn"
    size = max(1, len(seeds) // (4 * workers))
    chunks = [(spec, list(seeds[k:k + size])) for k in range(0, len(seeds), size)]
    with ProcessPoolExecutor(max_workers=workers, mp_context=multiprocessing.get_context(method)) as pool:
        return [d for run in pool.map(draft_chunk, chunks) for d in run]

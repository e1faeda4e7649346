"""The generation pipeline: specs + seed (or roster) -> sheets of exact, quality-checked, deduplicated variants."""

from __future__ import annotations

import functools
import hashlib
import json
import os
import re
import shutil
import tempfile
from collections import Counter
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Sequence

import numpy as np

from exercises import __version__
from exercises.errors import SpecError, UsageError
from exercises.handout import answer_key, build_handout
from exercises.handout_page import render_handout_page
from exercises.kdf import DEFAULT_ITERATIONS
from exercises.kinds import get_kind
from exercises.kinds.base import Reject
from exercises.render import environment
from exercises.spec import Exercise, Spec

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


def variant_json(v: Variant, sheet: Sheet) -> dict:
    module = get_kind(v.kind)
    return {"id": v.id, "kind": v.kind, "seed": v.seed, "sheet": sheet.label, "exercise": v.number,
            "data": module.data_json(v.data), "answer": module.answer_json(v.data, v.solution), "key": answer_key(v)}


FORMATS = ("md", "tex", "html", "json")
PAGES = {"md": "exercises/page.md.j2", "tex": "exercises/page.tex.j2", "html": "exercises/page.html"}
ROLES = ("question", "key")


def render_variant(v: Variant, formats: Sequence[str], roles: Sequence[str] = ROLES) -> dict[str, dict[str, str]]:
    """The question and key fragments of one variant per format (templates do all the wording)."""
    if not formats:
        return {}
    module = get_kind(v.kind)
    view = module.view(v.data, v.solution)
    figs = {role: module.figure(v.data, v.solution, role == "key") for role in roles}
    return {fmt: {role: render(f"exercises/kinds/{v.kind}.{role}.j2", m=macros(fmt), v=view, fig=figs[role],
                               number=v.number, title=v.title) for role in roles} for fmt in formats}


@functools.lru_cache(maxsize=None)
def _template(name: str):
    return environment().get_template(name)


def render(name: str, **data: Any) -> str:
    """Render through the shared Environment, looking each template up once per run."""
    return _template(name).render(**data)


def macros(fmt: str) -> Any:
    """The format's building blocks (`templates/exercises/format/<fmt>.j2`), loaded once and passed as `m`."""
    return _template(f"exercises/format/{fmt}.j2").module


def render_page(fmt: str, role: str, spec: Spec, sections: list[dict]) -> str:
    return render(PAGES[fmt], m=macros("tex"), role=role, title=spec.title, description=spec.description,
                  sections=sections, version=__version__)


def document_json(spec: Spec, sheets: Sequence[Sheet]) -> str:
    """The JSON document, one variant per line (the C encoder is many times faster than indent=2)."""
    head = json.dumps({"generator": {"name": "rosenblatt", "version": __version__}, "spec": spec.to_json()},
                      ensure_ascii=False)
    lines = [json.dumps(variant_json(v, s), ensure_ascii=False) for s in sheets for v in s.variants]
    return head[:-1] + ', "variants": [\n' + ",\n".join(lines) + "\n]}\n"


MARKER = ".rosenblatt-output"
IO_THREADS = 8


def _sheet_files(spec: Spec, sheet: Sheet, formats: Sequence[str], combined: dict, iterations: int) -> dict[str, str]:
    """Files of one sheet (under variants/<label>/), adding its sections to the combined documents."""
    heading = f"Variant {sheet.label}" + (f" — {sheet.student_name}" if sheet.student_name else "")
    files: dict[str, str] = {}
    wanted = [fmt for fmt in formats if fmt != "json"]
    extra = [fmt for fmt in ("md", "html") if fmt not in wanted]  # questions for handout.json and handout.html
    rendered = [{**render_variant(v, wanted), **render_variant(v, extra, ("question",))} for v in sheet.variants]
    fragments = {fmt: [r[fmt] for r in rendered] for fmt in (*wanted, *extra)}
    for fmt in formats:
        if fmt == "json":
            continue  # every variant's JSON is in the one exercises.json
        for role, stem in (("question", "problems"), ("key", "key")):
            body = "".join(f[role] for f in fragments[fmt])
            files[f"{stem}.{fmt}"] = render_page(fmt, role, spec, [{"heading": heading, "body": body}])
            combined[(fmt, role)].append({"heading": heading, "body": body})
    handout = build_handout(spec.title, sheet, [f["question"] for f in fragments["md"]], iterations)
    files["handout.json"] = json.dumps(handout, ensure_ascii=False) + "\n"
    files["handout.html"] = render_handout_page(handout, [f["question"] for f in fragments["html"]])
    files["answers.yaml"] = render("exercises/answers.yaml.j2", handout=handout)
    return files


def write_outputs(spec: Spec, sheets: Sequence[Sheet], formats: Sequence[str], out: Path,
                  iterations: int = DEFAULT_ITERATIONS) -> list[str]:
    """Write every file into a hidden sibling directory, then rename it into place (never a partial `out`)."""
    _check_target(out)
    try:
        out.parent.mkdir(parents=True, exist_ok=True)
        tmp = Path(tempfile.mkdtemp(prefix=f".{out.name}.partial-", dir=out.parent))
    except OSError as exc:
        raise UsageError(f"--out {out}: cannot create the output directory ({exc.strerror or exc})") from None
    done = False
    try:
        written = _write_all(spec, sheets, formats, tmp, iterations)
        (tmp / MARKER).write_text(f"rosenblatt {__version__}\n", encoding="utf-8")
        _swap_into_place(tmp, out)
        done = True
        return written
    except OSError as exc:
        raise UsageError(f"{out}: cannot write the output ({exc.strerror or exc})") from None
    finally:
        if not done:
            shutil.rmtree(tmp, ignore_errors=True)


_SAFE = re.compile(r"[A-Za-z0-9][A-Za-z0-9._-]{0,63}")


def folder_names(labels: Sequence[str]) -> list[str]:
    """A safe, distinct folder name per sheet label (student ids may hold `/`, `..` or differ only in case)."""
    lowered = Counter(label.lower() for label in labels)
    out = []
    for label in labels:
        if _SAFE.fullmatch(label) and lowered[label.lower()] == 1:
            out.append(label)
        else:
            stem = re.sub(r"[^A-Za-z0-9._-]+", "_", label).strip("._")[:40] or "student"
            out.append(f"{stem}-{hashlib.sha256(label.encode('utf-8')).hexdigest()[:8]}")
    return out


def _write_folder(folder: Path, files: dict[str, str]) -> None:
    folder.mkdir(parents=True)
    for name, text in files.items():
        (folder / name).write_text(text, encoding="utf-8")


def _write_all(spec: Spec, sheets: Sequence[Sheet], formats: Sequence[str], root: Path, iterations: int) -> list[str]:
    """Render in this thread (deterministic order); file system calls go to a few I/O threads."""
    from exercises.export import EXPORTS, export_files

    exports = [fmt for fmt in formats if fmt in EXPORTS]
    formats = [fmt for fmt in formats if fmt not in EXPORTS]
    combined: dict = {(fmt, role): [] for fmt in formats for role in ROLES}
    with ThreadPoolExecutor(max_workers=IO_THREADS) as pool:
        jobs = [pool.submit(_write_folder, root / "variants" / folder, _sheet_files(spec, sheet, formats, combined, iterations))
                for sheet, folder in zip(sheets, folder_names([s.label for s in sheets]))]
        top: dict[str, str] = {}
        for fmt in formats:
            if fmt == "json":
                top["exercises.json"] = document_json(spec, sheets)
                continue
            for role, stem in (("question", "problems"), ("key", "key")):
                top[f"{stem}.{fmt}"] = render_page(fmt, role, spec, combined[(fmt, role)])
        for job in jobs:
            job.result()  # re-raises an OSError from the writer
    for name, text in top.items():
        (root / name).write_text(text, encoding="utf-8")
    written = list(top)
    for fmt in exports:  # PrairieLearn questions, Moodle XML, a QTI zip
        for name, data in export_files(fmt, spec, sheets).items():
            (root / name).parent.mkdir(parents=True, exist_ok=True)
            (root / name).write_bytes(data)
        written.append({"prairielearn": "prairielearn/", "moodle": "moodle.xml", "qti": "qti.zip"}[fmt])
    return written


def _check_target(out: Path) -> None:
    if out.exists() and not out.is_dir():
        raise UsageError(f"--out {out}: exists and is not a directory")
    if out.is_dir() and any(out.iterdir()) and not (out / MARKER).exists():
        raise UsageError(f"--out {out}: directory is not empty and was not written by rosenblatt; "
                         "choose an empty or new directory")


def _swap_into_place(tmp: Path, out: Path) -> None:
    old = None
    if out.exists():
        old = out.parent / f".{out.name}.old-{os.getpid()}"
        out.rename(old)
    tmp.rename(out)
    if old is not None:
        shutil.rmtree(old, ignore_errors=True)

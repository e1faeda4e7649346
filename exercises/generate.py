"""The generation pipeline: specs + seed (or roster) -> sheets of exact, quality-checked, deduplicated variants."""

from __future__ import annotations

import hashlib
import json
import os
import re
import shutil
import tempfile
from collections import Counter
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Sequence

from rosenblatt import __version__
from rosenblatt.shared import UsageError, folder_names, render
from exercises.export import EXPORTS, export_files
from exercises.generation import macros, render_variant, Spec, Sheet, Variant
from exercises.answers import answer_key, build_handout, render_handout_page, DigestPlan, DEFAULT_PLAN
from exercises.kinds import get_kind


def variant_json(v: Variant, sheet: Sheet) -> dict:
    module = get_kind(v.kind)
    return {"id": v.id, "kind": v.kind, "seed": v.seed, "sheet": sheet.label, "exercise": v.number,
            "data": module.data_json(v.data), "answer": module.answer_json(v.data, v.solution), "key": answer_key(v)}


FORMATS = ("md", "tex", "html", "json")
PAGES = {"md": "exercises/page.md.j2", "tex": "exercises/page.tex.j2", "html": "exercises/page.html",
         "term": "exercises/page.term.j2"}


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
SHEETS_PER_WORKER = 8  # below 16 sheets a worker's start-up and the pickling cost more than they save
CHUNK = 16  # sheets per task sent to a worker (its writes overlap its rendering on the I/O threads)


def _sheet_files(spec: Spec, sheet: Sheet, formats: Sequence[str], plan: DigestPlan) -> tuple[dict[str, str], dict]:
    """Files of one sheet (under variants/<label>/), and its sections of the combined documents."""
    heading = f"Variant {sheet.label}" + (f" — {sheet.student_name}" if sheet.student_name else "")
    files: dict[str, str] = {}
    sections: dict = {}
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
            sections[(fmt, role)] = {"heading": heading, "body": body}
    handout = build_handout(spec.title, sheet, [f["question"] for f in fragments["md"]], plan)
    files["handout.json"] = json.dumps(handout, ensure_ascii=False) + "\n"
    files["handout.html"] = render_handout_page(handout, [f["question"] for f in fragments["html"]])
    files["answers.yaml"] = render("exercises/answers.yaml.j2", handout=handout)
    return files, sections


def write_outputs(spec: Spec, sheets: Sequence[Sheet], formats: Sequence[str], out: Path,
                  plan: DigestPlan = DEFAULT_PLAN, jobs: int | None = None) -> list[str]:
    """Write every file into a hidden sibling directory, then rename it into place (never a partial `out`)."""
    _check_target(out)
    try:
        out.parent.mkdir(parents=True, exist_ok=True)
        tmp = Path(tempfile.mkdtemp(prefix=f".{out.name}.partial-", dir=out.parent))
    except OSError as exc:
        raise UsageError(f"--out {out}: cannot create the output directory ({exc.strerror or exc})") from None
    done = False
    try:
        written = _write_all(spec, sheets, formats, tmp, plan, jobs)
        names = sorted(p.name for p in tmp.iterdir())  # what this run wrote: a rerun replaces these, nothing else
        (tmp / MARKER).write_text(f"rosenblatt {__version__}\n" + "".join(f"{n}\n" for n in names), encoding="utf-8")
        _swap_into_place(tmp, out)
        done = True
        return written
    except OSError as exc:
        raise UsageError(f"{out}: cannot write the output ({exc.strerror or exc})") from None
    finally:
        if not done:
            shutil.rmtree(tmp, ignore_errors=True)




def _write_folder(folder: Path, files: dict[str, str]) -> None:
    folder.mkdir(parents=True)
    for name, text in files.items():
        (folder / name).write_text(text, encoding="utf-8")


def _write_all(spec: Spec, sheets: Sequence[Sheet], formats: Sequence[str], root: Path, plan: DigestPlan,
               jobs: int | None) -> list[str]:
    """Every sheet's folder (on `jobs` processes, or rendered here with I/O threads), then the combined files."""
    exports = [fmt for fmt in formats if fmt in EXPORTS]
    formats = [fmt for fmt in formats if fmt not in EXPORTS]
    folders = [root / "variants" / name for name in folder_names([s.label for s in sheets])]
    sections, done = None, {}
    document = (lambda: done.update(json=document_json(spec, sheets))) if "json" in formats else None
    workers = pool_size(len(sheets), jobs)
    if workers > 1:
        from concurrent.futures.process import BrokenProcessPool
        try:  # the parent writes exercises.json while the workers do the sheets
            sections = sheets_in_processes(workers, spec, sheets, formats, plan, folders, document)
        except BrokenProcessPool:  # a worker died (killed, or could not start): do the work here instead
            shutil.rmtree(root / "variants", ignore_errors=True)
    if sections is None:
        sections = _sheets_here(spec, sheets, formats, plan, folders)
    if document and "json" not in done:
        document()
    top: dict[str, str] = {}
    for fmt in formats:
        if fmt == "json":
            top["exercises.json"] = done["json"]
            continue
        for role, stem in (("question", "problems"), ("key", "key")):
            top[f"{stem}.{fmt}"] = render_page(fmt, role, spec, [s[(fmt, role)] for s in sections])
    for name, text in top.items():
        (root / name).write_text(text, encoding="utf-8")
    written = list(top)
    for fmt in exports:  # PrairieLearn questions, Moodle XML, a QTI zip
        for name, data in export_files(fmt, spec, sheets).items():
            (root / name).parent.mkdir(parents=True, exist_ok=True)
            (root / name).write_bytes(data)
        written.append({"prairielearn": "prairielearn/", "moodle": "moodle.xml", "qti": "qti.zip"}[fmt])
    return written


def _sheets_here(spec: Spec, sheets: Sequence[Sheet], formats: Sequence[str], plan: DigestPlan,
                 folders: list[Path]) -> list[dict]:
    """Render in this thread (deterministic order); file system calls go to a few I/O threads."""
    sections = []
    with ThreadPoolExecutor(max_workers=IO_THREADS) as pool:
        writes = []
        for sheet, folder in zip(sheets, folders):
            files, parts = _sheet_files(spec, sheet, formats, plan)
            writes.append(pool.submit(_write_folder, folder, files))
            sections.append(parts)
        for job in writes:
            job.result()  # re-raises an OSError from the writer
    return sections


def sheet_chunk(args: tuple) -> list[dict]:
    """A run of sheets in a worker process: render, digest and write their folders (writes on I/O threads)."""
    spec, sheets, formats, plan, folders = args
    return _sheets_here(spec, sheets, formats, plan, folders)


def pool_size(sheets: int, jobs: int | None) -> int:
    """Worker processes for this many sheets: `jobs` when given, else every core once there is enough work."""
    if jobs is not None:
        return max(1, min(jobs, sheets))
    return min(os.cpu_count() or 1, sheets // SHEETS_PER_WORKER) if sheets >= 2 * SHEETS_PER_WORKER else 1


def sheets_in_processes(workers: int, spec: Spec, sheets: Sequence[Sheet], formats: Sequence[str],
                        plan: DigestPlan, folders: list[Path], meanwhile=None) -> list[dict]:
    """The sheets in runs on worker processes; results come back in order, so the output is the same bytes.
    `meanwhile` (if given) runs in this process while the workers work.

    Forked workers inherit the loaded modules (no second start-up); a parent with other threads alive spawns
    fresh interpreters instead, since forking a threaded process can deadlock.
    """
    import multiprocessing
    import threading
    from concurrent.futures import ProcessPoolExecutor

    method = "fork" if threading.active_count() == 1 and "fork" in multiprocessing.get_all_start_methods() else "spawn"
    size = max(1, min(CHUNK, len(sheets) // (4 * workers)))
    chunks = [(spec, sheets[k:k + size], formats, plan, folders[k:k + size]) for k in range(0, len(sheets), size)]
    with ProcessPoolExecutor(max_workers=workers, mp_context=multiprocessing.get_context(method)) as pool:
        runs = pool.map(sheet_chunk, chunks)  # submits every chunk now
        if meanwhile is not None:
            meanwhile()
        return [sections for run in runs for sections in run]


def _check_target(out: Path) -> None:
    if out.exists() and not out.is_dir():
        raise UsageError(f"--out {out}: exists and is not a directory")
    if not out.is_dir() or not any(out.iterdir()):
        return
    if not (out / MARKER).exists():
        raise UsageError(f"--out {out}: directory is not empty and was not written by rosenblatt; choose an empty "
                         f"or new directory, or delete this one first (rm -r {out}) to write there")
    listed = (out / MARKER).read_text(encoding="utf-8", errors="replace").splitlines()[1:]
    foreign = sorted(p.name for p in out.iterdir() if p.name != MARKER and p.name not in listed) if listed else []
    if foreign:
        shown = ", ".join(foreign[:3]) + (", ..." if len(foreign) > 3 else "")
        raise UsageError(f"--out {out}: holds files rosenblatt did not write ({shown}), which a rerun would delete; "
                         f"move them out, or choose another directory")


def _swap_into_place(tmp: Path, out: Path) -> None:
    old = None
    if out.exists():
        old = out.parent / f".{out.name}.old-{os.getpid()}"
        out.rename(old)
    tmp.rename(out)
    if old is not None:
        shutil.rmtree(old, ignore_errors=True)

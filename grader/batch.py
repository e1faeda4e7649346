"""Grade a batch: discover submissions, grade on N workers, write results atomically, skip what is already graded."""

from __future__ import annotations

import secrets
import sys
import threading
import traceback
from concurrent.futures import FIRST_COMPLETED, ThreadPoolExecutor, wait
from dataclasses import dataclass
from pathlib import Path
from typing import Callable, Iterable

from exercises.errors import RosenblattError, SubmissionError
from grader.assignment import BUNDLED, Assignment
from grader.grading import Report, Suite, grade, source_key
from grader.gradebook import row_from_results, write_gradebook
from grader.report import atomic_write, load_results, write_submission

PRIVATE = ".rosenblatt"
SKIP_NAMES = {"__pycache__", ".git", ".ipynb_checkpoints"}


@dataclass(frozen=True)
class Submission:
    """One student's file; `name` is its output folder."""

    name: str
    path: Path


def preset_samples(folder: Path) -> list[Path]:
    """Sub-folders of several .py files named after a bundled assignment: that preset's sample submissions
    (as in this repository's submissions/), graded with `--assignment NAME`, not as one student's folder."""
    names = {p.stem for p in BUNDLED.glob("*.yaml")}
    return [e for e in sorted(folder.iterdir()) if e.is_dir() and e.name in names and len(list(e.glob("*.py"))) > 1]


def _from_folder(folder: Path) -> list[Submission]:
    out = []
    samples = set(preset_samples(folder))
    for entry in sorted(folder.iterdir()):
        if entry.name.startswith(".") or entry.name in SKIP_NAMES or entry in samples:
            continue
        if entry.is_file():
            out.append(Submission(entry.stem, entry))
        elif entry.is_dir():
            pys = sorted(entry.glob("*.py"))
            out.append(Submission(entry.name, pys[0] if len(pys) == 1 else entry))
    return out


def discover(paths: Iterable[Path]) -> list[Submission]:
    """Files and folders of files to grade; empty folders, missing paths and duplicate names are SubmissionErrors."""
    found: list[Submission] = []
    for p in paths:
        if not p.exists():
            raise SubmissionError(f"{p}: no such file or folder")
        subs = _from_folder(p) if p.is_dir() else [Submission(p.stem, p)]
        if not subs:
            raise SubmissionError(f"{p}: the folder has no submissions (expected .py files or one folder per student)")
        found += subs
    seen: dict[str, Path] = {}
    for s in found:
        if s.name in seen:
            raise SubmissionError(f"two submissions are both named {s.name!r}: {seen[s.name]} and {s.path}; "
                                  "rename one (results go to one folder per name)")
        seen[s.name] = s.path
    return found


def run_seed(out: Path, seed: str | None) -> str:
    """The hidden-case seed: `--seed` if given, else the one recorded under OUT (created once, grader-private)."""
    if seed:
        return seed
    path = out / PRIVATE / "seed"
    if path.is_file():
        return path.read_text(encoding="utf-8").strip()
    path.parent.mkdir(parents=True, exist_ok=True)
    value = secrets.token_hex(16)
    path.write_text(value + "\n", encoding="utf-8")
    path.chmod(0o600)
    return value


class _Sandboxes:
    """One sandbox per worker thread, all closed at the end."""

    def __init__(self, factory: Callable[[], object]):
        self._factory, self._local, self._all, self._lock = factory, threading.local(), [], threading.Lock()

    def get(self):
        box = getattr(self._local, "box", None)
        if box is None:
            box = self._local.box = self._factory()
            with self._lock:
                self._all.append(box)
        return box

    def close(self) -> None:
        for box in self._all:
            close = getattr(box, "close", None) or getattr(box, "__exit__", None)
            if close is not None:
                close() if close.__name__ == "close" else close(None, None, None)


def _read(sub: Submission) -> tuple[bytes, str]:
    if sub.path.is_dir():
        return b"", "folder"
    return sub.path.read_bytes(), sub.path.name


def grade_one(boxes: _Sandboxes, suite: Suite, sub: Submission, out: Path, force: bool, factory=None,
              stop: threading.Event | None = None) -> dict | None:
    """Grade one submission (or reuse its results when nothing changed); return its gradebook row.

    Returns None without writing anything when `stop` was set meanwhile (Ctrl-C may have hit the sandbox too).
    """
    source, filename = _read(sub)
    key = source_key(suite.assignment, suite.commitment, source)
    target = out / sub.name
    old = None if force else load_results(target / "results.json")
    if old and old.get("extra_data", {}).get("rosenblatt", {}).get("key") == key:
        return row_from_results(sub.name, old, skipped=True)
    try:
        if filename == "folder":
            report = Report(sub.name, sub.path.name, "ungradable", "a folder without exactly one .py file", 0.0,
                            suite.max_score)
        else:
            report = grade(boxes.get(), suite, sub.name, filename, source, factory)
    except RosenblattError:
        raise  # the sandbox could not be built, say: stop the batch with its message (rerun resumes)
    except Exception as exc:  # noqa: BLE001 - the per-submission boundary: a grader bug must not stop the batch
        log = out / PRIVATE / "errors" / f"{sub.name}.txt"
        atomic_write(log, traceback.format_exc())  # grader-private: the traceback may show hidden data
        report = Report(sub.name, filename, "grader_error", f"internal grader error ({type(exc).__name__}); "
                        f"the traceback is in {log}", 0.0, suite.max_score)
    if stop is not None and stop.is_set():
        return None
    meta = {"key": key, "assignment": suite.assignment.name, "assignment_sha256": suite.assignment.digest,
            "seed_sha256": suite.commitment, **report.meta}
    data = write_submission(target, report, suite.assignment, meta)
    return row_from_results(sub.name, data, skipped=False)


class Progress:
    """A one-line progress bar on stderr, only when it is a terminal."""

    def __init__(self, total: int, enabled: bool | None = None):
        self.total, self.done = total, 0
        self.enabled = sys.stderr.isatty() if enabled is None else enabled

    def step(self, name: str) -> None:
        self.done += 1
        if self.enabled:
            width = 30
            fill = width * self.done // max(1, self.total)
            sys.stderr.write(f"\r[{'#' * fill}{'.' * (width - fill)}] {self.done}/{self.total} {name[:30]:<30}")
            if self.done == self.total:
                sys.stderr.write("\n")
            sys.stderr.flush()


def grade_batch(a: Assignment, subs: list[Submission], out: Path, seed: str, jobs: int, force: bool,
                sandbox_factory: Callable[[], object], progress: bool | None = None, factory=None) -> list[dict]:
    """Grade everything; on Ctrl-C write the gradebook for what was graded, then re-raise KeyboardInterrupt."""
    suite = Suite(a, seed)
    boxes = _Sandboxes(sandbox_factory)
    rows: dict[str, dict] = {}
    bar = Progress(len(subs), progress)
    pool = ThreadPoolExecutor(max_workers=max(1, jobs))
    stop = threading.Event()
    try:
        pending = {pool.submit(grade_one, boxes, suite, s, out, force, factory, stop): s for s in subs}
        while pending:
            done, _ = wait(pending, return_when=FIRST_COMPLETED)
            for fut in done:
                sub = pending.pop(fut)
                row = fut.result()
                if row is not None:
                    rows[sub.name] = row
                bar.step(sub.name)
    except KeyboardInterrupt:
        stop.set()  # submissions still running are not written: their children may have been interrupted too
        raise
    finally:
        pool.shutdown(wait=True, cancel_futures=True)
        boxes.close()
        ordered = [rows[s.name] for s in subs if s.name in rows]
        write_gradebook(out, a, ordered)
    return ordered

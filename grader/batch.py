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

from rosenblatt.shared import atomic_write, RosenblattError, SubmissionError, display_name, folder_name
from grader.assignments import BUNDLED, Assignment
from grader.grading import grade
from grader.graded import Report
from grader.reports import row_from_results, write_gradebook, load_results, results_json, write_submission
from grader.intake import read_submission
from grader.suite import Suite, source_key

PRIVATE = ".rosenblatt"
SKIP_NAMES = {"__pycache__", ".git", ".ipynb_checkpoints"}


@dataclass(frozen=True)
class Submission:
    """One student's file; `name` identifies it, `folder` (a safe, bounded form of it) holds its results."""

    name: str
    path: Path

    @property
    def folder(self) -> str:
        return folder_name(self.name)


def preset_samples(folder: Path) -> list[Path]:
    """Sub-folders of several .py files named after a bundled assignment: that preset's sample submissions
    (as in this repository's submissions/), graded with `--assignment NAME`, not as one student's folder."""
    names = {p.stem for p in BUNDLED.glob("*.yaml")}
    return [e for e in sorted(folder.iterdir())
            if e.is_dir() and not e.is_symlink() and e.name in names and len(list(e.glob("*.py"))) > 1]


def _from_folder(folder: Path) -> list[Submission]:
    out = []
    samples = set(preset_samples(folder))
    for entry in sorted(folder.iterdir()):
        if entry.name.startswith(".") or entry.name in SKIP_NAMES or entry in samples:
            continue
        if entry.is_dir() and not entry.is_symlink():
            files = sorted(entry.glob("*.py")) + sorted(entry.glob("*.ipynb"))
            out.append(Submission(entry.name, files[0] if len(files) == 1 else entry))
        else:  # files, and anything else (symlinks, fifos...): refused when read, with a verdict of its own
            out.append(Submission(entry.stem, entry))
    return out


def discover(paths: Iterable[Path]) -> list[Submission]:
    """Files and folders of files to grade; empty folders, missing paths and duplicate names are SubmissionErrors."""
    found: list[Submission] = []
    for p in paths:
        if not p.exists() and not p.is_symlink():
            raise SubmissionError(f"{p}: no such file or folder")
        subs = _from_folder(p) if p.is_dir() else [Submission(p.stem, p)]  # a folder named by the instructor
        if not subs:
            raise SubmissionError(f"{p}: the folder has no submissions (expected .py or .ipynb files, or one "
                                  "folder per student)")
        found += subs
    seen: dict[str, Path] = {}
    for s in found:
        if s.folder.lower() in seen:
            raise SubmissionError(f"two submissions are both named {display_name(s.name)!r}: "
                                  f"{display_name(str(seen[s.folder.lower()]))} and {display_name(str(s.path))}; "
                                  "rename one (results go to one folder per name)")
        seen[s.folder.lower()] = s.path
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


def grade_one(boxes: _Sandboxes, suite: Suite, sub: Submission, out: Path, force: bool, factory=None,
              stop: threading.Event | None = None) -> dict | None:
    """Grade one submission (or reuse its results when nothing changed); return its gradebook row.

    Everything done for one submission, writing its files included, stays inside its error boundary: whatever
    happens costs that submission a verdict, never the batch. Returns None without writing anything when `stop`
    was set meanwhile (Ctrl-C may have hit the sandbox too).
    """
    source, filename, refused = read_submission(sub.path)
    key = source_key(suite.assignment, suite.commitment, source if not refused else b"\0refused: " + refused.encode())
    target, name = out / sub.folder, display_name(sub.name)
    old = None if force else load_results(target / "results.json")
    kept = old.get("extra_data", {}).get("rosenblatt", {}) if old else {}
    if kept.get("key") == key and not kept.get("starved"):  # a busy machine's timeout is never kept
        return row_from_results(name, old, skipped=True)
    try:
        if refused:
            report = Report(name, filename, "ungradable", refused, 0.0, suite.max_score)
        else:
            report = grade(boxes.get(), suite, name, filename, source, factory)
    except Exception as exc:  # noqa: BLE001 - the per-submission boundary: a grader bug must not stop the batch
        report = _grader_error(out, sub, name, filename, suite, exc)
    if stop is not None and stop.is_set():
        return None
    meta = {"key": key, "assignment": suite.assignment.name, "assignment_sha256": suite.assignment.digest,
            "seed_sha256": suite.commitment, **report.meta}
    try:
        data = write_submission(target, report, suite.assignment, meta)
    except Exception as exc:  # noqa: BLE001 - writing its files failed (disk full, say): record that, go on
        report = _grader_error(out, sub, name, filename, suite, exc)
        data = results_json(report, suite.assignment, meta)
    return row_from_results(name, data, skipped=False)


def _grader_error(out: Path, sub: Submission, name: str, filename: str, suite: Suite, exc: Exception) -> Report:
    """A grader_error report; the traceback goes to a grader-private log (it may show hidden data)."""
    if isinstance(exc, RosenblattError):  # the sandbox could not be built for this one, say: its own sentence
        message = f"the grader failed on this submission: {exc.message}"
    else:
        log = out / PRIVATE / "errors" / f"{sub.folder}.txt"
        message = f"internal grader error ({type(exc).__name__}); the traceback is in {log}"
        try:
            atomic_write(log, traceback.format_exc())
        except OSError as err:
            message = f"internal grader error ({type(exc).__name__}); its log could not be written ({err.strerror})"
    return Report(name, filename, "grader_error", message, 0.0, suite.max_score)


def _again_alone(rows: dict[str, dict], subs: list[Submission], boxes: _Sandboxes, suite: Suite, out: Path,
                 factory, stop: threading.Event) -> None:
    """Grade once more, one at a time, each submission a busy machine timed out (its job waited for a CPU past the
    cap on that credit before it used its own limit): the batch's own jobs are done by now. The second result
    stands, whatever it is (one retry, never more)."""
    for sub in subs:
        if rows.get(sub.name, {}).get("starved"):
            row = grade_one(boxes, suite, sub, out, True, factory, stop)
            if row is not None:
                rows[sub.name] = row


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
            shown = display_name(name, 30)
            sys.stderr.write(f"\r[{'#' * fill}{'.' * (width - fill)}] {self.done}/{self.total} {shown:<30}")
            if self.done == self.total:
                sys.stderr.write("\n")
            sys.stderr.flush()


def grade_batch(a: Assignment, subs: list[Submission], out: Path, seed: str, jobs: int, force: bool,
                sandbox_factory: Callable[[], object], progress: bool | None = None, factory=None,
                names: dict[str, str] | None = None) -> list[dict]:
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
        _again_alone(rows, subs, boxes, suite, out, factory, stop)
    except KeyboardInterrupt:
        stop.set()  # submissions still running are not written: their children may have been interrupted too
        raise
    finally:
        pool.shutdown(wait=True, cancel_futures=True)
        boxes.close()
        ordered = [rows[s.name] for s in subs if s.name in rows]
        write_gradebook(out, a, ordered, names)
    return ordered

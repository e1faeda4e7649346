"""Gradescope: grade the one submission inside the autograder container, and build the autograder zip."""

from __future__ import annotations

import io
import json
import os
import secrets
import zipfile
from pathlib import Path
from typing import Callable

from rosenblatt.shared import atomic_write, AssignmentError
from grader.platforms import vendored
from grader.assignments import Assignment
from grader.grading import grade
from grader.graded import Report
from grader.intake import read_submission
from grader.reports import results_json
from grader.suite import Suite, commitment, source_key

SETUP_SH = """#!/usr/bin/env bash
# Gradescope runs this once when it builds the autograder image: Rosenblatt's dependencies in a venv.
set -euo pipefail
apt-get update && apt-get install -y python3 python3-pip python3-venv
python3 -m venv /autograder/venv
/autograder/venv/bin/pip install -r /autograder/source/rosenblatt/requirements.txt
"""
RUN_AUTOGRADER = """#!/usr/bin/env bash
# Gradescope runs this for each submission; it writes /autograder/results/results.json.
# Rosenblatt itself is the copy in /autograder/source/rosenblatt (its packages, as a wheel lays them out).
cd /autograder/source
export PYTHONPATH=/autograder/source/rosenblatt
exec /autograder/venv/bin/python -m exercises gradescope --assignment /autograder/source/assignment/{name}
"""


def pick_submission(submission_dir: Path, function: str) -> Path | None:
    """The submitted file: one named after the function (or `submission`) first, a .py before a .ipynb; symlinked
    folders are not entered."""
    found: dict[str, list[Path]] = {".py": [], ".ipynb": []}
    for root, dirs, files in os.walk(submission_dir):  # followlinks=False: a symlinked folder is not walked
        dirs[:] = [d for d in dirs if not d.startswith(".")]
        for f in files:
            if Path(f).suffix in found and not f.startswith("."):
                found[Path(f).suffix].append(Path(root) / f)
    ordered = sorted(found[".py"]) + sorted(found[".ipynb"])
    named = [p for p in ordered if p.stem in (function, "submission")]
    return (named or ordered or [None])[0]


def grade_in_container(a: Assignment, submission_dir: Path, results: Path, secret_file: Path,
                       sandbox_factory: Callable[[], object]) -> int:
    """Grade the submission in Gradescope's folder and write results.json where Gradescope expects it."""
    seed = secret_file.read_text(encoding="utf-8").strip() if secret_file.is_file() else secrets.token_hex(16)
    suite = Suite(a, seed)
    path = pick_submission(submission_dir, a.function) if submission_dir.is_dir() else None
    none = (b"", "", "no .py file or .ipynb notebook was submitted")
    source, filename, refused = read_submission(path) if path else none
    meta = {"key": source_key(a, suite.commitment, source), "assignment": a.name, "assignment_sha256": a.digest,
            "seed_sha256": commitment(seed)}
    if refused:
        report = Report(path.stem if path else "submission", filename, "ungradable", refused, 0.0, suite.max_score)
    else:
        box = sandbox_factory()
        try:
            report = grade(box, suite, path.stem, filename, source)
        except Exception as exc:  # noqa: BLE001 - the per-submission boundary
            report = Report(path.stem, path.name, "grader_error", f"internal grader error ({type(exc).__name__})",
                            0.0, suite.max_score)
        finally:
            box.__exit__(None, None, None)
    atomic_write(results, json.dumps(results_json(report, a, {**meta, **report.meta}), indent=2) + "\n")
    return 0


def _add(z: zipfile.ZipFile, name: str, data: bytes, executable: bool = False) -> None:
    info = zipfile.ZipInfo(name, date_time=(2020, 1, 1, 0, 0, 0))
    info.external_attr = (0o755 if executable else 0o644) << 16
    info.compress_type = zipfile.ZIP_DEFLATED
    z.writestr(info, data)


def build_package(a: Assignment, assignment_path: Path, out: Path) -> None:
    """The autograder zip: setup.sh, run_autograder, the assignment and handout, a course secret, and Rosenblatt (its
    packages from the running code, and a requirements.txt of its dependencies for setup.sh)."""
    if not assignment_path.is_file():
        raise AssignmentError(f"{assignment_path}: no such file")
    requirements = vendored.requirements()  # before the zip is opened: no half-written zip if it cannot be read
    buffer = io.BytesIO()  # built whole in memory, then written atomically: never a half-written zip at `out`
    with zipfile.ZipFile(buffer, "w") as z:
        _add(z, "setup.sh", SETUP_SH.encode(), executable=True)
        _add(z, "run_autograder", RUN_AUTOGRADER.format(name=assignment_path.name).encode(), executable=True)
        _add(z, "secret.txt", (secrets.token_hex(16) + "\n").encode())
        _add(z, f"assignment/{assignment_path.name}", assignment_path.read_bytes())
        if a.handout:
            _add(z, f"assignment/{Path(a.handout).name}", Path(a.handout).read_bytes())
        _add(z, "rosenblatt/requirements.txt", requirements.encode())
        for name, data in vendored.package_files().items():
            _add(z, f"rosenblatt/{name}", data)
    atomic_write(out, buffer.getvalue())

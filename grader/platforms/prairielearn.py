"""PrairieLearn's external grader: grade the job in /grade and write /grade/results/results.json in its format."""

from __future__ import annotations

import base64
import json
import os
import secrets
import sys
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Callable

from rosenblatt import __version__
from rosenblatt.shared import atomic_write, md_inline, read_yaml_file, AssignmentError, RosenblattError, render
from grader import assignments
from grader.assignments import Assignment
from grader.platforms.gradescope import pick_submission
from grader.intake import read_submission
from grader.grading import grade
from grader.graded import Report
from grader.reports import check_text, view
from grader.suite import Suite, commitment, source_key

CONFIG = "rosenblatt.yaml"  # in the question's tests/ folder: `assignment: NAME|FILE`
SECRET = "secret.txt"  # in the question's tests/ folder: the hidden-case seed
MAX_RESULTS = 1_000_000  # PrairieLearn's limit on results.json


@dataclass(frozen=True)
class Job:
    """Where one grading job's files are (PrairieLearn mounts them under /grade)."""

    student: Path
    data: Path
    tests: Path
    results: Path

    @classmethod
    def under(cls, root: Path, **overrides: Path | None) -> "Job":
        paths = {"student": root / "student", "data": root / "data" / "data.json", "tests": root / "tests",
                 "results": root / "results" / "results.json"}
        paths.update({k: v for k, v in overrides.items() if v is not None})
        return cls(**paths)


def _data(job: Job) -> dict:
    """data.json (the question's params and the student's answers); missing or unreadable gives {}."""
    try:
        doc = json.loads(job.data.read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return {}
    return doc if isinstance(doc, dict) else {}


def choose_assignment(job: Job, flag: str | None) -> Assignment:
    """--assignment, else data.json's params.rosenblatt_assignment, else tests/rosenblatt.yaml, else the default.

    A name that is not bundled is looked up as a file in the question's tests/ folder.
    """
    name = flag
    params = _data(job).get("params")
    if name is None and isinstance(params, dict) and isinstance(params.get("rosenblatt_assignment"), str):
        name = params["rosenblatt_assignment"]
    config = job.tests / CONFIG
    if name is None and config.is_file():
        doc = read_yaml_file(config, error=AssignmentError)
        if not isinstance(doc, dict) or not isinstance(doc.get("assignment"), str):
            raise AssignmentError(f"{config}: assignment: must name a bundled assignment or a YAML file in tests/")
        name = doc["assignment"]
    local = job.tests / name if name else None
    return assignments.load(str(local) if local is not None and local.is_file() else name)


def _seed(job: Job) -> str:
    path = job.tests / SECRET
    return path.read_text(encoding="utf-8").strip() if path.is_file() else secrets.token_hex(16)


def protect(job: Job) -> None:
    """As root, make the question's tests/ and data/ unreadable to the sandbox's unprivileged uid (weak isolation).

    The seed and data.json are read before any student code runs; under strong isolation they are not even
    mounted in the child.
    """
    if os.geteuid() != 0:
        return
    for path in (job.tests, job.data.parent):
        try:
            if path.is_dir():
                path.chmod(0o700)
        except OSError as exc:  # a read-only mount: say so in the job's log and go on
            print(f"rosenblatt: could not restrict {path}: {exc.strerror}", file=sys.stderr)


def _image(fig: dict | None, label: str) -> dict | None:
    if fig is None:
        return None
    svg = render("grader/figure_image.svg", fig=fig)
    return {"label": label, "url": "data:image/svg+xml;base64," + base64.b64encode(svg.encode()).decode("ascii")}


def _tests(report: Report, a: Assignment) -> tuple[list[dict], list[dict]]:
    """PrairieLearn tests (visible cases one by one, hidden families as a whole) and the figures of failures."""
    ctx = view(report, a)
    per_visible = a.visible_points / max(1, len(ctx["visible"]))
    tests, images = [], []
    for v in ctx["visible"]:
        image = _image(v["figure"], f"{v['id']}: your boundary and the expected one")
        tests.append({"name": f"{v['id']}: {v['family']}", "description": v["title"],
                      "points": round(per_visible if v["passed"] else 0.0, 2), "max_points": round(per_visible, 2),
                      "message": ("passed: " if v["passed"] else "failed: your function ") + md_inline(v["message"]),
                      "output": render("grader/prairielearn_test.txt.j2", v=v), **({"images": [image]} if image else {})})
        images += [image] if image else []
    for f in ctx["families"]:
        tests.append({"name": f"hidden: {f['family']}", "description": f"{f['total']} hidden case"
                      + ("s" if f["total"] != 1 else ""), "points": f["score"], "max_points": f["points"],
                      "message": render("grader/prairielearn_hidden.txt.j2", f=f).strip(), "output": ""})
    return tests, images


def results(report: Report, a: Assignment, meta: dict) -> dict:
    """results.json in PrairieLearn's format: score in [0, 1], or gradable false with format_errors."""
    extra = {"rosenblatt": {**meta, "status": report.status, "version": __version__,
                            "findings": [f.name for f in report.findings if f.kind != "observed"]}}
    if report.status != "graded":  # the reason may quote the student's error: escaped (its advice is ours)
        message = md_inline(report.reason) + (f". {report.hint}" if report.hint else "")
        return {"gradable": False, "format_errors": [message], "message": message,
                "output": check_text(report, a), **extra}
    tests, images = _tests(report, a)
    score = min(1.0, max(0.0, report.score / report.max_score)) if report.max_score else 0.0
    message = "; ".join(f"{'likely bug' if f.likely else 'found'}: {f.title}" for f in report.findings
                        if f.kind != "observed") or \
        ("all tests passed" if score == 1.0 else "some tests failed")
    out = {"gradable": True, "score": round(score, 4), "message": message, "output": check_text(report, a),
           "tests": tests, "images": images[:1], **extra}
    if len(json.dumps(out)) > MAX_RESULTS:  # keep under PrairieLearn's limit: figures go first
        out["images"] = []
        for t in out["tests"]:
            t.pop("images", None)
    return out


def grade_job(job: Job, flag: str | None, sandbox_factory: Callable[[Assignment], Any]) -> int:
    """Grade the job's one submission and write results.json (always, also for a grader failure)."""
    try:
        a = choose_assignment(job, flag)
        seed = _seed(job)
        protect(job)
        suite = Suite(a, seed)
        path = pick_submission(job.student, a.function) if job.student.is_dir() else None
        none = (b"", "", "no .py file or .ipynb notebook was submitted")
        source, filename, refused = read_submission(path) if path else none
        meta = {"key": source_key(a, suite.commitment, source), "assignment": a.name,
                "assignment_sha256": a.digest, "seed_sha256": commitment(seed)}
        if refused:
            report = Report(path.stem if path else "submission", filename, "ungradable", refused, 0.0,
                            suite.max_score)
        else:
            with sandbox_factory(a) as box:
                report = grade(box, suite, path.stem, filename, source)
        data = results(report, a, {**meta, **report.meta})
    except RosenblattError as err:  # a broken question (assignment file, say): not the student's fault
        data = {"gradable": False, "format_errors": [f"the question is misconfigured: {err.message}"],
                "message": "The question is misconfigured; please tell the course staff."}
    except Exception as exc:  # noqa: BLE001 - the job's outermost boundary: PrairieLearn needs a result file
        data = {"gradable": False, "format_errors": [f"internal grader error ({type(exc).__name__})"],
                "message": "Rosenblatt failed while grading; please tell the course staff."}
        print(f"rosenblatt: internal grader error ({type(exc).__name__})", file=sys.stderr)  # the log may be shown
    atomic_write(job.results, json.dumps(data, indent=2, ensure_ascii=False) + "\n")
    return 0

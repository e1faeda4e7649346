"""Student-facing reports: Gradescope results.json, feedback.md and feedback.html (all text from templates/grader)."""

from __future__ import annotations

import json
from collections import Counter
from pathlib import Path
from typing import Any

from rosenblatt import __version__
from rosenblatt.shared import atomic_write, render
from grader.judging import spec_of
from grader.graded import Report
from grader.reports.views import visible_view
from grader.intake import summary as notebook_summary

STDOUT_LIMIT = 2000
STATUS_WORDS = {
    "wrong": "wrong values", "malformed": "values of the wrong kind or shape", "raised": "an exception",
    "timeout": "over the time limit", "crashed": "a crash", "memory": "over the memory limit",
    "mutated": "inputs modified", "hook": "the hook called with other than one argument",
    "bad-output": "a value that cannot be sent back",
    "not-run": "not run (time budget used up)",
}


def _hidden_statuses(a, report: Report) -> dict[str, set[str]]:
    """Per family key, how its failed hidden cases failed (in words); one pass over the results."""
    out: dict[str, set[str]] = {}
    for r in report.results:
        if not r.case.visible and not r.verdict.passed:
            key = a.family_key(spec_of(a, r.case), r.case.family)
            out.setdefault(key, set()).add(STATUS_WORDS.get(r.verdict.status, r.verdict.status))
    return out


def _family_view(report: Report, failed: dict[str, set[str]], family: str, score: float, points: int,
                 passed: int, total: int) -> dict:
    names = [f for f in report.findings if family in f.families and f.kind != "observed"]
    return {"family": family, "score": score, "points": points, "passed": passed, "total": total,
            "mistakes": names, "statuses": sorted(failed.get(family, ()))}


def view(report: Report, assignment) -> dict:
    """Everything the feedback templates need (never a hidden case's data or output)."""
    found = {f.name: f for f in report.findings}
    visible = [visible_view(assignment, r, found) for r in report.results if r.case.visible]
    failed = _hidden_statuses(assignment, report)
    families = [_family_view(report, failed, *f) for f in report.families if not f[0].endswith("visible")]
    used = report.meta.get("names") or {}  # a course that accepts several names: say the one the student wrote
    for item in visible + families:
        for key in ("id", "family"):
            head, sep, tail = str(item.get(key, "")).partition("/")
            if sep and head in used:
                item[key] = f"{used[head]}/{tail}"
    stdout = report.stdout[:STDOUT_LIMIT] + ("\n…(cut)" if len(report.stdout) > STDOUT_LIMIT else "")
    return {"r": report, "a": assignment, "visible": visible, "families": families, "stdout": stdout,
            "findings": report.findings, "version": __version__, "notebook": notebook_summary(report.notebook)}


def results_json(report: Report, assignment, meta: dict, ctx: dict | None = None) -> dict:
    """Gradescope's results.json: score, max_score, tests (name, score, max_score, status, output, visibility, tags).

    `ctx` is `view(report, assignment)` when the caller has it already.
    """
    ctx = ctx if ctx is not None else view(report, assignment)
    tests = []
    counts = Counter(spec_of(assignment, r.case).name for r in report.results if r.case.visible)
    for v, r in zip(ctx["visible"], [r for r in report.results if r.case.visible]):
        f = spec_of(assignment, r.case)
        per_visible = f.visible_points / counts[f.name]
        tests.append({"name": f"{v['id']}: {v['family']} ({v['title']})",
                      "score": round(per_visible if v["passed"] else 0.0, 2), "max_score": round(per_visible, 2),
                      "status": "passed" if v["passed"] else "failed", "visibility": "visible",
                      "output": render("grader/visible_test.md.j2", v=v), "output_format": "md", "tags": v["tags"]})
    for f in ctx["families"]:
        tests.append({"name": f"Hidden: {f['family']} ({f['total']} case{'s' if f['total'] != 1 else ''})",
                      "score": f["score"], "max_score": f["points"],
                      "status": "passed" if f["passed"] == f["total"] else "failed", "visibility": "visible",
                      "output": render("grader/hidden_test.md.j2", f=f), "output_format": "md",
                      "tags": [f["family"]]})
    return {
        "score": report.score, "max_score": report.max_score, "execution_time": round(report.seconds, 3),
        "output": render("grader/summary_output.md.j2", **ctx), "output_format": "md",
        "visibility": "visible", "stdout_visibility": "hidden", "tests": tests,
        "extra_data": {"rosenblatt": {**meta, "status": report.status, "message": report.message,
                                      "version": __version__, "findings": [f.name for f in report.findings
                                                                   if f.kind != "observed"],
                                      "families": {f[0]: [f[1], f[2]] for f in report.families},
                                      "isolation": report.isolation, "cases": report.case_summary()}},
    }


def write_submission(out: Path, report: Report, assignment, meta: dict) -> dict:
    """Write feedback.md, feedback.html, then results.json last (its presence marks the submission as graded)."""
    ctx = view(report, assignment)
    atomic_write(out / "feedback.md", render("grader/feedback.md.j2", **ctx))
    atomic_write(out / "feedback.html", render("grader/feedback.html", **ctx))
    data = results_json(report, assignment, meta, ctx)
    atomic_write(out / "results.json", json.dumps(data, indent=2, ensure_ascii=False) + "\n")
    return data


def check_text(report: Report, assignment) -> str:
    """The student's local run (`rosenblatt check`): visible cases, readable in a terminal."""
    return render("grader/check.txt.j2", **view(report, assignment))


def load_results(path: Path) -> dict[str, Any] | None:
    """A results.json written earlier, or None when missing or unreadable (then the submission is regraded)."""
    try:
        return json.loads(path.read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return None

"""The batch outputs: gradebook.csv (one row per submission, per-family scores), then the class view."""

from __future__ import annotations

import csv
import io
from pathlib import Path

from rosenblatt.shared import atomic_write, csv_cell
from grader.assignments import Assignment
from grader.reports.classview import write_summary


def row_from_results(name: str, data: dict, skipped: bool) -> dict:
    """A small gradebook row from a results.json document (fresh or from an earlier run)."""
    meta = data.get("extra_data", {}).get("rosenblatt", {})
    return {"submission": name, "status": meta.get("status", "grader_error"), "score": data.get("score", 0.0),
            "max_score": data.get("max_score", 0), "families": meta.get("families", {}),
            "findings": meta.get("findings", []), "message": meta.get("message", ""), "skipped": skipped,
            "cases": meta.get("cases"), "defined": meta.get("defined", []), "starved": bool(meta.get("starved"))}


def gradebook_csv(a: Assignment, rows: list[dict]) -> str:
    families = [a.family_key(f, fam) for f in a.functions for fam in ["visible"] + [h for h, _ in f.hidden]]
    buf = io.StringIO()
    w = csv.writer(buf, lineterminator="\n")
    w.writerow(["submission", "status", "score", "max_score", *families, "diagnosis", "message"])
    for r in sorted(rows, key=lambda r: r["submission"]):
        fam = [r["families"].get(f, ["", ""])[0] for f in families]
        w.writerow([csv_cell(cell) for cell in (r["submission"], r["status"], r["score"], r["max_score"], *fam,
                                                " ".join(r["findings"]), r["message"])])
    return buf.getvalue()


def write_gradebook(out: Path, a: Assignment, rows: list[dict], names: dict[str, str] | None = None) -> None:
    atomic_write(out / "gradebook.csv", gradebook_csv(a, rows))
    write_summary(out, a, rows, names or {})

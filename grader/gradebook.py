"""The batch outputs: gradebook.csv (one row per submission, per-family scores) and summary.html."""

from __future__ import annotations

import csv
import io
from collections import Counter
from pathlib import Path

from exercises.inert import csv_cell
from exercises.render import render
from grader.assignment import Assignment
from grader.mutants import CATALOGUE
from grader.report import atomic_write

BINS = 10


def row_from_results(name: str, data: dict, skipped: bool) -> dict:
    """A small gradebook row from a results.json document (fresh or from an earlier run)."""
    meta = data.get("extra_data", {}).get("rosenblatt", {})
    return {"submission": name, "status": meta.get("status", "grader_error"), "score": data.get("score", 0.0),
            "max_score": data.get("max_score", 0), "families": meta.get("families", {}),
            "findings": meta.get("findings", []), "message": meta.get("message", ""), "skipped": skipped}


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


def summary_view(a: Assignment, rows: list[dict]) -> dict:
    """Score distribution (in tenths of the maximum), statuses, and the most frequent diagnosed mistakes."""
    bins = [0] * BINS
    for r in rows:
        if r["status"] == "graded" and r["max_score"]:
            bins[min(BINS - 1, int(BINS * r["score"] / r["max_score"]))] += 1
    peak = max(bins + [1])
    hist = [{"low": 100 * k // BINS, "high": 100 * (k + 1) // BINS, "count": c, "width": round(100 * c / peak)}
            for k, c in enumerate(bins)]
    findings = Counter(name for r in rows for name in r["findings"])
    common = [{"title": CATALOGUE[n].title if n in CATALOGUE else n, "name": n, "count": c}
              for n, c in findings.most_common()]
    graded = [r["score"] for r in rows if r["status"] == "graded"]
    return {"a": a, "n": len(rows), "hist": hist, "common": common,
            "statuses": sorted(Counter(r["status"] for r in rows).items()),
            "mean": round(sum(graded) / len(graded), 2) if graded else None,
            "problems": [r for r in sorted(rows, key=lambda r: r["submission"]) if r["status"] != "graded"]}


def write_gradebook(out: Path, a: Assignment, rows: list[dict]) -> None:
    atomic_write(out / "gradebook.csv", gradebook_csv(a, rows))
    atomic_write(out / "summary.html", render("grader/summary.html", **summary_view(a, rows)))

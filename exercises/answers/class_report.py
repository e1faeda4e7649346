"""Write the class's answers report: gradebook.csv (per-part scores), summary.json and summary.html."""

from __future__ import annotations

import csv
import io
import json
from pathlib import Path

from rosenblatt import __version__
from rosenblatt.shared import atomic_write, UsageError, csv_cell, render
from exercises.answers.class_answers import Entry, columns

def gradebook_csv(entries: list[Entry]) -> str:
    """One row per student: 1 or 0 per part (empty when not checked), the total and the number of parts."""
    cols = columns(entries)
    buf = io.StringIO()
    w = csv.writer(buf, lineterminator="\n")
    w.writerow(["id", "name", "variant", "status", *cols, "score", "max_score"])
    for x in (x for x in entries if x.status != "not-on-roster"):  # the gradebook lists the roster's students only
        got = {f"{e['number']}.{r.id}": int(r.correct) for e, rs in x.results for r in rs}
        score = sum(got.values()) if x.status == "checked" else ""
        w.writerow([csv_cell(x.student.id), csv_cell(x.student.name), csv_cell(x.sheet), x.status,
                    *[got.get(c, "") for c in cols], score, len(cols)])
    return buf.getvalue()


def write_report(out: Path, doc: dict, entries: list[Entry]) -> list[str]:
    """Write the three files into `out` (each replaced whole, never half-written); return their names."""
    files = {"gradebook.csv": gradebook_csv(entries),
             "summary.json": json.dumps({**doc, "generator": {"name": "rosenblatt", "version": __version__}},
                                        indent=2, ensure_ascii=False) + "\n",
             "summary.html": render("exercises/class_summary.html", s=doc, version=__version__)}
    try:
        out.mkdir(parents=True, exist_ok=True)
        for name, text in files.items():
            atomic_write(out / name, text)
    except OSError as exc:
        raise UsageError(f"--out {out}: cannot write the report ({exc.strerror or exc})") from None
    return list(files)

"""The instructor's view of a graded batch: summary.json and summary.html (pass rates, mistakes, who to read)."""

from __future__ import annotations

import json
import statistics
from collections import Counter
from pathlib import Path

from rosenblatt import __version__
from rosenblatt.shared import atomic_write, render
from grader.assignments import Assignment
from grader.cases import catalogue
from grader.reports.fit import fit_warnings

BINS = 10


def _histogram(scores: list[float], max_score: float) -> list[dict]:
    bins = [0] * BINS
    for s in scores:
        bins[min(BINS - 1, int(BINS * s / max_score))] += 1
    peak = max(bins + [1])
    return [{"low": 100 * k // BINS, "high": 100 * (k + 1) // BINS, "count": c, "width": round(100 * c / peak)}
            for k, c in enumerate(bins)]


def _who(name: str, names: dict[str, str]) -> dict:
    return {"submission": name, "name": names.get(name, "")}


def _families(a: Assignment, graded: list[dict]) -> list[dict]:
    """Per function and family (visible, then hidden): how many submissions pass all its cases, and the share of
    its cases passed. Families are keyed as in results and the gradebook (`function/family` with several)."""
    out = []
    keyed = [(f.name, a.family_key(f, fam), pts) for f in a.functions
             for fam, pts in [("visible", f.visible_points)] + list(f.hidden)]
    for function, family, points in keyed:
        counts = [r["cases"]["families"][family] for r in graded if family in r["cases"]["families"]]
        if counts:
            out.append({"function": function, "family": family, "points": points, "submissions": len(counts),
                        "passed_all": sum(p == t for p, t in counts),
                        "case_pass_rate": round(sum(p for p, _ in counts) / sum(t for _, t in counts), 4)})
    return out


def _visible(graded: list[dict]) -> list[dict]:
    seen: dict[str, dict] = {}
    for r in graded:
        for case_id, family, title, passed in r["cases"]["visible"]:
            entry = seen.setdefault(case_id, {"case": case_id, "family": family, "title": title, "passed": 0,
                                              "submissions": 0})
            entry["passed"] += bool(passed)
            entry["submissions"] += 1
    return list(seen.values())


def class_summary(a: Assignment, rows: list[dict], names: dict[str, str]) -> dict:
    """The class view as one JSON-ready document (sorted, rounded: the same batch gives the same bytes)."""
    rows = sorted(rows, key=lambda r: r["submission"])
    graded = [r for r in rows if r["status"] == "graded"]
    known = [r for r in graded if r.get("cases")]
    scores = [r["score"] for r in graded]
    mistakes = Counter(n for r in rows for n in r["findings"])
    to_read = [{**_who(r["submission"], names), "score": r["score"], "failed": r["cases"]["failed"],
                "unexplained": r["cases"]["unexplained"], "findings": r["findings"]}
               for r in known if r["cases"]["unexplained"]]
    return {
        "assignment": a.name, "title": a.title, "max_score": a.max_score, "submissions": len(rows),
        "statuses": dict(sorted(Counter(r["status"] for r in rows).items())),
        "scores": {"graded": len(scores), "mean": round(statistics.fmean(scores), 2) if scores else None,
                   "median": round(statistics.median(scores), 2) if scores else None,
                   "full_marks": sum(r["score"] == r["max_score"] for r in graded),
                   "histogram": _histogram(scores, a.max_score or 1)},
        "families": _families(a, known), "visible": _visible(known),
        "mistakes": [{"name": n, "title": catalogue()[n].title if n in catalogue() else n, "count": c,
                      "submissions": [_who(r["submission"], names) for r in rows if n in r["findings"]]}
                     for n, c in sorted(mistakes.items(), key=lambda kv: (-kv[1], kv[0]))],
        "to_read": to_read,
        "not_graded": [{**_who(r["submission"], names), "status": r["status"], "message": r["message"]}
                       for r in rows if r["status"] != "graded"],
        "unknown": len(graded) - len(known),  # graded by an older rosenblatt without per-case facts
        "fit": fit_warnings(a, rows),  # most of the batch fails the same way at the interface
    }


def similarity_section(out: Path, rows: list[dict], names: dict[str, str]) -> dict | None:
    """The flagged pairs of `out/similarity.json` (written by `grade --similarity`), if it covers exactly this
    batch's submissions; else None (no section)."""
    try:
        doc = json.loads((out / "similarity.json").read_text(encoding="utf-8"))
        if sorted(doc["submissions"]) != sorted(r["submission"] for r in rows):
            return None
        flagged = [{"a": _who(p["a"], names), "b": _who(p["b"], names), "score": p["score"]}
                   for p in doc["pairs"] if p["flagged"]]
        return {"threshold": doc["threshold"], "flagged": flagged, "compared": doc["compared"],
                "not_compared": len(doc["not_compared"])}
    except (OSError, ValueError, KeyError, TypeError):
        return None  # no similarity run here (or not one this version wrote): the class view has no section


def write_summary(out: Path, a: Assignment, rows: list[dict], names: dict[str, str]) -> None:
    doc = class_summary(a, rows, names)
    section = similarity_section(out, rows, names)
    if section is not None:
        doc["similarity"] = section
    atomic_write(out / "summary.json", json.dumps({**doc, "generator": {"name": "rosenblatt", "version": __version__}},
                                                  indent=2, ensure_ascii=False) + "\n")
    atomic_write(out / "summary.html", render("grader/summary.html", s=doc, version=__version__))

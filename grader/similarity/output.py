"""similarity.json (every listed pair, its score, verdict and matched lines) and similarity.html (flagged pairs
first, side by side, each matched region in one colour on both sides; student text escaped by the template)."""

from __future__ import annotations

import json
from pathlib import Path

from rosenblatt import __version__
from rosenblatt.shared import atomic_write, render
from grader.similarity.check import LEAST, MOST, Result
from grader.similarity.index import Pair
from grader.similarity.sources import Source

COLOURS = 8  # matched regions cycle through this many colours (templates/grader/similarity.html)
SHOWN = 20  # unflagged pairs shown side by side in the page after the flagged ones


def _where(src: Source, lo: int, hi: int) -> str:
    """`cell 3, lines 2-9` for a notebook's lines (the first mapped line of the range)."""
    for k in range(lo, hi + 1):
        if 0 < k <= len(src.cells) and src.cells[k - 1] is not None:
            cell, line = src.cells[k - 1]
            return f"cell {cell}, from line {line}"
    return ""


def _pair(result: Result, p: Pair) -> dict:
    a, b = result.sources[p.a], result.sources[p.b]
    matches = []
    for (alo, ahi), (blo, bhi) in p.matches:
        m = {"a": [alo, ahi], "b": [blo, bhi]}
        if a.cells or b.cells:
            m.update(a_where=_where(a, alo, ahi), b_where=_where(b, blo, bhi))
        matches.append(m)
    return {"a": a.name, "b": b.name, "score": round(p.score, 4), "flagged": result.flagged(p),
            "shared": p.shared, "archive": [s.name for s in (a, b) if s.archive], "matches": matches}


NOTHING_OWN = ("all of its code is the template's, the reference solution's or common to the class: nothing of its "
               "own to compare")
MOSTLY = 0.5  # a submission at least this share of whose fingerprints are the template's is listed as such


def _template(result: Result) -> list[dict]:
    """This term's submissions that are mostly the template (with a published solution as --template: mostly that
    solution), with the template's share of their fingerprints and how many of their own are left."""
    out = []
    for s, own in zip(result.sources, result.own):
        total = s.given + len(s.prints)
        if not s.archive and not s.why_not and total and s.given >= MOSTLY * total:
            out.append({"name": s.name, "share": round(s.given / total, 4), "own": own})
    return sorted(out, key=lambda t: (-t["share"], t["name"]))


def document(result: Result) -> dict:
    """The JSON document: flagged pairs first (pairs are sorted by score), then who was not compared and why."""
    o = result.options
    skipped = [{"name": s.name, "why": s.why_not} for s in result.sources if s.why_not]
    skipped += [{"name": s.name, "why": NOTHING_OWN} for s, own in zip(result.sources, result.own)
                if not s.why_not and not own]
    return {"pairs": [_pair(result, p) for p in result.pairs],
            "threshold": o.threshold, "common_share": o.common,
            "compared": sum(not s.why_not for s in result.sources),
            "submissions": sorted(s.name for s in result.sources if not s.archive),
            "not_compared": sorted(skipped, key=lambda s: s["name"]), "template": _template(result),
            "generator": {"name": "rosenblatt", "version": __version__}}


def _side(src: Source, spans: list[tuple[int, int]]) -> list[dict]:
    colour = {}
    for k, (lo, hi) in enumerate(spans):
        for line in range(lo, hi + 1):
            colour.setdefault(line, k % COLOURS)
    return [{"n": n, "text": text, "colour": colour.get(n)} for n, text in enumerate(src.text.splitlines(), 1)]


def _shown(result: Result, p: Pair) -> dict:
    a, b = result.sources[p.a], result.sources[p.b]
    return {**_pair(result, p), "left": _side(a, [m[0] for m in p.matches]), "right": _side(b, [m[1] for m in p.matches])}


def write(out: Path, result: Result) -> dict:
    """Write DIR/similarity.json and DIR/similarity.html; return the JSON document."""
    doc = document(result)
    flagged = [p for p in result.pairs if result.flagged(p)]
    rest = [p for p in result.pairs if not result.flagged(p)][:SHOWN]
    text = json.dumps(doc, indent=2, ensure_ascii=False) + "\n"
    page = render("grader/similarity.html.j2", doc=doc, flagged=[_shown(result, p) for p in flagged],
                  rest=[_shown(result, p) for p in rest], colours=COLOURS, version=__version__, least=LEAST,
                  most=MOST)
    atomic_write(out / "similarity.json", text)  # both rendered first: a failure leaves neither half-written
    atomic_write(out / "similarity.html", page)
    return doc

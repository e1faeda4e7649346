"""Whether the preset fits the batch: most submissions fail the same way at the interface (a name, a call, a shape)."""

from __future__ import annotations

import difflib
from collections import Counter

from grader.assignments import Assignment

SHARE = 0.6  # a pattern shared by at least this share of the batch (and by 2 or more) is reported
MIN_BATCH = 2


def _key(name: str) -> str:
    return name.replace("_", "").lower()


def _near(name: str, defined: list[str]) -> list[str]:
    """Names a file defines that look like `name` (the same letters in another case or spelling, or close)."""
    same = [d for d in defined if _key(d) == _key(name) and d != name]
    return same or difflib.get_close_matches(name, [d for d in defined if d != name], n=2, cutoff=0.75)


def _many(count: int, total: int) -> bool:
    return count >= MIN_BATCH and count >= SHARE * total


def _missing(a: Assignment, rows: list[dict]) -> list[dict]:
    out, total = [], len(rows)
    for f in ([a.klass] if a.klass else a.functions):
        names = (f.name,) if a.klass else f.names
        lacking = [r for r in rows if r.get("defined") is not None and not set(names) & set(r["defined"])]
        if not _many(len(lacking), total):
            continue
        near = Counter(n for r in lacking for n in dict.fromkeys(m for x in names for m in _near(x, r["defined"])))
        common = near.most_common(1)
        if common and _many(common[0][1], total):
            alt = common[0][0]
            fix = f"accept both names with `function: [{', '.join(names)}, {alt}]`" if not a.klass else \
                f"name the class {alt} in a copy of the preset"
            text = (f"{common[0][1]} of {total} submissions define {alt} but not {' or '.join(names)}; does this "
                    f"preset match your handout? ({fix} in a copy of the preset)")
        else:
            seen = Counter(n for r in lacking for n in r["defined"]).most_common(3)
            others = ", ".join(n for n, _ in seen) or "no functions"
            text = (f"{len(lacking)} of {total} submissions do not define {' or '.join(names)} (the names they "
                    f"define most: {others}); does this preset match your handout?")
        count = common[0][1] if common and _many(common[0][1], total) else len(lacking)
        out.append({"kind": "missing-name", "function": f.name, "count": count, "text": text})
    return out


def _calls(a: Assignment, rows: list[dict]) -> list[dict]:
    out, total = [], len(rows)
    fns = [("" if not a.qualified else f.name, f) for f in a.functions]
    for key, f in fns:
        same = Counter(tuple(c["same"]) for r in rows if r.get("cases")
                       for c in [r["cases"].get("calls", {}).get(key)] if c and c.get("same"))
        for (status, message), count in same.most_common(2):
            if not _many(count, total):
                continue
            if status == "raised" and "TypeError" in message:
                text = (f"{count} of {total} submissions raise the same TypeError from every call of {f.name} "
                        f"({message}); does the preset call it as your handout does (arguments, keywords)?")
            elif status == "malformed":
                text = (f"{count} of {total} submissions return values of another shape from every call of "
                        f"{f.name} ({message}); does the preset expect the returns your handout asks for?")
            else:
                continue
            out.append({"kind": "same-failure", "function": f.name, "count": count, "text": text})
    return out


def fit_warnings(a: Assignment, rows: list[dict]) -> list[dict]:
    """What the instructor should check when most of a batch fails the same way on the interface."""
    if len(rows) < MIN_BATCH:
        return []
    return _missing(a, rows) + _calls(a, rows)

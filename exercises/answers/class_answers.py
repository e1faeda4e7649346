"""A class's exercise answers against the instructor's key: per-part scores and the most common wrong answers."""

from __future__ import annotations

import json
from collections import Counter, defaultdict
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from exercises.answers.answer_check import KeyOracle, check_extra, check_sheet
from rosenblatt.shared import AnswerError, UsageError, Student, read_roster
from rosenblatt.shared import folder_names
from exercises.answers.handout import load_handout, read_answers
from exercises.kinds import PartResult
from exercises.answers.trace_diagnosis import slip_of

TOP = 5  # wrong answers listed per part


@dataclass(frozen=True)
class Sheet:
    """One generated sheet as the instructor has it: exercises with their parts and data, and the exact key."""

    label: str
    exercises: tuple[dict, ...]
    key: dict  # "<number>.<part id>" -> canonical text, or a list of them for a trace


@dataclass(frozen=True)
class Entry:
    """One student's outcome: checked (with part results), or why not (no answer file, unreadable, no variant)."""

    student: Student
    sheet: str
    file: str
    status: str  # checked, no-answers, unreadable, no-variant
    message: str = ""
    results: tuple[tuple[dict, tuple[PartResult, ...]], ...] = ()


def load_sheets(folder: Path) -> tuple[str, dict[str, Sheet]]:
    """The sheets of a `rosenblatt generate` output folder: exercises.json (the key) and each handout.json."""
    path = folder / "exercises.json"
    try:
        doc = json.loads(path.read_text(encoding="utf-8"))
        variants, title = doc["variants"], str(doc["spec"]["title"])
        labels = list(dict.fromkeys(v["sheet"] for v in variants))
    except FileNotFoundError:
        raise UsageError(f"{folder}: no exercises.json; give the folder that rosenblatt generate wrote "
                         "(with --format including json)") from None
    except (OSError, ValueError, KeyError, TypeError):
        raise UsageError(f"{path}: not the exercises.json of rosenblatt generate") from None
    keys: dict[str, dict] = defaultdict(dict)
    for v in variants:
        if not isinstance(v.get("key"), dict):
            raise UsageError(f"{path}: variant {v.get('id')}: no answer key (made by an older rosenblatt; generate again)")
        keys[v["sheet"]].update({f"{v['exercise']}.{p}": text for p, text in v["key"].items()})
    sheets = {}
    for label, name in zip(labels, folder_names(labels)):
        try:
            handout = load_handout(folder / "variants" / name / "handout.json")
        except AnswerError as err:
            raise UsageError(err.message) from None
        sheets[label] = Sheet(label, tuple(handout["exercises"]), keys[label])
    return title, sheets


def _answer_file(folder: Path, student: Student) -> Path | None:
    names = dict.fromkeys([student.id, *folder_names([student.id])])
    for name in names:
        for candidate in (folder / f"{name}.yaml", folder / f"{name}.yml", folder / name / "answers.yaml"):
            if candidate.is_file():
                return candidate
    return None


def _answer_ids(answers: Path) -> list[str]:
    return sorted({p.stem for p in answers.glob("*.y*ml")} | {p.parent.name for p in answers.glob("*/answers.yaml")})


def _students(answers: Path, roster: Path | None, sheets: dict[str, Sheet]) -> tuple[Student, ...]:
    if roster is not None:
        return read_roster(roster)
    return tuple(Student(name) for name in _answer_ids(answers) if name in sheets)


def strays(answers: Path, students: tuple[Student, ...]) -> list[Entry]:
    """Answer files that belong to no one checked (an id not on the roster, a typo in a file name): reported, so
    that no student's work is silently left out."""
    known = {n for s in students for n in (s.id, *folder_names([s.id]))}
    return [Entry(Student(name), "", name, "not-on-roster", f"{name}: no student with this id on the roster")
            for name in _answer_ids(answers) if name not in known]


def check_class(key_folder: Path, answers: Path, roster: Path | None) -> tuple[str, dict[str, Sheet], list[Entry]]:
    """Check every student's answers.yaml with the key (same verdicts as their own check-answers, no slow KDF)."""
    if not answers.is_dir():
        raise UsageError(f"{answers}: not a folder of answer files (<student id>.yaml or <student id>/answers.yaml)")
    title, sheets = load_sheets(key_folder)
    students = _students(answers, roster, sheets)
    if not students:
        raise UsageError(f"{answers}: no answer file is named after a variant of {key_folder}; name them "
                         "<variant>.yaml, or pass --roster to match student ids")
    entries = strays(answers, students) if roster is not None else []
    for s in students:
        sheet, path = sheets.get(s.id), _answer_file(answers, s)
        if sheet is None:
            entries.append(Entry(s, "", "", "no-variant", f"the key has no variant for {s.id}"))
            continue
        if path is None:
            entries.append(Entry(s, sheet.label, "", "no-answers", "no answer file"))
            continue
        shown = path.relative_to(answers)  # reports name files relative to the answers folder (reproducible)
        try:
            given = read_answers(path)
            check_extra(list(sheet.exercises), given, path)
        except AnswerError as err:
            entries.append(Entry(s, sheet.label, str(shown), "unreadable", err.message.replace(str(path), str(shown))))
            continue
        results = check_sheet(list(sheet.exercises), given, KeyOracle(sheet.key))
        entries.append(Entry(s, sheet.label, str(shown), "checked", "",
                             tuple((e, tuple(rs)) for e, rs in results)))
    return title, sheets, entries


def columns(entries: list[Entry]) -> list[str]:
    """The part columns, `<exercise>.<part>`, in sheet order."""
    seen: dict[str, None] = {}
    for entry in entries:
        for e, results in entry.results:
            seen.update({f"{e['number']}.{r.id}": None for r in results})
    return list(seen)


def _wrong_key(e: dict, sheet: Sheet, r: PartResult) -> tuple[str, str] | None:
    """(what was wrong, the slip or '') for one incorrect result; None when nothing specific can be said. What was
    wrong is the student's answer, or `~reason` (a reason code the report words: `~unreadable`, `~weights_bad`)."""
    if r.status == "invalid":
        return "~unreadable", ""
    if r.status != "incorrect":
        return None
    if r.reason in ("first_wrong_update", "trace_too_short"):
        key = sheet.key.get(f"{e['number']}.{r.id}") or []
        where = f"update {r.facts['k']}: {r.facts.get('given', '')}" if r.reason == "first_wrong_update" else \
            f"stopped after {r.facts['n']} update{'s' if r.facts['n'] != 1 else ''}"
        return where, slip_of(e["data"], key, r.reason, r.facts)
    return (r.facts.get("given") or f"~{r.reason or 'incorrect'}"), ""


def summary(title: str, sheets: dict[str, Sheet], entries: list[Entry]) -> dict:
    """The summary document: per part the share right, the most common wrong answers (per variant) and slips."""
    checked = [x for x in entries if x.status == "checked"]
    parts: dict[str, dict[str, Any]] = {c: {"part": c, "label": "", "right": 0, "answered": 0, "wrong": Counter(),
                                            "who": defaultdict(list), "slips": Counter()} for c in columns(entries)}
    for entry in checked:
        sheet = sheets[entry.sheet]
        for e, results in entry.results:
            for r in results:
                p = parts[f"{e['number']}.{r.id}"]
                p["label"] = r.label
                p["right"] += r.correct
                p["answered"] += r.status != "missing"
                wrong = _wrong_key(e, sheet, r)
                if wrong:
                    shown = (entry.sheet if len(sheets) > 1 else "", wrong[0])
                    p["wrong"][shown] += 1
                    p["who"][shown].append(entry.student.id)
                    if wrong[1]:
                        p["slips"][wrong[1]] += 1
    return {"title": title, "students": len([x for x in entries if x.status != "not-on-roster"]),
            "checked": len(checked),
            "statuses": dict(sorted(Counter(x.status for x in entries).items())),
            "parts": [_part_doc(p, len(checked)) for p in parts.values()],
            "students_not_checked": [{"id": x.student.id, "name": x.student.name, "status": x.status,
                                      "message": x.message} for x in entries if x.status != "checked"]}


def _part_doc(p: dict, checked: int) -> dict:
    ranked = sorted(p["wrong"].items(), key=lambda kv: (-kv[1], kv[0]))[:TOP]
    return {"part": p["part"], "label": p["label"], "right": p["right"], "answered": p["answered"], "checked": checked,
            "most_common_wrong": [{"variant": v, "answer": "" if a.startswith("~") else a,
                                   "reason": a[1:] if a.startswith("~") else "", "count": n,
                                   "students": sorted(p["who"][(v, a)])} for (v, a), n in ranked],
            "slips": [{"slip": s, "count": n} for s, n in sorted(p["slips"].items(), key=lambda kv: (-kv[1], kv[0]))]}

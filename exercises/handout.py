"""Student handouts (questions plus salted hashes of the exact answers, never the answers) and check-answers."""

from __future__ import annotations

import hashlib
import json
from pathlib import Path
from typing import Any

from exercises import __version__
from exercises.answer_parse import answer_digest, parse_bool, parse_exact
from exercises.datafile import read_yaml_file
from exercises.errors import AnswerError
from exercises.kinds import KIND_NAMES, get_kind
from exercises.kinds.base import Part, PartResult

FORMAT = "rosenblatt-handout-v1"
SEQUENCE_SLOTS = 64  # sequence digests are padded with decoys to this many, so their count reveals nothing


def sheet_salt(sheet_seed: int) -> str:
    return hashlib.sha256(f"rosenblatt-salt-v1|{sheet_seed}".encode()).hexdigest()[:32]


def _part_entry(salt: str, key: str, part: Part) -> dict:
    entry: dict[str, Any] = {"id": part.id, "label": part.label, "type": part.type, "example": part.example}
    if part.type in ("exact", "verdict"):
        entry["digest"] = answer_digest(salt, key, part.value)
    elif part.type == "sequence":
        real = [answer_digest(salt, f"{key}[{k}]", item) for k, item in enumerate(part.value, 1)]
        decoys = [hashlib.sha256(f"{salt}|{key}|decoy|{k}".encode()).hexdigest()
                  for k in range(SEQUENCE_SLOTS - len(real))]
        entry.update(digests=sorted(real + decoys), count_digest=answer_digest(salt, f"{key}.count", len(real)),
                     item_keys=list(part.item_keys))
    return entry


def build_handout(title: str, sheet, questions: list[str]) -> dict:
    """The handout of one sheet: question texts (Markdown), data, and per-part answer digests."""
    salt = sheet_salt(sheet.seed)
    exercises = []
    for v, question in zip(sheet.variants, questions):
        module = get_kind(v.kind)
        parts = [_part_entry(salt, f"{v.number}.{p.id}", p) for p in module.parts(v.data, v.solution)]
        exercises.append({"number": v.number, "kind": v.kind, "title": v.title, "question": question,
                          "data": module.data_json(v.data), "parts": parts})
    return {"format": FORMAT, "generator": {"name": "rosenblatt", "version": __version__}, "title": title,
            "sheet": sheet.label, "student": sheet.student_name, "salt": salt, "exercises": exercises}


def load_handout(path: Path) -> dict:
    try:
        doc = json.loads(path.read_text(encoding="utf-8"))
    except FileNotFoundError:
        raise AnswerError(f"{path}: no such handout file") from None
    except (OSError, UnicodeDecodeError, json.JSONDecodeError, RecursionError):
        raise AnswerError(f"{path}: not a rosenblatt handout (expected the handout.json from your instructor)") \
            from None
    ok = isinstance(doc, dict) and doc.get("format") == FORMAT and isinstance(doc.get("exercises"), list) and \
        isinstance(doc.get("salt"), str) and all(isinstance(e, dict) and e.get("kind") in KIND_NAMES and
                                                 isinstance(e.get("parts"), list) for e in doc["exercises"])
    if not ok:
        raise AnswerError(f"{path}: not a rosenblatt handout (expected the handout.json from your instructor)")
    return doc


def _flatten(value: Any, prefix: str = "") -> dict[str, Any]:
    if not isinstance(value, dict):
        return {prefix: value}
    out: dict[str, Any] = {}
    for key, item in value.items():
        out.update(_flatten(item, f"{prefix}.{key}" if prefix else str(key)))
    return out


def load_answers(path: Path) -> dict[int, dict[str, Any]]:
    """Read the student's YAML: exercise number -> mapping of part ids (nested mappings become dotted ids)."""
    doc = read_yaml_file(path, AnswerError)  # type: ignore[arg-type]
    if doc is None:
        doc = {}
    if not isinstance(doc, dict):
        raise AnswerError(f"{path}: expected a mapping from exercise numbers to answers, like `1: {{theta: [1, 2]}}`")
    out = {}
    for key, value in doc.items():
        number = int(key) if isinstance(key, int) or (isinstance(key, str) and key.isdigit()) else None
        if number is None or isinstance(key, bool):
            raise AnswerError(f"{path}: {key!r:.30}: top-level keys must be exercise numbers (1, 2, ...)")
        if value is None:
            value = {}
        if not isinstance(value, dict):
            raise AnswerError(f"{path}: {number}: expected a mapping of parts, like `theta: [1, 2]`")
        out[number] = _flatten(value)
    return out


def _check_exact(salt: str, key: str, part: dict, raw: Any) -> tuple[str, str, dict]:
    value = parse_bool(raw) if part["type"] == "verdict" else parse_exact(raw)
    return ("correct", "", {}) if answer_digest(salt, key, value) == part.get("digest") else ("incorrect", "", {})


def _sequence_item(raw: Any, keys: list[str], k: int) -> Any:
    if isinstance(raw, dict):
        missing = [name for name in keys if name not in raw]
        if missing:
            raise AnswerError(f"item {k} has no {missing[0]}; give {', '.join(keys)}")
        raw = [raw[name] for name in keys]
    try:
        return parse_exact(raw)
    except AnswerError as err:
        raise AnswerError(f"item {k}: {err.message}") from None


def _check_sequence(salt: str, key: str, part: dict, raw: Any) -> tuple[str, str, dict]:
    if not isinstance(raw, list):
        raise AnswerError("expected a list, one entry per update")
    digests = set(part.get("digests", []))
    for k, item in enumerate(raw, 1):
        value = _sequence_item(item, part.get("item_keys", []), k)
        if answer_digest(salt, f"{key}[{k}]", value) not in digests:
            return "incorrect", "first_wrong_update", {"k": k}
    if answer_digest(salt, f"{key}.count", len(raw)) != part.get("count_digest"):
        return "incorrect", "trace_too_short", {"n": len(raw)}
    return "correct", "", {}


def _certificate_answers(given: dict[str, Any], part_id: str) -> dict[str, Any]:
    name = part_id.split(".")[0]
    out = {}
    for key, raw in given.items():
        if key.startswith(f"{name}.") and key != f"{name}.separable":
            try:
                out[key] = parse_exact(raw)
            except AnswerError as err:
                raise AnswerError(f"{key}: {err.message}") from None
    return out


def check_exercise(salt: str, exercise: dict, given: dict[str, Any]) -> list[PartResult]:
    """Check one exercise's answers part by part; never reveals an expected value."""
    results = []
    for part in exercise["parts"]:
        key = f"{exercise['number']}.{part['id']}"
        try:
            if part["type"] == "certificate":
                checker = get_kind(exercise["kind"]).check_certificate  # the kind is imported only here
                status, reason, facts = checker(exercise["data"], part["id"], _certificate_answers(given, part["id"]))
            elif given.get(part["id"]) is None:
                status, reason, facts = "missing", "missing", {"id": part["id"], "example": part.get("example", "")}
            elif part["type"] == "sequence":
                status, reason, facts = _check_sequence(salt, key, part, given[part["id"]])
            else:
                status, reason, facts = _check_exact(salt, key, part, given[part["id"]])
        except AnswerError as err:
            status, reason, facts = "invalid", "unreadable", {"error": err.message}
        results.append(PartResult(part["id"], part.get("label", part["id"]), status, reason, facts))
    return results


def check_answers(handout_path: Path, answers_path: Path) -> tuple[dict, list[tuple[dict, list[PartResult]]]]:
    handout = load_handout(handout_path)
    answers = load_answers(answers_path)
    numbers = {e.get("number") for e in handout["exercises"]}
    extra = sorted(n for n in answers if n not in numbers)
    if extra:
        raise AnswerError(f"{answers_path}: exercise {extra[0]} is not in the handout "
                          f"(it has exercises {', '.join(str(n) for n in sorted(numbers))})")
    report = [(e, check_exercise(handout["salt"], e, answers.get(e["number"], {}))) for e in handout["exercises"]]
    return handout, report

"""Student handouts: question texts and data with slow salted digests of the exact answers, never the answers."""

from __future__ import annotations

import hashlib
import json
from pathlib import Path
from typing import Any

from rosenblatt import __version__
from exercises.answers.answer_parse import as_set, canonical
from rosenblatt.shared import read_yaml_file, AnswerError
from exercises.answers.digests import DEFAULT_PLAN, FORMAT_V2, FORMAT_V3, DigestPlan, Minter, scheme_problem, sheet_minter
from exercises.kinds import KIND_NAMES, Part, get_kind

FORMAT = FORMAT_V3
FORMATS = (FORMAT_V3, FORMAT_V2)  # v2 (PBKDF2) handouts are still checked; v1 is refused
SEQUENCE_SLOTS = 64  # sequence digests are padded with decoys to this many, so their count reveals nothing
NOT_A_HANDOUT = "not a rosenblatt handout (expected the handout.json from your instructor)"


def sheet_salt(sheet_seed: int) -> str:
    return hashlib.sha256(f"rosenblatt-salt-v1|{sheet_seed}".encode()).hexdigest()[:32]


def part_canonical(part: Part) -> str | list[str]:
    """The canonical text of a part's exact answer (one per item for a sequence); certificates have none."""
    if part.type == "sequence":
        return [canonical(item) for item in part.value]
    return canonical(as_set(part.value) if part.type == "set" else part.value)


def answer_key(variant) -> dict[str, str | list[str]]:
    """The instructor's key of one variant: part id -> canonical text(s), for checking a class without digests."""
    module = get_kind(variant.kind)
    return {p.id: part_canonical(p) for p in module.parts(variant.data, variant.solution) if p.type != "certificate"}


def _requests(key: str, part: Part) -> list[tuple[str, str]]:
    texts = part_canonical(part)
    if part.type != "sequence":
        return [(key, texts)]
    return [(f"{key}[{k}]", text) for k, text in enumerate(texts, 1)] + [(f"{key}.count", str(len(texts)))]


def _entry(minter: Minter, key: str, part: Part, digests: list[str]) -> dict:
    entry: dict[str, Any] = {"id": part.id, "label": part.label, "type": part.type, "example": part.example}
    if part.type in ("exact", "verdict", "set"):
        entry["digest"] = digests[0]
    elif part.type == "sequence":
        decoys = [minter.decoy(key, k) for k in range(SEQUENCE_SLOTS - len(digests) + 1)]
        entry.update(digests=sorted(digests[:-1] + decoys), count_digest=digests[-1], item_keys=list(part.item_keys))
    return entry


def build_handout(title: str, sheet, questions: list[str], plan: DigestPlan = DEFAULT_PLAN) -> dict:
    """The handout of one sheet: question texts (Markdown), data, and per-part answer digests (all derived at once)."""
    salt = sheet_salt(sheet.seed)
    minter = sheet_minter(plan, salt, sheet.seed, sheet.label)
    plan = []
    for v in sheet.variants:
        module = get_kind(v.kind)
        plan.append((v, module, [(f"{v.number}.{p.id}", p) for p in module.parts(v.data, v.solution)]))
    requests = [r for _, _, parts in plan for key, p in parts if p.type != "certificate" for r in _requests(key, p)]
    done = iter(minter.digests(requests))
    exercises = []
    for (v, module, parts), question in zip(plan, questions):
        entries = []
        for key, p in parts:
            count = 0 if p.type == "certificate" else len(_requests(key, p))
            entries.append(_entry(minter, key, p, [next(done) for _ in range(count)]))
        exercises.append({"number": v.number, "kind": v.kind, "title": v.title, "question": question,
                          "data": module.data_json(v.data), "parts": entries})
    return {"format": minter.format, "generator": {"name": "rosenblatt", "version": __version__}, "title": title,
            "sheet": sheet.label, "student": sheet.student_name, "salt": salt, **minter.fields,
            "exercises": exercises}


def load_handout(path: Path) -> dict:
    try:
        doc = json.loads(path.read_text(encoding="utf-8"))
    except FileNotFoundError:
        raise AnswerError(f"{path}: no such handout file") from None
    except (OSError, UnicodeDecodeError, json.JSONDecodeError, RecursionError):
        raise AnswerError(f"{path}: {NOT_A_HANDOUT}") from None
    if isinstance(doc, dict) and doc.get("format") == "rosenblatt-handout-v1":
        raise AnswerError(f"{path}: this handout was made by an older rosenblatt (format v1); ask your instructor "
                          "for the new handout.json")
    ok = isinstance(doc, dict) and doc.get("format") in FORMATS and isinstance(doc.get("exercises"), list) and \
        isinstance(doc.get("salt"), str) and all(isinstance(e, dict) and e.get("kind") in KIND_NAMES and
                                                 isinstance(e.get("parts"), list) for e in doc["exercises"])
    if not ok:
        raise AnswerError(f"{path}: {NOT_A_HANDOUT}")
    problem = scheme_problem(doc)
    if problem:
        raise AnswerError(f"{path}: {problem}")
    return doc


def _flatten(value: Any, prefix: str = "") -> dict[str, Any]:
    if not isinstance(value, dict):
        return {prefix: value}
    out: dict[str, Any] = {}
    for key, item in value.items():
        out.update(_flatten(item, f"{prefix}.{key}" if prefix else str(key)))
    return out


def read_answers(path: Path) -> dict[int, dict[str, Any]]:
    """Read a student's YAML: exercise number -> mapping of part ids (nested mappings become dotted ids)."""
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

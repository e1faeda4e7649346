"""PrairieLearn export: a question per spec exercise, its variants a pool graded by a standalone server.py."""

from __future__ import annotations

import hashlib
import json
import re
import uuid
from typing import Any, Sequence

from rosenblatt import __version__
from exercises.answers import as_set, canonical
from exercises.export.pool import Item, items
from exercises.kinds import get_kind
from rosenblatt.shared import TEMPLATES, render
from exercises.generation import Exercise

COPIED = ("server.py", "rosenblatt_answers.py")  # written verbatim from templates/prairielearn/
TOPIC = "Perceptron"
CERTIFICATE_EXAMPLES = {"theta": "[1, -1]", "theta0": "2", "weights": "[1, 0, 2, 0]"}


def stable_uuid(*parts: str) -> str:
    """The same UUID for the same spec and exercise (PrairieLearn identifies questions by UUID)."""
    return str(uuid.uuid5(uuid.NAMESPACE_URL, "rosenblatt:" + ":".join(parts)))


def _name(part_id: str, suffix: str = "") -> str:
    """A PrairieLearn answers-name for a part (letters, digits, underscores)."""
    return re.sub(r"[^A-Za-z0-9_]", "_", part_id) + (f"_{suffix}" if suffix else "")


def _part(part: Any) -> dict:
    """One part of the pool: the input names, what to compare with, and the answer PrairieLearn shows afterwards."""
    if part.type == "certificate":
        base = part.id.split(".")[0]
        offset = base == "offset"
        inputs = {"theta": _name(base, "theta"), "weights": _name(base, "weights")}
        if offset:
            inputs["theta0"] = _name(base, "theta0")
        return {"type": "certificate", "id": part.id, "offset": offset, "inputs": inputs,
                "names": [inputs["theta"]] + ([inputs["theta0"]] if offset else []) + [inputs["weights"]],
                "shown": {}}
    name = _name(part.id)
    if part.type == "verdict":
        expected: Any = bool(part.value)
        shown = "yes" if expected else "no"
    elif part.type == "sequence":
        expected = [canonical(item) for item in part.value]
        shown = "[" + ", ".join(expected) + "]"
    else:  # exact, or a set (compared sorted and without repeats, so any order is right)
        expected = shown = canonical(as_set(part.value) if part.type == "set" else part.value)
    return {"type": part.type, "id": part.id, "input": name, "names": [name], "expected": expected,
            "shown": {name: shown}}


def _certificate_shown(entry: dict, decision: Any) -> dict:
    """Rosenblatt's own proof as the answer shown after grading (any valid proof scores)."""
    cert = decision.certificate
    if hasattr(cert, "weights"):
        return {entry["inputs"]["weights"]: canonical(tuple(cert.weights))}
    shown = {entry["inputs"]["theta"]: canonical(tuple(cert.theta))}
    if entry["offset"]:
        shown[entry["inputs"]["theta0"]] = canonical(cert.theta0)
    return shown


def pool_entry(item: Item) -> dict:
    v = item.variant
    module = get_kind(v.kind)
    parts = [_part(p) for p in module.parts(v.data, v.solution)]
    if v.kind == "separability":
        decisions = dict(zip(("origin", "offset"), v.solution))
        for entry in parts:
            if entry["type"] == "certificate":
                entry["shown"] = _certificate_shown(entry, decisions[entry["id"].split(".")[0]])
    return {"label": item.label, "id": v.id, "seed": v.seed, "question": item.fragments["html"]["question"],
            "data": module.data_json(v.data), "parts": parts}


def _inputs(item: Item) -> list[dict]:
    """The answer boxes of the question (the same for every variant of a spec exercise)."""
    v = item.variant
    out = []
    for part in get_kind(v.kind).parts(v.data, v.solution):
        entry = _part(part)
        for name in entry["names"]:
            label, example = part.label, part.example
            if part.type == "certificate":
                what = name.split("_", 1)[1]
                label, example = f"{part.label}: {what}", CERTIFICATE_EXAMPLES[what]
            elif part.type == "sequence":
                offset = "theta0" in part.item_keys
                label += " as [[point, θ" + (", θ₀" if offset else "") + "], ...]"
                example = "[[1, [1, 2], 1], [3, [0, 1], 0]]" if offset else "[[1, [1, 2]], [3, [0, 1]]]"
            out.append({"name": name, "label": label, "example": example,
                        "size": 60 if part.type in ("sequence", "certificate") else 30,
                        "optional": part.type == "certificate"})
    return out


def identity(spec_name: str, variants: Sequence[Any]) -> str:
    """A short tag of the spec and the variants' seeds (so of the run's seed or roster): a retake's questions get
    their own folders and UUIDs, and two sets coexist in one course."""
    text = spec_name + "|" + ",".join(f"{v.number}:{v.kind}:{v.seed}" for v in variants)
    return hashlib.sha256(text.encode("utf-8")).hexdigest()[:8]


def _qid(spec_name: str, number: int, exercise: Exercise, tag: str) -> str:
    return re.sub(r"[^A-Za-z0-9_-]", "_", f"{spec_name}_{number}_{exercise.kind}_{tag}")


def _json(value: Any) -> bytes:
    return (json.dumps(value, indent=2, ensure_ascii=False) + "\n").encode("utf-8")


def prairielearn_files(spec: Any, sheets: Sequence[Any]) -> dict[str, bytes]:
    """prairielearn/: infoCourse.json, README.md and questions/<qid>/ for each exercise of the spec."""
    pool = items(spec, sheets, ["html"])
    files: dict[str, bytes] = {}
    listed = []
    for number, exercise in enumerate(spec.exercises, 1):
        group = [i for i in pool if i.variant.number == number]
        qid = _qid(spec.name, number, exercise, identity(spec.name, [i.variant for i in group]))
        base = f"prairielearn/questions/{qid}"
        info = {"uuid": stable_uuid("pl-question", qid),
                "title": exercise.title, "topic": TOPIC, "tags": ["rosenblatt", exercise.kind], "type": "v3",
                "gradingMethod": "Internal", "singleVariant": len(group) == 1, "partialCredit": True}
        files[f"{base}/info.json"] = _json(info)
        files[f"{base}/question.html"] = render("prairielearn/question.html", inputs=_inputs(group[0])).encode()
        files[f"{base}/variants.json"] = _json({"generator": {"name": "rosenblatt", "version": __version__},
                                                "spec": spec.name, "exercise": number,
                                                "variants": [pool_entry(i) for i in group]})
        for name in COPIED:
            files[f"{base}/{name}"] = (TEMPLATES / "prairielearn" / name).read_bytes()
        listed.append({"qid": qid, "title": exercise.title, "count": len(group)})
    kinds = sorted({e.kind for e in spec.exercises})
    course = {"uuid": stable_uuid("pl-course", spec.name, identity(spec.name, [i.variant for i in pool])), "name": "PERCEPTRON", "title": spec.title,
              "topics": [{"name": TOPIC, "color": "blue1"}],
              "tags": [{"name": t, "color": "gray1"} for t in ["rosenblatt"] + kinds]}
    files["prairielearn/infoCourse.json"] = _json(course)
    files["prairielearn/README.md"] = render("prairielearn/export_readme.md.j2", title=spec.title,
                                             version=__version__, questions=listed).encode()
    return files


def files(spec, sheets) -> dict[str, bytes]:
    """This format's files, by path relative to the output folder (the export face's one entry point)."""
    return prairielearn_files(spec, sheets)

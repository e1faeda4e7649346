"""Moodle XML: a question category per spec exercise, a cloze question per variant, the worked key as general feedback."""

from __future__ import annotations

import base64
import xml.etree.ElementTree as ET
from typing import Any, Sequence

from rosenblatt import __version__
from exercises.export.fields import Blank, choices, decimal_text, part_blanks, sequence_rows
from exercises.export.pool import Item, items
from exercises.kinds import get_kind
from rosenblatt.shared import render

PENALTY = "0.3333333"


def escape_cloze(text: str) -> str:
    """An answer as Moodle's qtype_multianswer reads it back: an answer ends at an unescaped `~`, `#` or `}`, then
    is entity-decoded and only `\\}` and `\\#` are un-escaped; so `&` is written `&amp;`, `}` and `#` get a
    backslash, and a `~` or a backslash (which nothing un-escapes) cannot be written at all."""
    if "~" in text or "\\" in text:
        raise ValueError(f"a Moodle cloze answer cannot hold ~ or a backslash: {text!r}")
    return text.replace("&", "&amp;").replace("}", "\\}").replace("#", "\\#")


def marker(blank: Blank, seed: int) -> str:
    """Moodle's embedded answer for one blank: NUMERICAL with tolerance 0, or a drop-down for roots and verdicts
    (MULTICHOICE_S: written in the variant's seeded order, and Moodle shuffles it again per attempt)."""
    if blank.form == "decimal":
        return f"{{1:NUMERICAL:={decimal_text(blank.value)}:0}}"
    if blank.form == "fraction":
        return f"{{1:NUMERICAL:={blank.value.numerator}:0}} / {{1:NUMERICAL:={blank.value.denominator}:0}}"
    options = choices(blank, seed)
    right = blank.text
    return "{1:MULTICHOICE_S:" + "~".join(("=" if o == right else "") + escape_cloze(o) for o in options) + "}"


def _text(parent: ET.Element, tag: str, text: str, **attrs: str) -> ET.Element:
    node = ET.SubElement(parent, tag, attrs)
    ET.SubElement(node, "text").text = text
    return node


def _attach(node: ET.Element, fig: Any) -> None:
    """Attach figure.svg to a text that shows it (some kinds draw a figure only in the key)."""
    if fig is not None and "@@PLUGINFILE@@/figure.svg" in (node.findtext("text") or ""):
        svg = render("export/figure.svg", fig=fig).encode("utf-8")
        ET.SubElement(node, "file", name="figure.svg", path="/", encoding="base64").text = \
            base64.b64encode(svg).decode("ascii")


def category_path(parts: Sequence[str]) -> str:
    """`$course$/top/...`: Moodle separates levels with `/`, so a `/` inside a name is doubled."""
    return "/".join(["$course$", "top"] + [p.replace("/", "//") for p in parts])


def _category(quiz: ET.Element, path: str, description: str) -> None:
    q = ET.SubElement(quiz, "question", type="category")
    _text(q, "category", path)
    _text(q, "info", description, format="html")


def _question(quiz: ET.Element, item: Item, rows: int) -> None:
    v, module = item.variant, get_kind(item.variant.kind)
    parts = [{"id": p.id, "label": p.label, "blanks": [{"key": b.key, "label": b.label, "marker": marker(b, v.seed)}
                                                        for b in p.blanks]}
             for p in part_blanks(v.kind, v.data, v.solution, rows)]
    q = ET.SubElement(quiz, "question", type="cloze")
    _text(q, "name", f"{item.label} {v.title}")
    text = render("export/moodle_question.html", question=item.fragments["moodle"]["question"], parts=parts)
    _attach(_text(q, "questiontext", text, format="html"), module.figure(v.data, v.solution, False))
    feedback = _text(q, "generalfeedback", item.fragments["moodle"]["key"], format="html")
    _attach(feedback, module.figure(v.data, v.solution, True))
    ET.SubElement(q, "penalty").text = PENALTY
    ET.SubElement(q, "hidden").text = "0"
    ET.SubElement(q, "idnumber").text = f"rosenblatt-{item.spec}-{item.label}-{v.number}"


def moodle_xml(spec: Any, sheets: Sequence[Any]) -> bytes:
    """The question bank: a category per exercise of the spec (under one for the spec), a question per variant."""
    quiz = ET.Element("quiz")
    groups = items(spec, sheets, ["moodle"])
    for number, exercise in enumerate(spec.exercises, 1):
        group = [i for i in groups if i.variant.number == number]
        names = ["Rosenblatt", spec.title] + ([f"{number}. {exercise.title}"] if len(spec.exercises) > 1 else [])
        _category(quiz, category_path(names), render("export/moodle_category.html", title=exercise.title,
                                                     count=len(group), spec=spec.name, version=__version__))
        rows = sequence_rows([i.variant for i in group])
        for item in group:
            _question(quiz, item, rows)
    ET.indent(quiz, space="  ")
    return ('<?xml version="1.0" encoding="UTF-8"?>\n' + ET.tostring(quiz, encoding="unicode") + "\n").encode("utf-8")


def files(spec, sheets) -> dict[str, bytes]:
    """This format's files, by path relative to the output folder (the export face's one entry point)."""
    return {"moodle.xml": moodle_xml(spec, sheets)}

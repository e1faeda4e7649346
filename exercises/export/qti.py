"""Canvas QTI 1.2: a zip with imsmanifest.xml and, per spec exercise, an assessment that draws one of its variants."""

from __future__ import annotations

import hashlib
import io
import xml.etree.ElementTree as ET
import zipfile
from typing import Any, Sequence

from exercises.export.fields import Blank, PartBlanks, choices, decimal_text, part_blanks, sequence_rows, terminating
from exercises.export.pool import Item, items
from exercises.kinds import get_kind
from rosenblatt.shared import render

QTI = "http://www.imsglobal.org/xsd/ims_qtiasiv1p2"
CP = "http://www.imsglobal.org/xsd/imsccv1p1/imscp_v1p1"
XSI = "http://www.w3.org/2001/XMLSchema-instance"
QTI_XSD = f"{QTI} http://www.imsglobal.org/xsd/ims_qtiasiv1p2p1.xsd"
CP_XSD = f"{CP} http://www.imsglobal.org/xsd/imscp_v1p1.xsd"
FILEBASE = "$IMS-CC-FILEBASE$/"  # Canvas resolves this to the imported course files
ZIP_TIME = (2020, 1, 1, 0, 0, 0)


def accepted(blank: Blank) -> tuple[str, ...]:
    """Texts Canvas accepts in a fill-in blank (it compares text): the canonical form, then exact decimal spellings."""
    if blank.form == "verdict":
        return ("yes", "true") if blank.value else ("no", "false")
    out = [blank.text]
    if blank.form in ("decimal", "fraction") and terminating(blank.value):
        text = decimal_text(blank.value)
        out += [text, text.replace("0.", ".", 1) if text.lstrip("-").startswith("0.") else text]
    if blank.form == "decimal" and blank.value.denominator == 1:
        out.append(f"{blank.value.numerator}.0")
    if blank.form == "surd":  # Canvas compares text: the canonical spelling, with or without spaces around * and /
        spaced = blank.text.replace("*", " * ")
        out += [spaced, blank.text.replace("/", " / "), spaced.replace("/", " / ")]
    return tuple(dict.fromkeys(out))


def needs_dropdowns(blanks: Sequence[Blank]) -> bool:
    """Canvas asks one kind of blank per question: drop-downs only when every blank is a root or a verdict (a
    choice among a few); otherwise every blank is typed, roots in the spelling the question shows."""
    return bool(blanks) and all(b.form in ("surd", "verdict") for b in blanks)


def _field(meta: ET.Element, label: str, entry: str) -> None:
    field = ET.SubElement(meta, "qtimetadatafield")
    ET.SubElement(field, "fieldlabel").text = label
    ET.SubElement(field, "fieldentry").text = entry


def _mattext(parent: ET.Element, text: str, texttype: str = "text/plain") -> None:
    ET.SubElement(ET.SubElement(parent, "material"), "mattext", texttype=texttype).text = text


def _figure_html(html: str, fig: Any, files: dict[str, bytes]) -> str:
    """Attach the figure as a file of the package and point the rendered text's placeholder at it."""
    if fig is None or 'src="@@FIGURE@@"' not in html:
        return html
    svg = render("export/figure.svg", fig=fig).encode("utf-8")
    name = f"images/{hashlib.sha256(svg).hexdigest()[:20]}.svg"
    files[name] = svg
    return html.replace('src="@@FIGURE@@"', f'src="{FILEBASE}{name}"')


def _blank_choices(blank: Blank, dropdowns: bool, seed: int) -> tuple[str, ...]:
    return choices(blank, seed) if dropdowns else accepted(blank)


def _item(section: ET.Element, item: Item, files: dict[str, bytes], rows: int) -> None:
    v, module = item.variant, get_kind(item.variant.kind)
    groups: Sequence[PartBlanks] = part_blanks(v.kind, v.data, v.solution, rows)
    blanks = [b for g in groups for b in g.blanks]
    dropdowns = needs_dropdowns(blanks)
    names = {b.key: f"b{k}" for k, b in enumerate(blanks, 1)}
    parts = [{"id": g.id, "label": g.label, "blanks": [{"key": b.key, "label": b.label, "name": names[b.key]}
                                                     for b in g.blanks]} for g in groups]
    node = ET.SubElement(section, "item", ident=f"{section.get('ident')}_{_ident(item.label)}", title=f"{item.label} {v.title}")
    meta = ET.SubElement(ET.SubElement(node, "itemmetadata"), "qtimetadata")
    _field(meta, "question_type", "multiple_dropdowns_question" if dropdowns else "fill_in_multiple_blanks_question")
    _field(meta, "points_possible", str(len(blanks)))
    question = render("export/qti_question.html", question=item.fragments["qti"]["question"], parts=parts,
                      dropdowns=dropdowns, roots=any(b.form == "surd" for b in blanks))
    presentation = ET.SubElement(node, "presentation")
    _mattext(presentation, _figure_html(question, module.figure(v.data, v.solution, False), files), "text/html")
    for b in blanks:
        lid = ET.SubElement(presentation, "response_lid", ident=f"response_{names[b.key]}")
        _mattext(lid, names[b.key])
        render_choice = ET.SubElement(lid, "render_choice", shuffle="Yes" if dropdowns else "No")
        for k, text in enumerate(_blank_choices(b, dropdowns, v.seed), 1):
            label = ET.SubElement(render_choice, "response_label", ident=f"{names[b.key]}_{k}")
            _mattext(label, text)
    _scoring(node, blanks, names, dropdowns, v.seed)
    key = _figure_html(item.fragments["qti"]["key"], module.figure(v.data, v.solution, True), files)
    feedback = ET.SubElement(node, "itemfeedback", ident="general_fb")
    _mattext(ET.SubElement(feedback, "flow_mat"), key, "text/html")


def _scoring(node: ET.Element, blanks: list[Blank], names: dict[str, str], dropdowns: bool, seed: int) -> None:
    """Canvas's scoring: SCORE 0..100, each blank adds its share; a fill-in blank accepts any of its texts, a
    drop-down only its right choice (wherever the variant's shuffle put it)."""
    proc = ET.SubElement(node, "resprocessing")
    ET.SubElement(ET.SubElement(proc, "outcomes"), "decvar", maxvalue="100", minvalue="0", varname="SCORE",
                  vartype="Decimal")
    cond = ET.SubElement(proc, "respcondition", {"continue": "Yes"})
    ET.SubElement(ET.SubElement(cond, "conditionvar"), "other")
    ET.SubElement(cond, "displayfeedback", feedbacktype="Response", linkrefid="general_fb")
    share = f"{100 / max(1, len(blanks)):.4f}"
    for b in blanks:
        name = names[b.key]
        right = [choices(b, seed).index(b.text) + 1] if dropdowns else range(1, len(accepted(b)) + 1)
        for k in right:
            cond = ET.SubElement(proc, "respcondition")
            ET.SubElement(ET.SubElement(cond, "conditionvar"), "varequal", respident=f"response_{name}").text = \
                f"{name}_{k}"
            ET.SubElement(cond, "setvar", varname="SCORE", action="Add").text = share


def _assessment(ident: str, title: str, group: list[Item], files: dict[str, bytes]) -> bytes:
    """One quiz: a question group that draws 1 of the exercise's variants (its items land in a question bank)."""
    root = ET.Element("questestinterop", {"xmlns": QTI, "xmlns:xsi": XSI, "xsi:schemaLocation": QTI_XSD})
    assessment = ET.SubElement(root, "assessment", ident=ident, title=title)
    _field(ET.SubElement(assessment, "qtimetadata"), "cc_maxattempts", "1")
    top = ET.SubElement(assessment, "section", ident="root_section")
    pool = ET.SubElement(top, "section", ident=f"{ident}_pool", title=title)
    selection = ET.SubElement(ET.SubElement(pool, "selection_ordering"), "selection")
    ET.SubElement(selection, "selection_number").text = "1"
    rows = sequence_rows([i.variant for i in group])
    points = len([b for g in part_blanks(group[0].variant.kind, group[0].variant.data, group[0].variant.solution,
                                         rows) for b in g.blanks]) if group else 0
    ET.SubElement(ET.SubElement(selection, "selection_extension"), "points_per_item").text = str(points)
    for item in group:
        _item(pool, item, files, rows)
    return _xml(root)


def _xml(root: ET.Element) -> bytes:
    ET.indent(root, space="  ")
    return ('<?xml version="1.0" encoding="UTF-8"?>\n' + ET.tostring(root, encoding="unicode") + "\n").encode("utf-8")


def _manifest(spec_name: str, assessments: dict[str, list[str]]) -> bytes:
    """The IMS content package manifest: each assessment, with the images its items show as dependencies."""
    root = ET.Element("manifest", {"identifier": f"rosenblatt_{_ident(spec_name)}_manifest", "xmlns": CP,
                                   "xmlns:xsi": XSI, "xsi:schemaLocation": CP_XSD})
    metadata = ET.SubElement(root, "metadata")
    ET.SubElement(metadata, "schema").text = "IMS Content"
    ET.SubElement(metadata, "schemaversion").text = "1.1.3"
    ET.SubElement(root, "organizations")
    resources = ET.SubElement(root, "resources")
    for ident, images in assessments.items():
        res = ET.SubElement(resources, "resource", identifier=ident, type="imsqti_xmlv1p2")
        ET.SubElement(res, "file", href=f"{ident}/{ident}.xml")
        for image in images:
            ET.SubElement(res, "dependency", identifierref=_ident(image))
    for image in sorted({i for images in assessments.values() for i in images}):
        res = ET.SubElement(resources, "resource", identifier=_ident(image), type="webcontent", href=image)
        ET.SubElement(res, "file", href=image)
    return _xml(root)


def _ident(text: str) -> str:
    return "".join(c if c.isalnum() else "_" for c in text)


def qti_zip(spec: Any, sheets: Sequence[Any]) -> bytes:
    """The package: an assessment per exercise of the spec (a question group drawing 1 of its variants), images."""
    groups = items(spec, sheets, ["qti"])
    files: dict[str, bytes] = {}
    assessments: dict[str, list[str]] = {}
    for number, exercise in enumerate(spec.exercises, 1):
        ident = f"rosenblatt_{_ident(spec.name)}_{number}"
        title = f"{spec.title}: {exercise.title}" if len(spec.exercises) > 1 else spec.title
        images: dict[str, bytes] = {}
        files[f"{ident}/{ident}.xml"] = _assessment(ident, title, [i for i in groups if i.variant.number == number],
                                                    images)
        files.update(images)
        assessments[ident] = sorted(images)
    files["imsmanifest.xml"] = _manifest(spec.name, assessments)
    buf = io.BytesIO()
    with zipfile.ZipFile(buf, "w") as z:
        for name in ["imsmanifest.xml"] + sorted(n for n in files if n != "imsmanifest.xml"):
            info = zipfile.ZipInfo(name, date_time=ZIP_TIME)
            info.external_attr, info.compress_type = 0o644 << 16, zipfile.ZIP_DEFLATED
            z.writestr(info, files[name])
    return buf.getvalue()


def files(spec, sheets) -> dict[str, bytes]:
    """This format's files, by path relative to the output folder (the export face's one entry point)."""
    return {"qti.zip": qti_zip(spec, sheets)}

"""Moodle XML and Canvas QTI exports: structure from the documented formats, and every answer recovered exactly.

Round trip: each exported question's answers are read back from the file alone, assembled per part and hashed
the way check-answers does; every digest must match the student's handout for that variant.
"""

from __future__ import annotations

import base64
import html
import json
import re
import xml.etree.ElementTree as ET
import zipfile
from fractions import Fraction
from html.parser import HTMLParser
from pathlib import Path

import pytest
from hypothesis import assume, given, settings, strategies as st

from exercises.answers.answer_parse import as_set, canonical, parse_answer, parse_bool
from exercises.answers.kdf import Kdf
from exercises.cli.main import main

SPECS = ("problem_set", "hand_trace_decimal_tie")
# Moodle's embedded-answer grammar (question/type/multianswer/questiontype.php), ported to Python regexes.
NUMBER = r"-?(([0-9]+[.,]?[0-9]*|[.,][0-9]+)([eE][-+]?[0-9]+)?)"
NUMERICAL_ALTERNATIVE = re.compile(rf"^({NUMBER})(:{NUMBER})?$")
# An answer ends at a `~`, `#` or `}` not preceded by `\`, `&` or `&amp;` (PHP's one look-behind, split in three).
ALTERNATIVE = r"(=|%-?[0-9]+(?:[.,][0-9]*)?%)?(.+?(?<!\\)(?<!&)(?<!&amp;)(?=[~#}]|$))(#(.*?(?<!\\)(?=[~}]|$)))?"
TYPES = r"NUMERICAL|NM|MULTICHOICE|MC|MULTICHOICE_V|MCV|MULTICHOICE_H|MCH|SHORTANSWER|SA|MW|MULTICHOICE_S|MCS"
ANSWER = re.compile(rf"\{{([0-9]*):({TYPES}):({ALTERNATIVE}(~{ALTERNATIVE})*)\}}", flags=re.S)
QTI = "{http://www.imsglobal.org/xsd/ims_qtiasiv1p2}"
CP = "{http://www.imsglobal.org/xsd/imsccv1p1/imscp_v1p1}"


@pytest.fixture(scope="module", params=SPECS)
def out(request, tmp_path_factory) -> Path:
    folder = tmp_path_factory.mktemp("export") / request.param
    assert main(["generate", request.param, "--format", "json,moodle,qti", "--variants", "3", "--seed", "4",
                 "--kdf-iterations", "1000", "--out", str(folder), "--quiet"]) == 0
    return folder


class Rows(HTMLParser):
    """The answer rows of a question text: (part id, blank key, text of the answer cell)."""

    def __init__(self, html: str):
        super().__init__()
        self.rows: list[list] = []
        self.cell = -1
        self.feed(html)

    def handle_starttag(self, tag, attrs):
        attrs = dict(attrs)
        if tag == "tr" and "data-key" in attrs:
            self.rows.append([attrs["data-part"], attrs["data-key"], ""])
            self.cell = 0
        elif tag == "td" and self.cell >= 0:
            self.cell += 1

    def handle_endtag(self, tag):
        if tag == "tr":
            self.cell = -1

    def handle_data(self, data):
        if self.cell == 2:
            self.rows[-1][2] += data


def unescape(text: str) -> str:
    """What Moodle stores for an answer: html_entity_decode, then only `\\}` and `\\#` un-escaped."""
    return html.unescape(text).replace("\\}", "}").replace("\\#", "#")


def alternatives(body: str) -> list[str]:
    """Moodle's loop over `~?ALTERNATIVE`: each answer with its `=` mark, as written (before unescape)."""
    out, rest = [], body
    while rest:
        m = re.match(rf"~?{ALTERNATIVE}", rest, flags=re.S)
        assert m, rest
        out.append((m.group(1) or "") + m.group(2))
        rest = rest[m.end():]
    return out


def part_values(values: list[tuple[str, str, object]]) -> dict[str, object]:
    """Assemble blank values into part values: vectors from `[c]`, trace items from `[n].field` (in field order)."""
    parts: dict[str, dict] = {}
    for part, key, value in values:
        rest = key[len(part):]
        m = re.fullmatch(r"(?:\[(\d+)\]\.(\w+))?(?:\[(\d+)\])?", rest)
        assert m, key
        item, field, comp = m.groups()
        slot = parts.setdefault(part, {}).setdefault(int(item) if item else 0, {})
        slot.setdefault(field or "", []).append(value) if comp else slot.__setitem__(field or "", value)
    out = {}
    for part, items in parts.items():
        def one(fields):
            return tuple(tuple(v) if isinstance(v, list) else v for v in fields.values())
        if 0 in items:
            only = items[0][""]
            out[part] = tuple(only) if isinstance(only, list) else only
        else:  # a trace's rows past its last update are padding: point 0
            out[part] = [one(items[n]) for n in sorted(items) if items[n].get("point") != 0]
    return out


def assert_matches_handout(out: Path, label: str, number: int, values: dict[str, object]) -> int:
    """Every recovered part hashes to the handout's digest (check-answers' test); returns the parts checked."""
    handout = json.loads((out / "variants" / label / "handout.json").read_text())
    exercise = next(e for e in handout["exercises"] if e["number"] == number)
    checked = 0
    kdf = Kdf(handout["salt"], handout["kdf"]["iterations"])

    def answer_digest(key: str, value) -> str:
        return kdf.digest(key, canonical(as_set(value) if part["type"] == "set" else value))

    for part in exercise["parts"]:
        key = f"{number}.{part['id']}"
        if part["type"] == "certificate":
            assert part["id"] not in values
            continue
        value = values[part["id"]]
        if part["type"] == "sequence":
            assert all(answer_digest(f"{key}[{k}]", item) in part["digests"]
                       for k, item in enumerate(value, 1))
            assert answer_digest(f"{key}.count", len(value)) == part["count_digest"]
        else:
            assert answer_digest(key, value) == part["digest"], (label, key, value)
        checked += 1
    return checked


def moodle_value(marker: str):
    m = ANSWER.fullmatch(marker)
    assert m, marker
    alts = alternatives(m.group(3))
    right = [a[1:] for a in alts if a.startswith("=")]
    assert len(right) == 1, marker
    if m.group(2) == "NUMERICAL":
        number, tolerance = NUMERICAL_ALTERNATIVE.fullmatch(right[0]).group(1, 6)
        assert tolerance == "0"
        return Fraction(number)
    wrong = [unescape(a) for a in alts if not a.startswith("=")]
    return unescape(right[0]), wrong


def recover_moodle(cell: str):
    markers = ANSWER.findall(cell)
    texts = [m.group(0) for m in ANSWER.finditer(cell)]
    assert markers and ANSWER.sub("", cell).strip() in ("", "/"), cell
    if len(texts) == 2:  # numerator / denominator
        return moodle_value(texts[0]) / moodle_value(texts[1])
    value = moodle_value(texts[0])
    if isinstance(value, Fraction):
        return value
    right, wrong = value
    if right in ("yes", "no"):
        return parse_bool(right)
    exact = parse_answer(right)
    assert all(parse_answer(w) != exact for w in wrong) and len(set(wrong)) == len(wrong)
    return exact


def test_moodle_xml_structure_and_round_trip(out):
    root = ET.parse(out / "moodle.xml").getroot()
    assert root.tag == "quiz"
    questions = root.findall("question")
    categories = [q for q in questions if q.get("type") == "category"]
    cloze = [q for q in questions if q.get("type") == "cloze"]
    spec = json.loads((out / "exercises.json").read_text().splitlines()[0] + "]}")["spec"]
    assert len(categories) == len(spec["exercises"]) and len(cloze) == 3 * len(spec["exercises"])
    assert all(c.findtext("category/text").startswith("$course$/top/Rosenblatt/") for c in categories)
    checked = 0
    for q in cloze:
        assert q.find("questiontext").get("format") == "html" and q.findtext("generalfeedback/text")
        assert q.findtext("penalty") and q.findtext("hidden") == "0"
        for f in q.iter("file"):
            assert f.get("encoding") == "base64" and f.get("name") == "figure.svg"
            assert ET.fromstring(base64.b64decode(f.text)).tag == "{http://www.w3.org/2000/svg}svg"
        text = q.findtext("questiontext/text")
        assert ("@@PLUGINFILE@@/figure.svg" in text) == (q.find("questiontext/file") is not None)
        rows = Rows(text).rows
        assert len(re.findall(r"\{[0-9]*:", text)) == sum(len(ANSWER.findall(r[2])) for r in rows)
        label, number = re.fullmatch(r"rosenblatt-\w+-(\w+)-(\d+)", q.findtext("idnumber")).groups()
        values = part_values([(part, key, recover_moodle(cell)) for part, key, cell in rows])
        checked += assert_matches_handout(out, label, int(number), values)
    assert checked >= len(cloze)


def qti_files(out: Path) -> dict[str, bytes]:
    with zipfile.ZipFile(out / "qti.zip") as z:
        assert z.testzip() is None
        return {n: z.read(n) for n in z.namelist()}


def test_qti_manifest_references_every_file(out):
    files = qti_files(out)
    manifest = ET.fromstring(files["imsmanifest.xml"])
    assert manifest.tag == f"{CP}manifest" and manifest.find(f"{CP}organizations") is not None
    resources = manifest.findall(f"{CP}resources/{CP}resource")
    idents = [r.get("identifier") for r in resources]
    assert len(set(idents)) == len(idents)
    hrefs = {f.get("href") for r in resources for f in r.findall(f"{CP}file")}
    assert hrefs == set(files) - {"imsmanifest.xml"}
    for r in resources:
        assert r.get("type") in ("imsqti_xmlv1p2", "webcontent")
        assert all(d.get("identifierref") in idents for d in r.findall(f"{CP}dependency"))


def test_qti_items_structure_and_round_trip(out):
    files = qti_files(out)
    assessments = [n for n in files if n.endswith(".xml") and n != "imsmanifest.xml"]
    checked = 0
    for name in assessments:
        root = ET.fromstring(files[name])
        assert root.tag == f"{QTI}questestinterop"
        pool = root.find(f"{QTI}assessment/{QTI}section/{QTI}section")
        assert pool.findtext(f"{QTI}selection_ordering/{QTI}selection/{QTI}selection_number") == "1"
        items = pool.findall(f"{QTI}item")
        assert len(items) == 3
        for item in items:
            checked += check_qti_item(out, item, files)
    assert checked >= 3 * len(assessments)


def check_qti_item(out: Path, item: ET.Element, files: dict[str, bytes]) -> int:
    meta = {f.findtext(f"{QTI}fieldlabel"): f.findtext(f"{QTI}fieldentry")
            for f in item.iter(f"{QTI}qtimetadatafield")}
    kind = meta["question_type"]
    assert kind in ("fill_in_multiple_blanks_question", "multiple_dropdowns_question")
    text = item.findtext(f"{QTI}presentation/{QTI}material/{QTI}mattext")
    for src in re.findall(r'src="\$IMS-CC-FILEBASE\$/([^"]+)"', text):
        assert src in files
    lids = {lid.get("ident"): lid for lid in item.iter(f"{QTI}response_lid")}
    rows = Rows(text).rows
    assert {f"response_{cell.strip()[1:-1]}" for _, _, cell in rows} == set(lids)
    scored = {}
    for cond in item.iter(f"{QTI}respcondition"):
        eq = cond.find(f"{QTI}conditionvar/{QTI}varequal")
        if eq is not None:
            scored.setdefault(eq.get("respident"), set()).add(eq.text)
    assert int(meta["points_possible"]) == len(lids)
    values = []
    for part, key, cell in rows:
        lid = lids[f"response_{cell.strip()[1:-1]}"]
        labels = {lab.get("ident"): lab.findtext(f"{QTI}material/{QTI}mattext") for lab in lid.iter(f"{QTI}response_label")}
        right = [labels[i] for i in sorted(scored[lid.get("ident")])]
        read = parse_bool if right[0] in ("yes", "no", "true", "false") else parse_answer
        exact = {repr(read(r)) for r in right}
        assert len(exact) == 1, right  # every accepted spelling is the same exact value
        if kind == "multiple_dropdowns_question":
            wrong = [t for i, t in labels.items() if i not in scored[lid.get("ident")]]
            assert wrong and all(repr(read(w)) not in exact for w in wrong)
        values.append((part, key, read(right[0])))
    number, label = re.fullmatch(r".*_(\d+)_pool_(\w+)", item.get("ident")).groups()
    return assert_matches_handout(out, label, int(number), part_values(values))


def test_exports_are_reproducible(out, tmp_path):
    spec = out.name
    again = tmp_path / "again"
    assert main(["generate", spec, "--format", "json,moodle,qti", "--variants", "3", "--seed", "4",
                 "--kdf-iterations", "1000", "--out", str(again), "--quiet"]) == 0
    assert (again / "moodle.xml").read_bytes() == (out / "moodle.xml").read_bytes()
    assert (again / "qti.zip").read_bytes() == (out / "qti.zip").read_bytes()


def test_unknown_format_names_every_choice(capsys):
    assert main(["generate", "--format", "md,blackboard", "--out", "/nonexistent/x"]) == 2
    assert capsys.readouterr().err.strip() == ("rosenblatt: --format: unknown format blackboard; choose from md, tex, "
                                               "html, json, prairielearn, moodle, qti")


def test_a_fraction_without_a_decimal_is_numerator_and_denominator():
    from exercises.export.fields import Blank
    from exercises.export.moodle import marker

    assert marker(Blank("f", "f", Fraction(-1, 3), "fraction"), 0) == "{1:NUMERICAL:=-1:0} / {1:NUMERICAL:=3:0}"
    assert marker(Blank("d", "d", Fraction(-4, 5), "decimal"), 0) == "{1:NUMERICAL:=-0.8:0}"


@given(st.lists(st.text(alphabet=st.characters(blacklist_characters="~\\", blacklist_categories=("Cs",)),
                        min_size=1, max_size=12).filter(lambda t: t.strip() == t and t), min_size=2, max_size=4,
                unique=True))
@settings(max_examples=300, deadline=None)
def test_moodle_reads_back_exactly_what_the_exporter_escaped(options):
    """Moodle's own parsing rules (ported above) recover each option unchanged: no stray backslash, no lost `}`."""
    from exercises.export.moodle import escape_cloze

    assume(not any(o.endswith("&") or o.endswith("&amp;") or o.startswith("=") or re.match(r"%-?[0-9]", o)
                   for o in options))
    body = "~".join(("=" if k == 0 else "") + escape_cloze(o) for k, o in enumerate(options))
    m = ANSWER.fullmatch("{1:MULTICHOICE_S:" + body + "}")
    assert m, body
    got = [unescape(a.removeprefix("=")) for a in alternatives(m.group(3))]
    assert got == options
    assert escape_cloze("sqrt(2)/2") == "sqrt(2)/2"  # nothing to escape: Moodle would show a `\/` as typed


def test_choices_are_shuffled_per_variant_and_the_platforms_are_asked_to_shuffle(out):
    firsts = []
    for q in ET.parse(out / "moodle.xml").getroot().iter("question"):
        for marker in re.findall(r"\{1:MULTICHOICE(?:_S)?:[^{}]*\}", q.findtext("questiontext/text") or ""):
            firsts.append(marker.split(":", 2)[2].startswith("="))
    assert not firsts or not all(firsts)
    for name, data in qti_files(out).items():
        if name.endswith(".xml") and name != "imsmanifest.xml":
            for rc in ET.fromstring(data).iter(f"{QTI}render_choice"):
                assert rc.get("shuffle") in ("Yes", "No")


def test_trace_questions_have_as_many_rows_in_every_variant(out):
    counts = {}
    for q in ET.parse(out / "moodle.xml").getroot().iter("question"):
        text = q.findtext("questiontext/text") or ""
        if q.get("type") == "cloze" and "updates[" in text:
            counts.setdefault(q.findtext("name").split(" ", 1)[1], set()).add(text.count(".point"))
    assert all(len(c) == 1 for c in counts.values())

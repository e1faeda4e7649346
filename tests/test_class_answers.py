"""check-answers over a class: per-part gradebook, most common wrong answers and trace slips; golden files."""

from __future__ import annotations

import copy
import csv
import io
import json
import os
from fractions import Fraction
from pathlib import Path

import pytest
import yaml

from browser_helpers import chromium
from exercises.answers.answer_check import check_answers
from exercises.cli.main import main
from exercises.answers.trace_diagnosis import classify
from test_check_answers import correct_answers

GOLDEN = Path(__file__).resolve().parent / "golden" / "exercises"
REGEN = os.environ.get("UPDATE_GOLDEN") == "1"
ROSTER = "id,name\nada,Ada L\nalan,Alan T\ngrace,Grace H\nlinus,Linus\nmargaret,=HYPERLINK(\"x\")\nbarbara,Barbara\n"


def _minus(theta: list[str], y: int, x: list[str]) -> list[str]:
    """θ − y·x, the classic sign slip."""
    return [str(Fraction(t) - y * Fraction(v)) for t, v in zip(theta, x)]


def _answers(variants: dict) -> dict[str, dict]:
    """Each student's answers.yaml: right, with slips, short, missing, unreadable."""
    out = {}
    for student, vs in variants.items():
        right = correct_answers(vs)
        trace = next(n for n, v in vs.items() if v["kind"] == "hand_trace")
        bound = next(n for n, v in vs.items() if v["kind"] == "mistake_bound")
        data = vs[trace]["data"]
        wrong = copy.deepcopy(right)
        if student == "alan":  # update 1 with the sign slip, and the wrong γ
            first = right[trace]["updates"][0]
            wrong[trace]["updates"][0]["theta"] = _minus(data["theta_init"], data["y"][first["point"] - 1],
                                                         data["X"][first["point"] - 1])
            wrong[bound]["gamma"] = "1"
        elif student == "grace":  # the same wrong γ, an unreadable bound, the trace stops after one update
            wrong[bound]["gamma"] = "1"
            wrong[bound]["bound"] = "2**2"
            wrong[trace]["updates"] = wrong[trace]["updates"][:1]
        elif student == "margaret":
            wrong[trace]["mistakes"] = 99
        out[student] = wrong
    return out


@pytest.fixture(scope="module")
def klass(tmp_path_factory):
    root = tmp_path_factory.mktemp("class")
    (root / "roster.csv").write_text(ROSTER, encoding="utf-8")
    assert main(["generate", "three_kinds", "--roster", str(root / "roster.csv"), "--secret", "golden", "--out",
                 str(root / "key"), "--format", "json", "--quiet", "--kdf-iterations", "1000"]) == 0
    variants: dict[str, dict] = {}
    for v in json.loads((root / "key" / "exercises.json").read_text())["variants"]:
        variants.setdefault(v["sheet"], {})[v["exercise"]] = v
    answers = root / "answers"
    answers.mkdir()
    for student, doc in _answers(variants).items():
        if student == "linus":
            continue  # no file
        if student == "barbara":
            (answers / "barbara.yaml").write_text("1: [unclosed\n", encoding="utf-8")
        elif student == "margaret":
            (answers / "margaret").mkdir()
            (answers / "margaret" / "answers.yaml").write_text(yaml.safe_dump(doc), encoding="utf-8")
        else:
            (answers / f"{student}.yaml").write_text(yaml.safe_dump(doc), encoding="utf-8")
    (answers / "grcae.yaml").write_text("1: {}\n", encoding="utf-8")  # a typo in a file name: on no roster
    assert main(["check-answers", str(root / "key"), str(answers), "--roster", str(root / "roster.csv"),
                 "--out", str(root / "report")]) == 0
    return root


def test_answer_files_of_no_one_on_the_roster_are_reported(klass):
    doc = json.loads((klass / "report" / "summary.json").read_text())
    stray = [x for x in doc["students_not_checked"] if x["status"] == "not-on-roster"]
    assert [x["id"] for x in stray] == ["grcae"] and doc["statuses"]["not-on-roster"] == 1
    assert "grcae" not in (klass / "report" / "gradebook.csv").read_text()
    html = (klass / "report" / "summary.html").read_text()
    assert "answer file not on the roster" in html and "not-on-roster" not in html.split("<body>")[1]


def test_teacher_reports_show_no_internal_tokens_or_raw_backticks(klass):
    body = (klass / "report" / "summary.html").read_text().split("<body>")[1]
    for token in ("weights_bad", "separator_bad", "<code>unreadable</code>", "no-answers", "no-variant", "`"):
        assert token not in body


def _golden(name: str, text: str) -> None:
    path = GOLDEN / name
    if REGEN:
        path.write_text(text, encoding="utf-8")
    assert path.is_file(), f"missing golden file {path}; run with UPDATE_GOLDEN=1"
    assert text == path.read_text(encoding="utf-8"), f"{name} differs (UPDATE_GOLDEN=1 to accept)"


@pytest.mark.parametrize("name", ["gradebook.csv", "summary.json", "summary.html"])
def test_golden_class_report(klass, name):
    _golden(f"class_{name}", (klass / "report" / name).read_text(encoding="utf-8"))


def test_gradebook_scores_and_statuses(klass):
    rows = {r["id"]: r for r in csv.DictReader(io.StringIO((klass / "report" / "gradebook.csv").read_text()))}
    assert rows["ada"]["status"] == "checked" and rows["ada"]["score"] == rows["ada"]["max_score"] == "11"
    assert rows["alan"]["1.updates"] == "0" and rows["alan"]["3.gamma"] == "0" and rows["alan"]["score"] == "9"
    assert rows["linus"]["status"] == "no-answers" and rows["barbara"]["status"] == "unreadable"
    assert rows["margaret"]["name"].startswith("'=")  # never a live spreadsheet formula


def test_most_common_wrong_answers_and_slips(klass):
    doc = json.loads((klass / "report" / "summary.json").read_text())
    parts = {p["part"]: p for p in doc["parts"]}
    assert parts["3.gamma"]["right"] == 2 and parts["3.gamma"]["checked"] == 4
    top = parts["3.gamma"]["most_common_wrong"]
    assert [(w["answer"], w["count"]) for w in top] == [("1", 1), ("1", 1)] and {w["variant"] for w in top} == {
        "alan", "grace"}
    assert {s["slip"]: s["count"] for s in parts["1.updates"]["slips"]} == {"sign": 1, "stopped-early": 1}
    assert parts["3.bound"]["most_common_wrong"][0]["reason"] == "unreadable"
    assert [s["status"] for s in doc["students_not_checked"]] == ["not-on-roster", "no-answers", "unreadable"]


def test_class_verdicts_agree_with_each_students_own_check(klass):
    """The key route (no KDF) and the digest route (what students run) give the same status for every part."""
    doc = list(csv.DictReader(io.StringIO((klass / "report" / "gradebook.csv").read_text())))
    for row in doc:
        if row["status"] != "checked":
            continue
        path = klass / "answers" / f"{row['id']}.yaml"
        path = path if path.is_file() else klass / "answers" / row["id"] / "answers.yaml"
        _, report = check_answers(klass / "key" / "variants" / row["id"] / "handout.json", path)
        own = {f"{e['number']}.{r.id}": str(int(r.correct)) for e, rs in report for r in rs}
        assert own == {k: row[k] for k in own}, row["id"]


def test_trace_slips_are_named():
    data = {"X": [["1", "0"], ["0", "1"], ["-1", "1"]], "y": [1, 1, -1], "theta_init": ["0", "0"],
            "theta0_init": "0"}
    key = ["[1, [1, 0]]", "[2, [1, 1]]", "[3, [2, 0]]"]  # from 0: mistake at 1 (tie), at 2 (tie), at 3 (value -0)
    assert classify(data, key, 1, "[2, [0, 1]]") == "tie-as-correct"
    assert classify(data, key, 1, "[1, [-1, 0]]") == "sign"
    assert classify(data, key, 3, "[3, [0, 2]]") == "sign"  # θ − y·x, which for y = −1 is θ + x
    assert classify(data, key, 3, "[3, [5, 5]]") == "theta-arithmetic"
    assert classify(data, key, 4, "[1, [3, 0]]") == "extra-update"
    assert classify({**data, "theta_init": ["1", "1"]}, ["[3, [2, 0]]"], 1, "[1, [2, 1]]") == "update-on-correct"


def test_bad_class_inputs_exit_2(tmp_path, klass, capsys):
    (tmp_path / "empty").mkdir()
    assert main(["check-answers", str(tmp_path / "empty"), str(klass / "answers"), "--out", str(tmp_path / "r")]) == 2
    assert "no exercises.json" in capsys.readouterr().err
    assert main(["check-answers", str(klass / "key"), str(tmp_path / "empty"), "--out", str(tmp_path / "r")]) == 2
    assert "no answer file is named after a variant" in capsys.readouterr().err
    assert main(["check-answers", str(klass / "key"), str(klass / "roster.csv")]) == 2
    assert "is not a folder" in capsys.readouterr().err


def test_summary_html_renders_in_a_browser(klass):
    with chromium() as driver:
        driver.get((klass / "report" / "summary.html").as_uri())
        rows = driver.find_elements("css selector", "table tr")
        assert len(rows) >= 12 and "Slips:" in driver.find_element("tag name", "body").text
        assert driver.execute_script("return document.documentElement.scrollWidth <= window.innerWidth")

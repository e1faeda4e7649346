"""PrairieLearn: the external grader's results.json, the example course against PrairieLearn's JSON schemas."""

from __future__ import annotations

import base64
import json
import shutil
import xml.etree.ElementTree as ET
from pathlib import Path

import jsonschema
import pytest

from exercises.cli.main import main

ROOT = Path(__file__).resolve().parent.parent
SUBMISSIONS = ROOT / "submissions"
SCHEMAS = Path(__file__).resolve().parent / "schemas"
SECRET = "course-secret-for-tests"


def schema(name: str) -> jsonschema.Draft7Validator:
    doc = json.loads((SCHEMAS / name).read_text())
    jsonschema.Draft7Validator.check_schema(doc)
    return jsonschema.Draft7Validator(doc)


@pytest.fixture(scope="module")
def course(tmp_path_factory) -> Path:
    out = tmp_path_factory.mktemp("pl") / "course"
    assert main(["prairielearn-package", "--out", str(out), "--secret", SECRET]) == 0
    return out


def question(course: Path) -> Path:
    """The one question folder: `default_<tag>`, the tag derived from the assignment and its seed."""
    (folder,) = (course / "questions").glob("default_*")
    return folder


def tree(folder: Path) -> dict[str, bytes]:
    return {str(p.relative_to(folder)): p.read_bytes() for p in sorted(folder.rglob("*")) if p.is_file()}


def test_course_files_follow_prairielearns_schemas(course):
    info = json.loads((question(course) / "info.json").read_text())
    errors = [e.message for e in schema("infoQuestion.json").iter_errors(info)]
    assert not errors
    course_info = json.loads((course / "infoCourse.json").read_text())
    assert not [e.message for e in schema("infoCourse.json").iter_errors(course_info)]
    assert info["type"] == "v3" and info["gradingMethod"] == "External"
    assert info["topic"] in {t["name"] for t in course_info["topics"]}
    assert set(info["tags"]) <= {t["name"] for t in course_info["tags"]}
    options = info["externalGradingOptions"]
    assert options["image"] == "prairielearn/grader-python" and 0 < options["timeout"] <= 600
    entry = options["entrypoint"]
    assert entry.startswith("/grade/serverFilesCourse/")
    script = course / "serverFilesCourse" / entry.removeprefix("/grade/serverFilesCourse/")
    assert script.is_file() and script.stat().st_mode & 0o111
    assert all((course / "serverFilesCourse" / d).is_dir() for d in options["serverFilesCourse"])
    assert (course / "serverFilesCourse/rosenblatt/grader/platforms/prairielearn.py").is_file()
    html = (question(course) / "question.html").read_text()
    assert "<pl-file-upload" in html and "<pl-external-grader-results>" in html and "`<=`" in html and "&lt;" not in html
    assert (question(course) / "tests/secret.txt").read_text().strip() == SECRET
    assert "clientFilesQuestion" not in {p.name for p in question(course).iterdir()}


def test_schema_catches_a_broken_info_json(course):
    info = json.loads((question(course) / "info.json").read_text())
    info["externalGradingOptions"]["imagee"] = info["externalGradingOptions"].pop("image")
    assert list(schema("infoQuestion.json").iter_errors(info))


def test_the_same_inputs_give_the_same_course(course, tmp_path):
    again = tmp_path / "again"
    assert main(["prairielearn-package", "--out", str(again), "--secret", SECRET]) == 0
    assert tree(again) == tree(course)


def job(tmp_path: Path, course: Path, student: Path | None, name: str = "perceptron.py", data: dict | None = None,
        full: bool = False):
    """Run one grading job; unless `full`, the question's assignment drops the 20,000-point family (faster)."""
    root = tmp_path / "grade"
    shutil.copytree(question(course) / "tests", root / "tests")
    if not full:
        text = (root / "tests/default.yaml").read_text().replace("  large: 5\n", "")
        (root / "tests/small.yaml").write_text(text.replace("name: default", "name: small"))
        (root / "tests/rosenblatt.yaml").write_text("assignment: small.yaml\n")
    (root / "student").mkdir(parents=True)
    (root / "data").mkdir()
    (root / "data/data.json").write_text(json.dumps(data or {"params": {}, "submitted_answers": {}}))
    if student is not None:
        shutil.copy(student, root / "student" / name)
    assert main(["prairielearn", "--grade-dir", str(root)]) == 0
    text = (root / "results/results.json").read_text()
    assert SECRET not in text
    return json.loads(text)


def test_a_correct_file_scores_one(tmp_path, course):
    res = job(tmp_path, course, SUBMISSIONS / "correct.py", full=True)
    assert res["gradable"] is True and res["score"] == 1.0 and res["images"] == []
    assert res["rosenblatt"]["assignment"] == "default" and any(t["name"] == "hidden: large" for t in res["tests"])
    assert all(t["points"] == t["max_points"] for t in res["tests"])
    assert {"name", "description", "points", "max_points", "message", "output"} <= set(res["tests"][0])


def test_a_buggy_file_gets_tests_messages_and_the_figure(tmp_path, course):
    res = job(tmp_path, course, SUBMISSIONS / "strict_less_than.py")
    assert res["gradable"] is True and 0 <= res["score"] < 1
    assert "strict" in res["message"]
    assert sum(t["points"] for t in res["tests"]) == pytest.approx(res["score"] * sum(t["max_points"] for t in res["tests"]), abs=0.01)
    failed = [t for t in res["tests"] if t["points"] < t["max_points"]]
    assert failed and any(t["name"].startswith("hidden: ") for t in failed)
    image = res["images"][0]
    assert image["url"].startswith("data:image/svg+xml;base64,")
    svg = ET.fromstring(base64.b64decode(image["url"].split(",", 1)[1]))
    assert svg.tag == "{http://www.w3.org/2000/svg}svg"
    assert any("images" in t for t in failed)


def test_ungradable_files_are_not_gradable(tmp_path, course):
    res = job(tmp_path, course, SUBMISSIONS / "syntax_error.py")
    assert res["gradable"] is False and "does not parse" in res["format_errors"][0] and "score" not in res


def test_nothing_submitted(tmp_path, course):
    res = job(tmp_path, course, None)
    assert res["gradable"] is False and res["format_errors"] == ["no .py file or .ipynb notebook was submitted"]


def test_a_notebook_is_graded(tmp_path, course):
    res = job(tmp_path, course, SUBMISSIONS / "nb_correct.ipynb", "perceptron.ipynb")
    assert res["gradable"] is True and res["score"] == 1.0 and "cell 3, line 2" in res["output"]
    res = job(tmp_path / "2", course, SUBMISSIONS / "nb_no_function.ipynb", "perceptron.ipynb")
    assert res["gradable"] is False and "does not define a function named perceptron" in res["format_errors"][0]


def test_data_json_can_name_the_assignment(tmp_path, course):
    res = job(tmp_path, course, SUBMISSIONS / "correct.py", data={"params": {"rosenblatt_assignment": "column"}})
    assert res["rosenblatt"]["assignment"] == "column" and res["score"] < 1  # the column convention differs
    res = job(tmp_path / "2", course, SUBMISSIONS / "correct.py", data={"params": {"rosenblatt_assignment": "nope"}})
    assert res["gradable"] is False and res["format_errors"][0].startswith("the question is misconfigured: ")


def test_two_packages_of_one_assignment_coexist(tmp_path):
    """A retake (another seed) gets its own question folder and UUIDs; the same seed gives the same ones."""
    made = {}
    for name, secret in (("a", "s1"), ("b", "s2"), ("c", "s1")):
        assert main(["prairielearn-package", "--out", str(tmp_path / name), "--secret", secret]) == 0
        folder = question(tmp_path / name)
        made[name] = (folder.name, json.loads((folder / "info.json").read_text())["uuid"])
    assert made["a"] == made["c"]
    assert made["a"][0] != made["b"][0] and made["a"][1] != made["b"][1]

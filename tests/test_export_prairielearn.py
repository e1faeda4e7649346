"""PrairieLearn export: schemas, a server.py that runs on the standard library alone, and a grader that agrees
with Rosenblatt's own answer parser and check-answers on many inputs."""

from __future__ import annotations

import ast
import importlib.util
import json
import subprocess
import sys
from pathlib import Path

import jsonschema
import pytest
from hypothesis import given, settings, strategies as st

from exercises.answers.answer_parse import canonical, parse_answer
from exercises.cli.main import main
from rosenblatt.shared.errors import AnswerError
from exercises.answers.answer_check import check_exercise

ROOT = Path(__file__).resolve().parent.parent
SCHEMAS = Path(__file__).resolve().parent / "schemas"
STANDALONE = ROOT / "templates" / "prairielearn" / "rosenblatt_answers.py"
STDLIB = {"importlib", "importlib.util", "os", "json", "math", "re", "fractions"}


def load_standalone():
    spec = importlib.util.spec_from_file_location("rosenblatt_answers_under_test", STANDALONE)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


pl = load_standalone()


@pytest.fixture(scope="module")
def out(tmp_path_factory) -> Path:
    folder = tmp_path_factory.mktemp("pl-export") / "out"
    assert main(["generate", "problem_set", "--format", "json,prairielearn", "--variants", "4", "--seed", "2",
                 "--kdf-iterations", "1000",
                 "--out", str(folder), "--quiet"]) == 0
    return folder / "prairielearn"


def validator(name: str) -> jsonschema.Draft7Validator:
    return jsonschema.Draft7Validator(json.loads((SCHEMAS / name).read_text()))


def test_info_files_follow_prairielearns_schemas(out):
    course = json.loads((out / "infoCourse.json").read_text())
    assert not list(validator("infoCourse.json").iter_errors(course))
    questions = sorted((out / "questions").iterdir())
    assert len(questions) == 7  # one per exercise of the default problem set
    for q in questions:
        info = json.loads((q / "info.json").read_text())
        assert not list(validator("infoQuestion.json").iter_errors(info)), q.name
        assert info["type"] == "v3" and info["topic"] in {t["name"] for t in course["topics"]}
        assert set(info["tags"]) <= {t["name"] for t in course["tags"]}
        assert {p.name for p in q.iterdir()} == {"info.json", "question.html", "server.py", "rosenblatt_answers.py",
                                                  "variants.json"}
    uuids = [json.loads((q / "info.json").read_text())["uuid"] for q in questions]
    assert len(set(uuids)) == len(uuids)


def test_server_code_imports_only_the_standard_library(out):
    for path in (out / "questions").glob("*/*.py"):
        tree = ast.parse(path.read_text())
        names = {a.name for n in ast.walk(tree) if isinstance(n, ast.Import) for a in n.names}
        names |= {n.module for n in ast.walk(tree) if isinstance(n, ast.ImportFrom)}
        assert names <= STDLIB, (path.name, names - STDLIB)


RUN = r"""
import importlib.util, json, sys
q = sys.argv[1]
spec = importlib.util.spec_from_file_location("server", q + "/server.py")
server = importlib.util.module_from_spec(spec); spec.loader.exec_module(server)
out = []
for seed in range(8):
    data = {"params": {}, "correct_answers": {}, "variant_seed": seed, "options": {"question_path": q}}
    server.generate(data)
    right = dict(data, submitted_answers=dict(data["correct_answers"]), partial_scores={}, feedback={})
    server.grade(right)
    wrong = dict(data, submitted_answers={k: "7/3" for k in data["correct_answers"]}, partial_scores={}, feedback={})
    server.grade(wrong)
    out.append([data["params"]["label"], right["score"], wrong["score"], sorted(wrong["feedback"].values())])
print(json.dumps([out, sorted(m for m in sys.modules if m.split(".")[0] in ("exercises", "sympy", "numpy"))]))
"""


def test_server_runs_without_rosenblatt_and_grades_its_own_answers(out):
    for q in sorted((out / "questions").iterdir()):
        done = subprocess.run([sys.executable, "-I", "-S", "-B", "-c", RUN, str(q)], capture_output=True, text=True,
                              cwd="/", timeout=60)
        assert done.returncode == 0, done.stderr
        results, foreign = json.loads(done.stdout)
        assert foreign == []
        assert {label for label, *_ in results} == {"v01", "v02", "v03", "v04"}  # seeds 0..7 reach the whole pool
        for label, right, wrong, feedback in results:
            assert right == 1.0, (q.name, label)
            assert wrong < 1.0 and all(isinstance(f, str) and f for f in feedback)


answer_text = st.one_of(
    st.text(alphabet="0123456789./+-*() ,[]sqrt", max_size=30),
    st.text(max_size=12),
    st.builds(lambda a, b: f"{a}/{b}", st.integers(-50, 50), st.integers(-9, 9)),
    st.builds(lambda a, b: f"{a}*sqrt({b})/{abs(a) + 1}", st.integers(-9, 9), st.integers(0, 60)),
    st.builds(lambda xs: "[" + ", ".join(xs) + "]", st.lists(st.sampled_from(["1", "-0.5", "3/4", "sqrt(8)", "[1, 2]",
                                                                             "2*sqrt(3) - sqrt(12)"]), max_size=4)),
)


def reference(text: str) -> tuple[str, str]:
    try:
        return "ok", canonical(parse_answer(text))
    except AnswerError as err:
        return "error", err.message


def standalone(text: str) -> tuple[str, str]:
    try:
        return "ok", pl.canonical(pl.parse(text))
    except pl.AnswerError as err:
        return "error", err.message


@settings(max_examples=1500, deadline=None)
@given(answer_text)
def test_standalone_grammar_agrees_with_rosenblatts_parser(text):
    assert standalone(text) == reference(text)


@pytest.mark.parametrize("text", ["", "   ", "1.5", "6/4", "sqrt(8)", "2*sqrt(2)", "1/(sqrt(2) + 1)", "x", "1 ** 2",
                                  "1..2", "[1, [2, 3]]", "[1,]", "(((((((((((((((((((((1)))))))))))))))))))))",
                                  "sqrt(-1)", "1/0", "9" * 41, "é", "\x01", "[" * 30, "1e5", ".5", "5."])
def test_standalone_grammar_agrees_on_edge_cases(text):
    assert standalone(text) == reference(text)


def pool(out: Path, kind: str) -> list[dict]:
    folder = next((out / "questions").glob(f"*_{kind}_*"))
    return json.loads((folder / "variants.json").read_text())["variants"]


def handout_exercise(out: Path, label: str, kind: str) -> tuple[dict, dict]:
    handout = json.loads((out.parent / "variants" / label / "handout.json").read_text())
    return handout, next(e for e in handout["exercises"] if e["kind"] == kind)


@settings(max_examples=200, deadline=None)
@given(st.data())
def test_trace_feedback_agrees_with_check_answers(out, data):
    variant = data.draw(st.sampled_from(pool(out, "hand_trace")))
    salt, exercise = handout_exercise(out, variant["label"], "hand_trace")
    part = next(p for p in variant["parts"] if p["type"] == "sequence")
    items = [parse_answer(t) for t in part["expected"]]
    cut = data.draw(st.integers(0, len(items) + 1))
    given = items[:cut] + ([data.draw(st.sampled_from([(1, (9, 9)), (2, (0, 0), 1), (1, (-1, 0))]))]
                           if data.draw(st.booleans()) else [])
    text = canonical(tuple(given))
    score, feedback = pl.check_part(part, {part["input"]: text}, variant["data"])
    ref = next(r for r in check_exercise(salt, exercise, {"updates": [canonical(i) for i in given]})
               if r.id == "updates")
    assert (score == 1.0) == ref.correct
    if ref.reason == "first_wrong_update":
        assert feedback.startswith(f"update {ref.facts['k']} is the first wrong one")
    if ref.reason == "trace_too_short":
        assert feedback.startswith(f"all {ref.facts['n']} updates given are right")


@settings(max_examples=200, deadline=None)
@given(st.data())
def test_certificate_checks_agree_with_check_answers(out, data):
    variant = data.draw(st.sampled_from(pool(out, "separability")))
    salt, exercise = handout_exercise(out, variant["label"], "separability")
    n, d = len(variant["data"]["X"]), len(variant["data"]["X"][0])
    part = data.draw(st.sampled_from([p for p in variant["parts"] if p["type"] == "certificate"]))
    name = part["id"].split(".")[0]
    small = st.integers(-3, 3)
    answers = data.draw(st.one_of(
        st.builds(lambda w: {"weights": w}, st.lists(st.integers(0, 3), min_size=n, max_size=n)),
        st.builds(lambda t, t0: {"theta": t, "theta0": t0}, st.lists(small, min_size=d, max_size=d), small)))
    if "weights" not in answers and not part["offset"]:
        answers.pop("theta0")
    texts = {part["inputs"][k]: canonical(tuple(v)) if isinstance(v, list) else str(v) for k, v in answers.items()}
    score, _ = pl.check_part(part, texts, variant["data"])
    given = {f"{name}.{k}": texts[part["inputs"][k]] for k in answers}
    ref = next(r for r in check_exercise(salt, exercise, given) if r.id == part["id"])
    assert (score == 1.0) == ref.correct, (answers, ref)


def test_export_is_reproducible(out, tmp_path):
    again = tmp_path / "again"
    assert main(["generate", "problem_set", "--format", "json,prairielearn", "--variants", "4", "--seed", "2",
                 "--kdf-iterations", "1000",
                 "--out", str(again), "--quiet"]) == 0
    files = {p.relative_to(out): p.read_bytes() for p in out.rglob("*") if p.is_file()}
    assert files == {p.relative_to(again / "prairielearn"): p.read_bytes()
                     for p in (again / "prairielearn").rglob("*") if p.is_file()}


def test_two_seeds_give_questions_that_coexist_in_one_course(tmp_path):
    """Folder names and UUIDs derive from the spec, the seed and the exercise: a retake does not collide."""
    made = {}
    for seed in ("1", "2", "1"):
        out = tmp_path / f"s{seed}-{len(made)}"
        assert main(["generate", "hand_trace", "--seed", seed, "--format", "prairielearn", "--kdf-iterations",
                     "1000", "--out", str(out), "--quiet"]) == 0
        (q,) = (out / "prairielearn" / "questions").iterdir()
        made[f"{seed}-{len(made)}"] = (q.name, json.loads((q / "info.json").read_text())["uuid"])
    first, second, again = made.values()
    assert first == again and first[0] != second[0] and first[1] != second[1]

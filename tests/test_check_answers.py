"""check-answers: exact, equivalence-aware checking from salted digests, never revealing the expected answers."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
import yaml

from exercises.cli.main import main


@pytest.fixture(scope="module")
def sheet(tmp_path_factory) -> tuple[Path, dict]:
    out = tmp_path_factory.mktemp("gen") / "o"
    assert main(["generate", "problem_set", "hand_trace_decimal_tie", "--seed", "11", "--out", str(out),
                 "--format", "json", "--quiet", "--guess-ms", "1"]) == 0
    doc = json.loads((out / "exercises.json").read_text())
    return out / "variants" / "v01" / "handout.json", {v["exercise"]: v for v in doc["variants"]}


def _twice(text: str) -> str:
    """An equivalent but differently written exact number: 3 -> 6/2, -4/5 -> -8/10."""
    num, _, den = text.partition("/")
    return f"{2 * int(num)}/{2 * int(den or 1)}"


def correct_answers(variants: dict, equivalent: bool = False) -> dict:
    fmt = _twice if equivalent else (lambda s: s)
    answers = {}
    for n, v in variants.items():
        a, kind = v["answer"], v["kind"]
        if kind == "hand_trace":
            off = v["data"]["offset"]
            answers[n] = {"updates": [{"point": u["index"], "theta": [fmt(t) for t in u["theta"]],
                                       **({"theta0": fmt(u["theta0"])} if off else {})} for u in a["updates"]],
                          "theta": [fmt(t) for t in a["theta"]], "mistakes": a["mistakes"],
                          **({"theta0": fmt(a["theta0"])} if off else {})}
        elif kind == "separability":
            answers[n] = {}
            for name in ("origin", "offset"):
                cert = dict(a[name]["certificate"])
                if name == "origin":
                    cert.pop("theta0", None)
                answers[n][name] = {"separable": "yes" if a[name]["separable"] else "no", **cert}
        elif kind == "mistake_bound":
            answers[n] = {k: a[k] for k in ("gamma", "R", "bound", "mistakes")}
        elif kind == "max_margin":
            answers[n] = {"star_bound": a["w_star_bound"], "w_max": [fmt(t) for t in a["w_max"]],
                          "support": list(reversed(a["support"])), "gamma_max": a["gamma_max"],
                          "best_bound": fmt(a["best_bound"]), "mistakes": a["mistakes"]}
        elif kind == "hinge_update":
            answers[n] = {"loss": fmt(a["loss"]), "gradient": a["gradient"], "theta": a["theta"],
                          "same": a["same_as_perceptron"]}
        else:
            answers[n] = dict(a)
    return answers


def check(tmp_path: Path, handout: Path, answers) -> tuple[int, str, str]:
    path = tmp_path / "answers.yaml"
    path.write_text(answers if isinstance(answers, str) else yaml.safe_dump(answers), encoding="utf-8")
    import io
    from contextlib import redirect_stderr, redirect_stdout
    out, err = io.StringIO(), io.StringIO()
    with redirect_stdout(out), redirect_stderr(err):
        code = main(["check-answers", str(handout), str(path)])
    return code, out.getvalue(), err.getvalue()


def test_all_correct_answers_pass(tmp_path, sheet):
    handout, variants = sheet
    code, out, _ = check(tmp_path, handout, correct_answers(variants))
    total = out.count("✓")
    assert code == 0 and "✗" not in out and f"{total} of {total} parts correct" in out


def test_equivalent_forms_are_the_same_answer(tmp_path, sheet):
    handout, variants = sheet
    code, out, _ = check(tmp_path, handout, correct_answers(variants, equivalent=True))
    assert code == 0, out


def test_first_wrong_update_is_named_without_revealing_the_answer(tmp_path, sheet):
    handout, variants = sheet
    answers = correct_answers(variants)
    trace = answers[1]["updates"]
    assert len(trace) >= 2
    trace[1]["theta"][0] = "1234567"
    answers[3]["gamma"] = "sqrt(3)/7"
    code, out, _ = check(tmp_path, handout, answers)
    assert code == 1
    assert "update 2 is the first wrong one" in out and "the 1 before it is right" in out
    assert re.search(r"✗ incorrect\s+gamma", out)
    assert variants[3]["answer"]["gamma"] not in out
    assert " ".join(variants[1]["answer"]["updates"][1]["theta"]) not in out


def test_short_trace_is_reported_as_incomplete(tmp_path, sheet):
    handout, variants = sheet
    answers = correct_answers(variants)
    answers[1]["updates"] = answers[1]["updates"][:1]
    code, out, _ = check(tmp_path, handout, answers)
    assert code == 1 and "all 1 updates given are right, but the run makes more updates" in out


def test_other_valid_certificates_are_accepted_and_bad_ones_rejected(tmp_path, sheet):
    handout, variants = sheet
    answers = correct_answers(variants)
    origin = answers[2]["origin"]
    key = "theta" if "theta" in origin else "weights"
    origin[key] = [_twice(v) for v in origin[key]]  # scaling a separator or weights by 2 keeps it valid
    assert check(tmp_path, handout, answers)[0] == 0
    origin[key] = ["0"] * len(origin[key])
    code, out, _ = check(tmp_path, handout, answers)
    assert code == 1 and re.search(r"✗ incorrect\s+origin.certificate", out)


def test_unreadable_and_missing_answers_are_reported_per_part(tmp_path, sheet):
    handout, variants = sheet
    answers = correct_answers(variants)
    answers[3]["bound"] = "9**9**9"
    answers[3]["R"] = "__import__('os')"
    del answers[3]["mistakes"]
    code, out, err = check(tmp_path, handout, answers)
    assert code == 1 and err == ""
    assert re.search(r"! unreadable\s+bound", out) and re.search(r"! unreadable\s+R", out)
    assert re.search(r"· missing\s+mistakes", out)


def test_handout_holds_digests_not_answers(sheet):
    handout, variants = sheet
    doc = json.loads(handout.read_text())
    assert doc["format"] == "rosenblatt-handout-v3" and doc["digest"]["name"] == "RSW-timelock-SHA256"
    assert doc["digest"]["guess_ms"] == 1 and doc["digest"]["squarings"] >= 1000
    text = handout.read_text()
    assert '"answer"' not in text and '"solution"' not in text
    for ex in doc["exercises"]:
        for part in ex["parts"]:
            if part["type"] in ("exact", "verdict", "set"):
                assert re.fullmatch(r"[0-9a-f]{64}", part["digest"])
            if part["type"] == "sequence":
                assert len(part["digests"]) == 64  # padded: the count of updates is not revealed


@pytest.mark.parametrize("answers, expected", [
    ("[1, 2]\n", "expected a mapping from exercise numbers"),
    ("99: {theta: [1]}\n", "exercise 99 is not in the handout"),
    ("one: {theta: [1]}\n", "top-level keys must be exercise numbers"),
    ("1: [unclosed\n", "not valid YAML"),
])
def test_bad_answer_files_exit_2(tmp_path, sheet, answers, expected):
    code, out, err = check(tmp_path, sheet[0], answers)
    assert code == 2 and expected in err and err.count("\n") == 1


def test_bad_handout_exits_2(tmp_path):
    bogus = tmp_path / "handout.json"
    bogus.write_text('{"format": "something else"}')
    (tmp_path / "a.yaml").write_text("1: {}\n")
    assert main(["check-answers", str(bogus), str(tmp_path / "a.yaml")]) == 2
    assert main(["check-answers", str(tmp_path / "none.json"), str(tmp_path / "a.yaml")]) == 2

"""Student text in every Markdown output is inert: whatever a submission's error, name, signature or output says,
the parsed Markdown (CommonMark, markdown-it-py) has the same structure as with a harmless word in its place: no
HTML, link, image, emphasis, heading or block that the student wrote."""

from __future__ import annotations

import dataclasses
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings, strategies as st

from grader.assignments.assignment import load
from grader.diagnosis import Finding
from grader.grading import grade
from grader.platforms.prairielearn import results as prairielearn_results
from grader.reports import results_json, view
from grader.suite import Suite
from rosenblatt.shared import md_code, render
from test_grader_helpers import FakeCaseInput, FakeSandbox

markdown_it = pytest.importorskip("markdown_it")
SUBMISSIONS = Path(__file__).resolve().parent.parent / "submissions"
A = load().with_hidden(lambda family: family not in ("large",))
META = {"key": "k", "assignment": "default", "assignment_sha256": "a", "seed_sha256": "c"}
ATTACKS = ["<img src=x onerror=alert(1)>", "<script>alert(1)</script>", "![](http://evil.example/x.png)",
           "[click](javascript:alert(1))", "```\n# Score 100\n```", "`` ` ``", "**bold** _it_ ~~s~~",
           "http://evil.example www.evil.example a@b.example", "\n\n# heading\n---\n| a | b |\n|---|---|",
           "<!-- x -->", "&lt;img&gt;", "\\`x\\`", "1. item\n- item\n> quote", "    indented code"]
PAYLOADS = st.one_of(st.sampled_from(ATTACKS), st.text(alphabet=st.sampled_from(list("`<>[]()!*_~#|\\&:/.@ \n-=ax1")),
                                                         min_size=1, max_size=60)).filter(str.strip)


@pytest.fixture(scope="module")
def report():
    path = SUBMISSIONS / "strict_less_than.py"
    return grade(FakeSandbox(), Suite(A, "md-seed"), "s", path.name, path.read_bytes(), FakeCaseInput)


def _findings(text: str) -> tuple[Finding, ...]:
    """Findings whose student parts are `text`: rendered by the same words() the diagnosis uses."""
    from grader.diagnosis.wording import words  # the findings' own template, with the student's parts
    out = []
    for name, data in (("same-error", {"fn": "perceptron", "kind": "ValueError", "n": 2, "error": text,
                                       "advice": "read it.", "families": [], "others": 0}),
                       ("same-error", {"fn": "perceptron", "kind": "ValueError", "n": 3, "error": text,
                                       "advice": "read it.", "families": [], "others": 1}),
                       ("observed-case", {"case": "visible case 1", "returned": "", "message": text}),
                       ("signature", {"fn": "perceptron", "theirs": text, "call": "perceptron(X, y)", "error": text}),
                       ("unloaded-import", {"module": text}),
                       ("unloaded-names", {"names": [text, "b"]})):
        title, hint = words(name, **data)
        out.append(Finding(name, title or "t", hint, (), (), "perceptron", "structure"))
    title, hint = words("observed", fn="perceptron", failed=2, evidence=[words("observed-case", case="c", returned="",
                                                                             message=text)[1]])
    out.append(Finding("unexplained", title, hint, (), (), "perceptron", "observed"))
    return tuple(out)


def _with(report, text: str):
    """The report with `text` wherever a student's text can be: messages, errors, output, findings, names."""
    results = tuple(dataclasses.replace(r, verdict=dataclasses.replace(r.verdict, message=f"raised {text}"), mistakes=())
                    for r in report.results)
    return dataclasses.replace(report, name=text, message=f"importing the file raised {text}", stdout=text,
                               details=text, results=results, findings=_findings(text))


def _outputs(report) -> list[str]:
    """Every Markdown text shown to a student: feedback.md, results.json's outputs, PrairieLearn's messages."""
    ctx = view(report, A)
    data = results_json(report, A, META, ctx)
    pl = prairielearn_results(report, A, META)
    ungradable = prairielearn_results(dataclasses.replace(report, status="ungradable"), A, META)
    return [render("grader/feedback.md.j2", **ctx), data["output"], *[t["output"] for t in data["tests"]],
            pl["message"], *[t["message"] for t in pl["tests"]], ungradable["message"]]


def _shape(text: str) -> list[str]:
    """The token types of the parsed Markdown (text aside): what renders as structure, not as words."""
    md = markdown_it.MarkdownIt("commonmark", {"html": True, "linkify": False}).enable("table").enable("strikethrough")
    out = []
    for token in md.parse(text):
        out.append(token.type)
        out += [c.type for c in token.children or () if c.type not in ("text", "text_special")]
    return out


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(payload=PAYLOADS)
def test_student_text_never_changes_the_markdown_structure(report, payload):
    harmless = _outputs(_with(report, "x"))
    attacked = _outputs(_with(report, payload))
    for safe, hostile in zip(harmless, attacked):
        assert _shape(hostile) == _shape(safe), hostile[:2000]


@given(st.text(max_size=200))
def test_a_code_span_holds_any_text_verbatim(text):
    md = markdown_it.MarkdownIt("commonmark")
    tokens = md.parseInline(md_code(text))[0].children if md_code(text) else []
    assert all(t.type == "code_inline" for t in tokens) and len(tokens) <= 1


def test_results_json_outputs_are_markdown(report):
    data = results_json(_with(report, "<b>x</b>"), A, META)
    assert data["output_format"] == "md" and all(t["output_format"] == "md" for t in data["tests"])
    md = markdown_it.MarkdownIt("commonmark", {"html": True})
    for text in [data["output"]] + [t["output"] for t in data["tests"]]:
        tokens = md.parse(text)
        kinds = {t.type for t in tokens} | {c.type for t in tokens for c in t.children or ()}
        assert not kinds & {"html_inline", "html_block"}, text

"""Notebook submissions: reading with nbformat, what runs under each policy, cell numbers in feedback, every command."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import nbformat
import pytest
from hypothesis import given, settings, strategies as st
from nbformat.v4 import new_code_cell, new_markdown_cell, new_notebook

import grader.sandbox as sandbox_module
from exercises.cli.main import main
from grader.assignments.assignment import BUNDLED, load
from grader.grading import grade
from grader.suite import Suite
from grader.intake.notebook import NotebookError, assemble, is_definition, read_cells

SUBMISSIONS = Path(__file__).resolve().parent.parent / "submissions"
CORRECT = (SUBMISSIONS / "correct.py").read_text().split('"""', 2)[2]


def notebook(*cells: str, markdown_first: bool = True) -> bytes:
    nb = new_notebook()
    made = [new_markdown_cell("# Homework")] if markdown_first else []
    made += [new_code_cell(c) for c in cells]
    for k, c in enumerate(made, 1):
        c["id"] = f"c{k}"
    nb.cells = made
    return nbformat.writes(nb).encode()


def all_cells_assignment(tmp_path: Path) -> Path:
    path = tmp_path / "all_cells.yaml"
    path.write_text((BUNDLED / "default.yaml").read_text() + "notebook_cells: all\n")
    shutil.copy(BUNDLED / "default.md", tmp_path / "default.md")
    return path


@pytest.fixture(scope="module")
def box():
    with sandbox_module.Sandbox(sandbox_module.Limits(case_seconds=2, total_seconds=20)) as real:
        yield real


def test_definitions_policy_keeps_defs_imports_and_literals_and_maps_lines():
    raw = notebook("%matplotlib inline\nimport numpy as np\nETA = 1; data = np.load('x.npy')",
                   "!ls\nX = np.zeros(3)\nLABELS = {'a': [1, -2.5]}\nprint(X)", CORRECT)
    nb = assemble("hw.ipynb", raw)
    compile(nb.text, "hw.ipynb", "exec")
    assert nb.code_cells == (2, 3, 4) and nb.cells == 4
    assert [(s.cell, s.line, s.reason) for s in nb.skipped] == [
        (2, 1, "magic"), (2, 3, "not-a-definition"), (3, 1, "shell"), (3, 2, "not-a-definition"),
        (3, 4, "not-a-definition")]
    assert "ETA = 1" in nb.text and "LABELS" in nb.text and "np.load" not in nb.text and "print(X)" not in nb.text
    header = "def perceptron(X, y, max_epochs=1000, offset=True):"
    line = nb.text.splitlines().index(header) + 1
    assert nb.where(line) == f"cell 4, line {CORRECT.splitlines().index(header) + 1}"


def test_all_policy_runs_every_line_in_order():
    raw = notebook("%%bash\necho hi", "x = compute()\n%time y = 2", "%%time\ndef f():\n    return x")
    nb = assemble("hw.ipynb", raw, "all")
    assert nb.text.splitlines() == ["x = compute()", "pass", "pass", "def f():", "    return x"]
    assert [s.reason for s in nb.skipped] == ["cell-magic", "magic", "magic"]
    assert nb.where(4) == "cell 4, line 2"


@pytest.mark.parametrize("code,kept", [
    ("def f(): pass", True), ("class A: pass", True), ("import os", True), ("from a import b", True),
    ("X = 1", True), ("X = -1.5", True), ("X, Y = (1, 'a')", True), ("X: int = 3", True), ("'''doc'''", True),
    ("X = [1, {2: (3,)}]", True), ("X = f()", False), ("X[0] = 1", False), ("X.a = 1", False), ("X = 1 + 2", False),
    ("for i in range(3): pass", False), ("f()", False), ("X = np.array([1])", False), ("X += 1", False),
])
def test_what_counts_as_a_definition(code, kept):
    import ast

    assert is_definition(ast.parse(code).body[0]) is kept


@pytest.mark.parametrize("raw,words", [
    (b'{"cells": oops', "not JSON"), (b"\xff\xfe", "not UTF-8"), (b"[]", "not a Jupyter notebook"),
    (b"{}", "not a Jupyter notebook"), (b'{"nbformat": 99}', "not a Jupyter notebook"),
    (b'{"nbformat": 4, "nbformat_minor": 5, "cells": 3, "metadata": {}}', "not a Jupyter notebook"),
])
def test_unreadable_notebooks_get_one_sentence(raw, words):
    with pytest.raises(NotebookError) as err:
        read_cells("hw.ipynb", raw)
    assert err.value.message.startswith("hw.ipynb: ") and words in err.value.message
    assert "\n" not in err.value.message


def test_a_notebook_without_code_cells():
    with pytest.raises(NotebookError, match="no code cells"):
        assemble("hw.ipynb", notebook())


cell_text = st.sampled_from([
    "import numpy as np", "%matplotlib inline", "!pip install x", "X = [1, 2]", "data = load()", "def f(x):\n    return x",
    "@dec\ndef g():\n    return (1,\n            2)", "a = 1; b = f(a); import os", "for i in range(2):\n    print(i)",
    "class A:\n    '''doc'''\n    z = 1", "def broken(:\n    pass", "from os import (path,\n    sep)", "x = 1 \\\n    + 2",
])


@settings(max_examples=150, deadline=None)
@given(st.lists(st.lists(cell_text, min_size=1, max_size=4).map("\n".join), min_size=1, max_size=6),
       st.sampled_from(["definitions", "all"]))
def test_every_assembled_line_comes_from_its_cell(cells, policy):
    nb = assemble("hw.ipynb", notebook(*cells), policy)
    if policy == "definitions":
        compile(nb.text, "hw.ipynb", "exec")  # definitions mode never produces text that does not parse
    for text, origin in zip(nb.text.splitlines(), nb.origins):
        if origin is None or not text.strip():
            continue
        cell, line = origin
        source = cells[cell - 2].splitlines()[line - 1]
        assert text.strip() in source or text.strip() == "pass", (text, source)


def test_a_runtime_error_names_the_cell(box):
    raw = notebook("import numpy as np", "def perceptron(X, y, max_epochs=1000, offset=True):\n"
                   "    n = len(X)\n    return 1 / 0")
    report = grade(box, Suite(load(), None, hidden=False), "hw", "hw.ipynb", raw)
    assert report.status == "graded" and report.score == 0
    assert all("ZeroDivisionError" in r.verdict.message and "(cell 3, line 3)" in r.verdict.message
               for r in report.results if r.case.check == "result")


def test_failing_data_cell_costs_nothing_by_default_but_stops_all_cells(box, tmp_path):
    raw = notebook("import numpy as np\nfrom course_helpers import plot", "X_TRAIN = np.loadtxt('train.csv')",
                   CORRECT)
    fine = grade(box, Suite(load(), None, hidden=False), "hw", "hw.ipynb", raw)
    assert fine.status == "graded" and fine.score == fine.max_score
    strict = load(str(all_cells_assignment(tmp_path)))
    stopped = grade(box, Suite(strict, None, hidden=False), "hw", "hw.ipynb", raw)
    assert stopped.status == "ungradable"
    assert "ModuleNotFoundError" in stopped.message and "(cell 2, line 2)" in stopped.message
    assert 'File "hw.ipynb", cell 2, line 2' in stopped.details


def test_syntax_error_in_the_function_cell_is_named(box, tmp_path):
    raw = notebook("import numpy as np", "def perceptron(X, y, max_epochs=1000, offset=True)\n    return 1")
    report = grade(box, Suite(load(), None, hidden=False), "hw", "hw.ipynb", raw)
    assert report.status == "ungradable"
    assert report.message.startswith("the notebook does not define a function named perceptron: cell 3 does not "
                                     "parse as Python")
    strict = load(str(all_cells_assignment(tmp_path)))
    report = grade(box, Suite(strict, None, hidden=False), "hw", "hw.ipynb", raw)
    assert report.status == "ungradable" and "(cell 3, line 1)" in report.message


def test_grade_and_gradescope_accept_notebooks(tmp_path, capsys):
    subs = tmp_path / "subs"
    (subs / "bob").mkdir(parents=True)
    shutil.copy(SUBMISSIONS / "nb_correct.ipynb", subs / "alice.ipynb")
    shutil.copy(SUBMISSIONS / "nb_strict_less_than.ipynb", subs / "bob" / "homework.ipynb")
    (subs / "carol.ipynb").write_text("not json")
    out = tmp_path / "grades"
    assert main(["grade", str(subs), "--out", str(out), "--jobs", "1", "--no-progress", "--seed", "s"]) == 0
    results = {n: json.loads((out / n / "results.json").read_text()) for n in ("alice", "bob", "carol")}
    assert results["alice"]["score"] == results["alice"]["max_score"]
    assert "strict-inequality" in results["bob"]["extra_data"]["rosenblatt"]["findings"]
    assert results["carol"]["score"] == 0 and "not JSON" in results["carol"]["output"]
    assert "cell 3, line 2" in results["alice"]["output"] and "Notebook" in (out / "alice" / "feedback.html").read_text()
    sub = tmp_path / "gs"
    sub.mkdir()
    shutil.copy(SUBMISSIONS / "nb_correct.ipynb", sub / "perceptron.ipynb")
    results_file = tmp_path / "results.json"
    assert main(["gradescope", "--submission-dir", str(sub), "--results", str(results_file),
                 "--secret-file", str(tmp_path / "none")]) == 0
    data = json.loads(results_file.read_text())
    assert data["score"] == data["max_score"] and "Notebook" in data["output"]


def test_check_refuses_unknown_formats_and_unreadable_notebooks(tmp_path, capsys):
    (tmp_path / "hw.ipynb").write_text("{oops")
    (tmp_path / "hw.txt").write_text("def perceptron(): pass")
    assert main(["check", str(tmp_path / "hw.ipynb")]) == 2
    assert main(["check", str(tmp_path / "hw.txt")]) == 2
    err = capsys.readouterr().err.splitlines()
    assert err == [f"rosenblatt: {tmp_path / 'hw.ipynb'}: not a Jupyter notebook (the file is not JSON); save it "
                   "from Jupyter as .ipynb or submit a .py file",
                   f"rosenblatt: {tmp_path / 'hw.txt'}: unknown format .txt; expected a Python file (.py) or a "
                   "Jupyter notebook (.ipynb)"]
    assert main(["check", str(SUBMISSIONS / "nb_single_pass.ipynb")]) == 1  # a single pass fails a visible check
    assert "cell 2, line 1: %matplotlib inline (IPython magic)" in capsys.readouterr().out


def test_skipped_student_text_is_inert_in_every_report():
    from rosenblatt.shared.templating import render
    from grader.intake.notebook import summary

    nb = assemble("hw.ipynb", notebook("x = f('<b>hi</b> [x](http://e.vil) `c`')\n!echo \x1b[31mred", CORRECT))
    data = summary(nb)
    md = render("grader/notebook.md.j2", notebook=data)
    assert "<b>" not in md and "\\[x\\]" in md and "\x1b" not in md
    assert "<b>" not in render("grader/notebook.html", notebook=data)
    assert "\x1b" not in render("grader/notebook.txt.j2", notebook=data)


# ---------------------------------------------------------------- reading in linear time, bounded (issue 28)

import ast as _ast
import re as _re

from hypothesis import given, settings, strategies as st

from grader.intake.ipynb import MAX_CELLS, MAX_CODE
from grader.intake.notebook import _ipython, _statement

# The patterns the reader used before (they backtrack quadratically on long lines): the new scan must agree. One
# deliberate difference: `x =%!cmd` is a magic (the value's first character decides, as in IPython), where the old
# reader looked for "!" anywhere in the value's first three characters and called it shell; and an assignment needs
# a target (the old pattern took blanks alone, ` =!x`, for one)
_OLD_MAGIC = _re.compile(r"^\s*(%|!)")
_OLD_ASSIGN = _re.compile(r"^\s*[\w.,\s()\[\]]+=\s*(%|!)")
_OLD_HELP = _re.compile(r"^\s*(\?\??[\w.]+|[\w.]+\?\??)\s*$")


def _old(line: str) -> str:
    if _OLD_MAGIC.match(line):
        return "shell" if line.lstrip().startswith("!") else "magic"
    if _OLD_ASSIGN.match(line) and line.split("=", 1)[0].strip():  # a target, not only blanks
        return "shell" if line.split("=", 1)[1].lstrip()[:1] == "!" else "magic"
    return "help" if _OLD_HELP.match(line) else ""


@settings(max_examples=300)
@given(st.text(alphabet=st.sampled_from(list("%!?=ab_.,()[] \tλ1=")), max_size=16))
def test_ipython_lines_are_recognised_as_before(line):
    assert _ipython(line) == _old(line)


@settings(max_examples=150)
@given(st.lists(st.tuples(st.sampled_from(["x", "θ", "名前"]), st.text(max_size=6),
                          st.sampled_from(["", "; y = 2", "  # note"])), min_size=1, max_size=6))
def test_a_statement_is_read_from_its_own_lines_as_ast_reads_it(rows):
    source = "\n".join(f"{name} = {text!r}{tail}" for name, text, tail in rows) + "\n"
    lines = source.splitlines()
    for stmt in _ast.parse(source).body:
        assert "\n".join(_statement(lines, stmt)[1]) == _ast.get_source_segment(source, stmt)


def _cells(sources) -> bytes:
    return json.dumps({"nbformat": 4, "nbformat_minor": 5, "metadata": {}, "cells": [
        {"cell_type": "code", "metadata": {}, "source": s, "outputs": [], "execution_count": None}
        for s in sources]}).encode()


def test_many_small_statements_are_read_whole():
    """6,000 statements in one cell (the issue's notebook took 114 s to read): every one kept, in order."""
    raw = _cells(["".join(f"x{i} = {i}\n" for i in range(6000)) + "def perceptron(X, y):\n    return X\n"])
    nb = assemble("many.ipynb", raw, "definitions")
    assert nb.text.count("\nx") == 5999 and "def perceptron" in nb.text and not nb.skipped


def test_a_long_line_that_looks_like_a_magic_is_one_skipped_line():
    raw = _cells(["x = (\n" + " " * 90_000 + "y\n", "def perceptron(X, y):\n    return X\n"])
    nb = assemble("long.ipynb", raw, "definitions")
    assert [s.reason for s in nb.skipped] == ["syntax-error"] and "def perceptron" in nb.text


def test_too_many_cells_or_too_much_code_is_one_sentence():
    with pytest.raises(NotebookError, match=rf"cells.ipynb: the notebook has {MAX_CELLS + 1:,} cells; at most"):
        assemble("cells.ipynb", _cells(["pass"] * (MAX_CELLS + 1)))
    with pytest.raises(NotebookError, match=r"code.ipynb: the notebook's code cells hold [\d,]+ characters; at most"):
        assemble("code.ipynb", _cells(["x = 1\n" * (MAX_CODE // 6 + 1)]))

"""Grade one submission: visible and hidden cases in sandboxed children; judge, diagnose, shrink, score.

The rule: no process whose text can reach the student ever held hidden data. The visible cases run in a fork of
the imported file made before any case was sent; the hidden ones, once that fork ended and the child's output is
read no more, in the import itself, and only each case's verdict and exception type leave it (grader.sealed). A
failing submission's probes and shrink candidates run in a fresh child that never held any. A submission that
passes every case costs one sandboxed child, its import and one fork.
"""

from __future__ import annotations

import hashlib
import re
from contextlib import ExitStack
from dataclasses import dataclass
from typing import Any

from grader.assignments import Assignment
from grader.diagnosis import (Finding, class_methods, definitions, diagnose, probe_findings, probe_verdicts,
                              random_functions, star_imports, trains, unloaded_hint, wanted_probes)
from grader.judging import Verdict, judge, shrink, spec_of
from grader.cases import Case
from grader.intake import Notebook, NotebookError, assemble, defined_names, definitions_only, used_names
from grader.graded import CaseResult, Report
from grader.sealed import Hidden, children, like_visible
from grader.suite import INSPECT, Suite

UNGRADABLE = {
    "syntax-error": "the file does not parse as Python",
    "import-error": "importing the file raised an exception",
    "missing-function": "the file does not define the function",
    "timeout": "importing the file took too long",
    "crashed": "the process crashed while importing the file",
    "memory": "importing the file used more memory than allowed",
}


def _where(error: str, filename: str, notebook: Notebook | None = None) -> str:
    """' (line N)' for the last traceback line in the student's own file, if any (' (cell C, line N)' in a notebook)."""
    if notebook is not None:
        line = notebook.last_line(error)
        return f" ({notebook.where(line)})" if line is not None else ""
    lines = [int(m.group(2)) for m in re.finditer(r'File "([^"]+)", line (\d+)', error or "")
             if m.group(1).endswith(filename)]
    return f" (line {lines[-1]})" if lines else ""


def _is_utf8(source: bytes) -> bool:
    """UTF-8 text, or a file that declares another encoding in a PEP 263 cookie (then compile decides)."""
    if any(re.match(rb"^[ \t\f]*#.*?coding[:=][ \t]*[-\w.]+", line) for line in source.split(b"\n", 2)[:2]):
        return True
    try:
        source.decode("utf-8")
        return True
    except UnicodeDecodeError:
        return False


def _outcomes(run: Any, notebook: Notebook | None = None) -> dict[str, Any]:
    if notebook is not None:
        return {o.case_id: notebook.locate_outcome(o) for o in run.outcomes}
    return {o.case_id: o for o in run.outcomes}


def _score(a: Assignment, suite: Suite, verdicts: dict[str, Verdict]):
    """Per function: its visible points over its visible cases, then each hidden family's points over its cases."""
    fams = []
    for f in a.functions:
        mine = [c for c in suite.visible if spec_of(a, c) is f]
        if mine and f.visible_points:
            passed = sum(verdicts[c.case_id].passed for c in mine)
            fams.append((a.family_key(f, "visible"), f.visible_points * passed / len(mine), f.visible_points, passed,
                         len(mine)))
        for family, points in f.hidden:
            cs = [c for c in suite.hidden if c.family == family and spec_of(a, c) is f]
            if cs:
                passed = sum(verdicts[c.case_id].passed for c in cs)
                fams.append((a.family_key(f, family), points * passed / len(cs), points, passed, len(cs)))
    return round(sum(f[1] for f in fams), 2), tuple((f, round(s, 2), p, k, n) for f, s, p, k, n in fams)


def _source(filename: str, source: bytes, cells: str, py_code: str = "all") -> tuple[bytes, Notebook | None, str]:
    """The code that runs (a notebook's chosen cells; a .py file's definitions only where the course says so), the
    notebook, and why the file is ungradable if it is."""
    if filename.endswith(".ipynb"):
        try:
            notebook = assemble(filename, source, cells)
        except NotebookError as err:
            return source, None, err.message
        return notebook.source, notebook, ""  # UTF-8: the notebook was decoded as UTF-8 to be read
    if b"\0" in source or not _is_utf8(source):  # say so without echoing any of its content
        return source, None, "not Python source: the file is not UTF-8 text"
    return (definitions_only(source) if py_code == "definitions" else source), None, ""


def _intake(a: Assignment, filename: str, source: bytes, meta: dict) -> tuple[bytes, Notebook | None, str]:
    """The code to run (a notebook's cells joined), or why there is none; notes in meta what the file defines."""
    if not filename.endswith((".py", ".ipynb")):
        return source, None, "not a Python file or Jupyter notebook (expected a .py file or a .ipynb notebook)"
    source, notebook, problem = _source(filename, source, a.notebook_cells, a.py_code)
    if not problem:
        meta["defined"] = list(defined_names(source))  # for the class view: which names a batch writes
        if a.aliased:
            meta["names"] = used_names(a.functions, tuple(meta["defined"]))  # feedback says the name the file uses
    return source, notebook, problem


def grade(sandbox: Any, suite: Suite, name: str, filename: str, source: bytes, factory: Any = None) -> Report:
    """Run and judge one submission; never raises for the student's faults."""
    a, max_score = suite.assignment, suite.max_score
    meta = {"submission_sha256": hashlib.sha256(source).hexdigest()}
    source, notebook, problem = _intake(a, filename, source, meta)
    if problem:
        return Report(name, filename, "ungradable", problem, 0.0, max_score, meta=meta)
    with ExitStack() as stack:
        vis, hidden, session = children(sandbox, suite, source, filename, factory, stack)
        if vis.load_status != "ok":  # (a hidden child's load ran before any case was sent to it)
            return _unloaded(vis, a, name, filename, max_score, meta, notebook, source)
        shown = _outcomes(vis, notebook)
        outcomes = {**shown, **like_visible(hidden.outcomes, shown)}
        for c in suite.cases:
            outcomes.setdefault(c.case_id, _NotRun(c.case_id))
        if any(getattr(o, "starved", False) for o in outcomes.values()):
            meta["starved"] = True  # a timeout the busy machine caused: the batch grades the file once more, alone
        verdicts = _mutation_anywhere(suite, outcomes,
                                      {c.case_id: judge(a, c, outcomes[c.case_id]) for c in suite.cases})

        def run_candidates(cases: list[Case]) -> dict[str, Any]:
            run = session.run(suite.inputs_for(cases, factory))
            return _outcomes(run, notebook) if run.load_status == "ok" else {}

        probes, probed, seen = _probe(suite, session, notebook, factory, verdicts, hidden)
        shrunk = _shrink(suite, verdicts, outcomes, run_candidates)  # in one child that never held hidden data
    findings = _diagnose(suite, source, outcomes, verdicts, probes, probed, seen)
    named = {cid: tuple(f.name for f in findings if cid in f.cases and f.kind != "observed") for cid in verdicts}
    results = tuple(CaseResult(c, verdicts[c.case_id], named[c.case_id], shrunk.get(c.case_id))
                    for c in suite.cases)
    score, fams = _score(a, suite, verdicts)
    # What the code printed is shown only where no case ran at all in a child that held hidden data (`check`);
    # the visible child never held any, but a batch's feedback keeps to what it showed before.
    stdout = "" if suite.hidden else vis.stdout
    seconds = vis.seconds + (hidden.run.seconds if hidden.run is not None else 0.0)
    return Report(name, filename, "graded", _late_note(vis, filename, notebook), score, max_score, results, findings,
                  fams, stdout=stdout, isolation=vis.isolation, seconds=seconds, meta=meta, notebook=notebook)


def _late_note(vis: Any, filename: str, notebook: Notebook | None) -> str:
    """The note of a file whose own driver code failed at import after some of its functions were defined."""
    if not vis.load_error:
        return ""
    error = notebook.locate(vis.load_error) if notebook else vis.load_error
    return ("importing the file raised " + ((error or "").strip().splitlines()[-1:] or [""])[0]
            + _where(vis.load_error, filename, notebook) + "; the functions it had defined by then were graded")


def _diagnose(suite: Suite, source: bytes, outcomes: dict, verdicts: dict, probes: list, probed: dict,
              seen: tuple) -> tuple[Finding, ...]:
    """Diagnosis with the file's facts (its definitions, read with ast here and in the child) and the probes'."""
    a = suite.assignment
    failed = not all(v.passed for v in verdicts.values())  # a passing submission's file is not even parsed here
    written = definitions(source) if failed else {}
    facts = {"signatures": {**written, **seen[0]}, "written": set(written), "aliases": seen[1],
             "trains": trains(source), "random": random_functions(probes, probed, verdicts),
             "star": star_imports(source), "methods": class_methods(source)} if failed else {}
    return diagnose(a, suite.cases, outcomes, verdicts, suite.table, facts,
                    probe_findings(a, probes, probed, suite.cases))


def _probe(suite: Suite, session: Any, notebook: Notebook | None, factory: Any, verdicts: dict, hidden: Hidden):
    """A failing submission's probes and the file's signatures (read in its visible child), in one more batch; the
    reruns of hidden cases came from the hidden child, sealed."""
    if all(v.passed for v in verdicts.values()):
        return [], {}, ({}, {})
    failing = {spec_of(suite.assignment, c).name for c in suite.cases if not verdicts[c.case_id].passed}
    secret = {c.case_id for c in suite.hidden}
    probes = [p for p in wanted_probes(suite.checks, failing, verdicts) if p.repeats not in secret]
    inspect = () if factory is not None else (suite.inspect_input(),)  # a test double runs no plans
    inputs = suite.inputs_for([p.case for p in probes], factory) + inspect
    run = session.run(inputs)
    outcomes = _outcomes(run, notebook) if run.load_status == "ok" else {}
    reran = [p for p in suite.checks if p.case.case_id in hidden.again]
    probes, outcomes = probes + reran, {**outcomes, **like_visible(hidden.again, outcomes)}
    inspected = outcomes.pop(INSPECT, None)
    value = getattr(inspected, "value", None) if getattr(inspected, "status", "") == "returned" else None
    seen = value.get("signatures") if type(value) is dict and type(value.get("signatures")) is dict else {}
    plain = {k: v for k, v in seen.items() if type(k) is str and type(v) is list
             and all(type(p) is list and len(p) == 3 and all(type(x) in (str, type(None)) for x in p) for p in v)}
    names = value.get("names") if type(value) is dict and type(value.get("names")) is dict else {}
    aliases = {k: v for k, v in names.items() if type(k) is str and type(v) is str and k != v}
    return probes, probe_verdicts(suite.assignment, probes, outcomes), (plain, aliases)


def _unloaded(vis: Any, a: Assignment, name: str, filename: str, max_score: int, meta: dict,
              notebook: Notebook | None, source: bytes = b"") -> Report:
    """The ungradable report of a file that did not load: why, where (line, or cell and line), the traceback."""
    error = notebook.locate(vis.load_error) if notebook else vis.load_error
    why = UNGRADABLE.get(vis.load_status, vis.load_status)
    detail = ((error or "").strip().splitlines()[-1:] or [""])[0] + _where(vis.load_error, filename, notebook)
    if vis.load_status == "missing-function":
        what = "notebook" if notebook else "file"
        named = f"a class named {a.klass.name}" if a.klass else f"a function named {a.spelled()}"
        why, detail = f"the {what} does not define {named}", ""
        broken = notebook.syntax_errors if notebook else ()
        if broken:
            detail = f"cell {broken[0].cell} does not parse as Python ({broken[0].detail}) and was skipped"
    hint = unloaded_hint(vis.load_status, vis.load_error, a, source)
    hint = f"{hint[:1].upper()}{hint[1:]}"
    message = f"{why}: {detail}".rstrip(": ") + (f". {hint}" if hint else "")
    return Report(name, filename, "ungradable", message, 0.0, max_score,
                  stdout=vis.stdout, isolation=vis.isolation, seconds=vis.seconds, meta=meta,
                  details=(error or "")[-2000:], notebook=notebook, hint=hint)


def _mutation_anywhere(suite: Suite, outcomes: dict[str, Any], verdicts: dict[str, Verdict]) -> dict[str, Verdict]:
    """The contract forbids modifying X or y in any call: the input-mutation cases fail if any case mutated."""
    a = suite.assignment
    mutated = [c.case_id for c in suite.cases if getattr(outcomes[c.case_id], "mutated", False)
               and spec_of(a, c).convention.mutation == "forbidden"]
    if not mutated:
        return verdicts
    out = dict(verdicts)
    for c in suite.cases:
        if c.check == "mutation" and out[c.case_id].passed:
            msg = (f"modified its input arrays {a.term('data')} or {a.term('labels')} in {len(mutated)} of "
                   f"{len(suite.cases)} calls")
            out[c.case_id] = Verdict(c.case_id, False, "mutated", msg, None, seconds=out[c.case_id].seconds)
    return out


@dataclass(frozen=True)
class _NotRun:
    case_id: str
    status: str = "not-run"
    value: Any = None
    error: str = "the sandbox returned no outcome for this case"
    mutated: bool = False
    seconds: float = 0.0


def _shrink(suite: Suite, verdicts: dict[str, Verdict], outcomes: dict[str, Any], rerun: Any):
    """Shrink failing visible cases: their candidates run in the submission's child (`rerun(cases)` -> outcomes).

    Not when any case timed out or the child died: candidates would likely hang or crash too, at the cost of
    more of the submission's time budget for nothing.
    """
    a = suite.assignment
    failing = [c for c in suite.visible if not verdicts[c.case_id].passed and c.check == "result"
               and verdicts[c.case_id].status in ("wrong", "raised", "malformed") and len(c.X) > 1]
    if not failing or any(o.status in ("timeout", "crashed", "memory") for o in outcomes.values()):
        return {}


    def fails(case: Case, outcome: Any):
        """A failing Verdict on a candidate when it fails the same way as the original case, else None."""
        if outcome is None:
            return None
        v, first = judge(a, case, outcome), verdicts[case.case_id.split(".")[0]]
        same = v.status == first.status and (v.status != "malformed" or v.message == first.message)
        return v if not v.passed and same else None

    return shrink(failing, rerun, fails, a)

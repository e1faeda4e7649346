"""Hidden cases stay hidden: submissions that read the control pipe, or keep what they were called with, and show it
in their own messages, never put a hidden case's data in any output (design rule: grader/sealed.py)."""

from __future__ import annotations

import hashlib
import json
import shutil
from pathlib import Path

import numpy as np
import pytest

from grader.assignments.assignment import load as load_assignment
from grader.batch import discover, grade_batch
from grader.sandbox import Limits, Sandbox
from grader.sealed import exception_type, like_visible, seal
from grader.suite import Suite

ROOT = Path(__file__).parent.parent
LIMITS = Limits(case_seconds=0.5, total_seconds=3.0, load_seconds=1.0)
SEED = "hidden-stays-hidden"
ATTACKS = ("drain_pipe.py", "answer_hidden_leak_visible.py", "split_channel.py", "split_daemon.py", "forge_seal.py")


def _digests(suite: Suite, cases) -> set[str]:
    """What the attacks print of a case: the SHA-256 of its raw array bytes, and of its X as float64 (16 digits)."""
    out = set()
    with Sandbox(LIMITS, isolation="weak") as box:
        for ci in suite.inputs_for(cases):
            blob = box.encoded(ci).partition(b"\0")[2]
            out.add(hashlib.sha256(blob).hexdigest())
            X = np.ascontiguousarray(np.asarray(ci.args[0], dtype="<f8"))
            out.add(hashlib.sha256(X.tobytes()).hexdigest()[:16])
    return out


def _all_output(folder: Path) -> str:
    return "\n".join(p.read_text(errors="replace") for p in sorted(folder.rglob("*"))
                     if p.is_file() and ".rosenblatt" not in p.parts)


@pytest.fixture(scope="module")
def graded(tmp_path_factory):
    subs = tmp_path_factory.mktemp("subs")
    for name in ATTACKS:
        shutil.copy(ROOT / "tests" / "hostile" / name, subs / name)
    shutil.copy(ROOT / "submissions" / "correct.py", subs / "zz_correct.py")
    out = tmp_path_factory.mktemp("out")
    a = load_assignment("default")
    rows = grade_batch(a, discover([subs]), out, SEED, 2, False, lambda: Sandbox(LIMITS), progress=False)
    return a, out, {r["submission"]: r for r in rows}


def test_no_hidden_case_reaches_any_output(graded):
    a, out, rows = graded
    suite = Suite(a, SEED)
    hidden, visible = _digests(suite, suite.hidden), _digests(suite, suite.visible)
    text = _all_output(out)
    assert rows["zz_correct"]["score"] == rows["zz_correct"]["max_score"]
    assert all(r["status"] != "grader_error" for r in rows.values())
    assert not [d for d in hidden if d in text]
    shown = _all_output(out / "answer_hidden_leak_visible")
    assert any(d in shown for d in visible), "the attack shows what it holds (else this test proves nothing)"
    assert "LEAK" in _all_output(out / "drain_pipe")
    assert any(d in _all_output(out / "split_channel") for d in visible), "the shared map carries what it is given"


def test_a_hidden_error_keeps_only_a_builtin_type():
    class Outcome:
        case_id, status, value, mutated, seconds = "h1", "raised", ("secret", [1.5]), False, 0.1
        error = 'Traceback...\n  File "x.py", line 3\nValueError: hidden data 1 2 3'

    sealed = seal(Outcome())
    assert sealed.error == "ValueError" and sealed.value == ("", [1.5])
    Outcome.error = "Traceback\nLeak_1_2_3Error: 4 5 6"
    assert seal(Outcome()).error == "Exception"
    assert exception_type("") == "Exception"


def test_a_hidden_error_shows_a_visible_text_only_when_it_is_the_same_error():
    class Outcome:
        def __init__(self, cid, error):
            self.case_id, self.status, self.value, self.mutated, self.seconds, self.error = \
                cid, "raised", None, False, 0.0, error

    visible = {"v1": Outcome("v1", "Traceback\nIndexError: index 1 is out of bounds for axis 0 with size 1")}
    hidden = {"h1": seal(Outcome("h1", "Traceback\nIndexError: index 7 is out of bounds for axis 0 with size 3")),
              "h2": seal(Outcome("h2", "Traceback\nIndexError: index 7 secret"))}
    told = like_visible(hidden, visible)
    assert told["h1"].error == visible["v1"].error
    assert told["h2"].error == "IndexError"

"""Split sessions: the file is imported once; a fork of it runs the batches until `seal`, then the import itself,
which ran no case, runs the rest, and nothing it prints is read (grader/sandbox/split.py)."""

from __future__ import annotations

import hashlib
import textwrap
from pathlib import Path

import numpy as np
import pytest

from grader.sandbox import CaseInput, Limits, Sandbox

FAST = Limits(case_seconds=1.0, total_seconds=2.0, load_seconds=1.0)
X, Y = np.array([[1.0, 0.5], [-0.5, -1.0]]), np.array([1, -1])
FILE = textwrap.dedent("""
    import os
    imported, calls = os.urandom(8).hex(), 0  # one value per import
    def f(X, y, mode="count"):
        global calls
        calls += 1
        print(f"printed {mode} {calls}")
        if mode == "die":
            os._exit(3)
        return [imported, calls, os.urandom(4).hex() if mode == "fresh" else ""]
""").encode()


def cases(*modes: str, prefix: str = "c") -> list[CaseInput]:
    return [CaseInput(f"{prefix}{k}", (X, Y), {"mode": m}) for k, m in enumerate(modes)]


@pytest.fixture(scope="module", params=["strong", "weak"])
def box(request):
    with Sandbox(FAST, isolation="auto" if request.param == "strong" else "weak", ahead=True) as sandbox:
        yield sandbox


@pytest.mark.parametrize("last", [False, True], ids=["end-sent-by-seal", "end-queued-behind-the-cases"])
def test_one_import_two_processes_and_the_later_output_is_not_read(box, last):
    with box.session(FILE, "s.py", "f", split=True) as session:
        seen = session.run(cases("count", "count"), last=last)
        session.seal()
        later = session.run(cases("count", prefix="h"))
    assert seen.load_status == "ok" and "printed count 2" in seen.stdout
    (a, n1, _), (b, n2, _) = (o.value for o in seen.outcomes)
    (c, n3, _), = (o.value for o in later.outcomes)
    assert a == b == c  # the file was imported once
    assert (n1, n2, n3) == (1, 2, 1)  # the later batch ran in a process the visible calls never touched
    assert later.stdout == "" and later.stderr == ""


def test_a_visible_fork_that_dies_is_a_crash_not_a_timeout(box):
    with box.session(FILE, "s.py", "f", split=True) as session:
        run = session.run(cases("count", "die", "count"))
        session.seal()
        later = session.run(cases("count", prefix="h"))
    statuses = [o.status for o in run.outcomes]
    assert statuses == ["returned", "crashed", "returned"], [o.error for o in run.outcomes]
    assert run.outcomes[1].seconds < FAST.case_seconds and "code 3" in run.outcomes[1].error
    assert [o.status for o in later.outcomes] == ["returned"]  # a fresh child (loaded anew) takes them


def test_unsplit_sessions_are_unchanged(box):
    with box.session(FILE, "s.py", "f") as session:
        first, second = session.run(cases("count")), session.run(cases("count"))
    assert first.outcomes[0].value[1] == 1 and second.outcomes[0].value[1] == 2


FORGE_TRIES = 6  # the forgery races the visible fork for the control pipe; under load it may lose a few times


def test_a_forged_seal_gets_hidden_cases_to_no_output(box):
    """tests/hostile/forge_seal.py takes the visible fork's `end` and sends the import's `sealed` itself: whoever
    reads the hidden cases then, nothing printed after the seal is read. Every try must keep the hidden cases out of
    what is printed; at least one must have forged (else the test proves nothing)."""
    source = (Path(__file__).parent / "hostile" / "forge_seal.py").read_bytes()
    hidden = [CaseInput(f"h{k}", (X * (k + 2), Y), {}) for k in range(3)]
    digests = {hashlib.sha256(box.encoded(c).partition(b"\0")[2]).hexdigest() for c in hidden}
    forged = 0
    for _ in range(FORGE_TRIES):
        with box.session(source, "forge_seal.py", "perceptron", split=True) as session:
            seen = session.run([CaseInput(f"v{k}", (X, Y), {}) for k in range(3)], last=True)
            session.seal()
            later = session.run(hidden)
        printed = seen.stdout + seen.stderr + later.stdout + later.stderr
        assert not [d for d in digests if d in printed]
        assert later.stdout == later.stderr == ""
        forged += "FORGED" in seen.stdout
        if forged:
            break
    assert forged, f"the reader never won the race for `end` in {FORGE_TRIES} tries"

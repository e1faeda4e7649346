"""Sessions: one submission's batches of cases share its sandboxed child while it lives, each with its own time
budget; a batch after a dead child starts a fresh one; closing leaves nothing behind once collected."""

from __future__ import annotations

import os
import signal
import textwrap
import time

import numpy as np
import pytest

from grader.sandbox import CaseInput, Limits, Sandbox

FAST = Limits(case_seconds=1.0, total_seconds=1.2, load_seconds=1.0)
X, Y = np.array([[1.0, 0.5], [-0.5, -1.0]]), np.array([1, -1])
COUNTER = textwrap.dedent("""
    import os, sys, time
    calls, me = 0, os.urandom(8).hex()  # this process's identity (strong children are all pid 1)
    def f(X, y, mode="count"):
        global calls
        calls += 1
        print(f"call {calls}")
        if mode == "die":
            os._exit(3)
        if mode == "sleep":
            time.sleep(0.4)
        return [me, calls, os.getpid()]
""").encode()


def cases(*modes: str, prefix: str = "c") -> list[CaseInput]:
    return [CaseInput(f"{prefix}{k}", (X, Y), {"mode": m}) for k, m in enumerate(modes)]


@pytest.fixture(scope="module", params=["strong", "weak"])
def box(request):
    isolation = request.param
    with Sandbox(FAST, isolation="auto" if isolation == "strong" else "weak", ahead=True) as sandbox:
        yield sandbox


def _values(run) -> list:
    assert run.load_status == "ok", run.load_error
    return [o.value if o.status == "returned" else o.status for o in run.outcomes]


def test_batches_share_the_child_and_its_state(box):
    with box.session(COUNTER, "s.py", "f") as session:
        first = _values(session.run(cases("count", "count")))
        second = session.run(cases("count", prefix="d"))
    assert [v[1] for v in first] == [1, 2] and _values(second)[0][1] == 3
    assert len({v[0] for v in first + _values(second)}) == 1  # one process served all three calls
    assert "call 1" in second.stdout and "call 3" in second.stdout  # the session's output so far


def test_a_batch_after_the_child_died_loads_the_file_again_in_a_fresh_child(box):
    with box.session(COUNTER, "s.py", "f") as session:
        first = session.run(cases("count", "die", "count"))
        second = session.run(cases("count", prefix="d"))
    values = _values(first)
    assert values[1] == "crashed" and values[2][1] == 1 and values[0][0] != values[2][0]
    assert _values(second)[0][:2] == [values[2][0], 2]  # the fresh child is kept for the next batch


def test_each_batch_has_the_whole_time_budget(box):
    with box.session(COUNTER, "s.py", "f") as session:
        first = session.run(cases("sleep", "sleep"))  # 0.8 s of the 1.2 s budget
        second = session.run(cases("sleep", "sleep", prefix="d"))  # 0.8 s more: a budget of its own
    assert [o.status for o in first.outcomes] == ["returned"] * 2
    assert [o.status for o in second.outcomes] == ["returned"] * 2


def test_output_printed_before_the_last_result_is_in_the_batch(box):
    loud = COUNTER.replace(b'print(f"call {calls}")', b'print("x" * 200_000)')
    with box.session(loud, "s.py", "f") as session:
        run = session.run(cases("count"))
    assert run.stdout.count("x") > 100_000 or "bytes dropped" in run.stdout


def test_a_closed_session_leaves_no_process_once_the_next_run_starts(box):
    with box.session(COUNTER, "s.py", "f") as session:
        pid = _values(session.run(cases("count")))[0][2]
    after = box.run(COUNTER, "s.py", "f", cases("count"))
    assert _values(after)[0][1] == 1
    if box.isolation == "weak":  # strong children's pids are inside their own namespace
        assert not os.path.exists(f"/proc/{pid}")


def test_a_failed_load_is_reported_for_every_batch(box):
    with box.session(b"def f(:\n", "s.py", "f") as session:
        first, second = session.run(cases("count")), session.run(cases("count", prefix="d"))
    assert first.load_status == second.load_status == "syntax-error"
    assert [o.status for o in second.outcomes] == ["not-run"]


def _zygote_children(box) -> list[int]:
    pid = box.zygote_pid
    with open(f"/proc/{pid}/task/{pid}/children") as fh:
        return [int(p) for p in fh.read().split()]


def _await_children(box, done, seconds: float = 10.0) -> list[int]:
    """The zygote's children once `done(children)` holds: the zygote forks and reaps on its own time."""
    deadline = time.monotonic() + seconds
    kids = _zygote_children(box)
    while not done(kids) and time.monotonic() < deadline:
        time.sleep(0.01)
        kids = _zygote_children(box)
    return kids


def test_the_next_child_is_built_ahead_and_replaced_if_it_died_waiting(box):
    with box.session(COUNTER, "s.py", "f") as session:
        session.run(cases("count"))
    box.pool.ahead.wait_spawned()  # the next submission's child is built and waits; the last child exits
    kids = _await_children(box, lambda kids: kids == [box.pool.ahead.pid])
    assert kids == [box.pool.ahead.pid]
    os.kill(kids[0], signal.SIGKILL)
    deadline = time.monotonic() + 5
    while _zygote_children(box) and time.monotonic() < deadline:
        time.sleep(0.01)
    with box.session(COUNTER, "s.py", "f") as session:
        run = session.run(cases("count", "count"))
    assert run.load_status == "ok" and [v[1] for v in _values(run)] == [1, 2]


def test_without_ahead_no_child_waits_once_a_session_is_over():
    with Sandbox(FAST) as box:  # rosenblatt check, Gradescope, PrairieLearn: one submission, nothing built ahead
        with box.session(COUNTER, "s.py", "f") as session:
            session.run(cases("count"))
        deadline = time.monotonic() + 5
        while _zygote_children(box) and time.monotonic() < deadline:  # the last child exits on its own
            time.sleep(0.01)
        time.sleep(0.1)
        assert _zygote_children(box) == []


def test_a_strong_batch_forks_the_next_child_while_a_job_runs_and_spares_it_when_sweeping(box):
    if box.isolation != "strong" or os.geteuid() != 0:
        pytest.skip("the next child is forked during a job only into a PID namespace of its own (as root)")
    spawner = COUNTER + textwrap.dedent("""
        def g(X, y, mode="count"):
            if os.fork() == 0:  # left behind: the sweep must kill it, and only it
                time.sleep(30)
            return f(X, y, mode)
    """).encode()
    with box.session(spawner, "s.py", "g") as session:
        session.run(cases("count"))
        box.pool.ahead.wait_spawned()  # asked for as the job began; the zygote answers on its own time
        assert len(_await_children(box, lambda kids: len(kids) >= 2)) == 2  # this job, and the next child waiting
    with box.session(COUNTER, "s.py", "f") as session:  # gets the child built ahead: it survived the sweep
        run = session.run(cases("count", "count"))
    assert run.load_status == "ok" and [v[1] for v in _values(run)] == [1, 2]


def test_a_child_built_ahead_whose_fork_was_refused_gives_way_to_a_fresh_one(box):
    from dataclasses import replace

    from grader.sandbox.child import Child

    if "cgroups" not in box.layers:
        pytest.skip("the refusal is provoked through a cgroup cap the kernel rejects")
    with box.session(COUNTER, "s.py", "f") as session:
        session.run(cases("count"))
    box.pool.collect()
    box.pool.ahead.abandon()  # in its place, a request the zygote refuses: pids.max above the kernel's limit
    box.pool.ahead = refused = Child(box.pool.zygote, box.isolation, replace(FAST, max_processes=10 ** 9))
    with box.session(COUNTER, "s.py", "f") as session:
        run = session.run(cases("count"))
    assert [v[1] for v in _values(run)] == [1] and refused.ended

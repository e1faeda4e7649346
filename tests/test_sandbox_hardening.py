"""The sandbox's hardening layers: each seccomp rule, the result-channel budgets, and CPU fairness under a hog."""

from __future__ import annotations

import threading
import tracemalloc
from pathlib import Path

import numpy as np
import pytest

from grader.sandbox import CaseInput, Limits, Sandbox, seccomp

HOSTILE = Path(__file__).parent / "hostile"
FAST = Limits(case_seconds=1.0, total_seconds=6.0, load_seconds=1.0)
DATA = (np.array([[1.0, 0.5], [-0.5, -1.0], [0.25, 1.5]]), np.array([1, -1, 1]))
CORRECT = (Path(__file__).parent / "test_sandbox.py").read_text().split('CORRECT = b"""')[1].split('"""')[0]
SYSCALL = b"""
import ctypes
libc = ctypes.CDLL(None, use_errno=True)
def perceptron(nr, a0=0, a1=0):
    ctypes.set_errno(0)
    rc = libc.syscall(ctypes.c_long(nr), ctypes.c_long(a0), ctypes.c_long(a1), ctypes.c_long(0), ctypes.c_long(0))
    return rc, ctypes.get_errno()
"""


@pytest.fixture(scope="module")
def box():
    with Sandbox(FAST) as sandbox:
        if "seccomp" not in sandbox.layers:
            pytest.skip(f"no seccomp filter here: layers {sandbox.layers}")
        yield sandbox


def _call(box, *args):
    run = box.run(SYSCALL, "s.py", "perceptron", [CaseInput("c", args, {})])
    assert run.load_status == "ok", run
    return run.outcomes[0].value


@pytest.mark.parametrize("name", seccomp.DENIED)
def test_each_denied_syscall_gets_eperm(box, name):
    assert _call(box, seccomp.numbers()[name]) == (-1, 1)


@pytest.mark.parametrize("family,allowed", [(1, True), (2, False), (10, False), (16, False), (17, False), (40, False)])
def test_only_unix_sockets(box, family, allowed):
    rc, err = _call(box, seccomp.numbers()["socket"], family, 1)
    assert (rc >= 0) if allowed else (rc, err) == (-1, 1)


@pytest.mark.parametrize("flag", [0x00020000, 0x04000000, 0x08000000, 0x10000000, 0x20000000, 0x40000000, 0x80])
def test_clone_into_new_namespaces_is_denied(box, flag):
    assert _call(box, seccomp.numbers()["clone"], flag | 17) == (-1, 1)  # 17: SIGCHLD


def test_clone3_falls_back_and_plain_fork_works(box):
    assert _call(box, seccomp.numbers()["clone3"]) == (-1, 38)  # ENOSYS: libc falls back to clone
    fork = CORRECT + "\nimport os\ndef forks(*a):\n    pid = os.fork()\n    if pid == 0:\n        os._exit(7)\n" \
        "    return os.waitpid(pid, 0)[1] >> 8\n"
    run = box.run(fork.encode(), "f.py", "forks", [CaseInput("c", (), {})])
    assert run.outcomes[0].value == 7


def test_jobs_run_in_their_own_cgroup():
    with Sandbox(FAST) as sandbox:
        if "cgroups" not in sandbox.layers:
            pytest.skip(f"cgroups are not writable here: {sandbox.layers}")
        src = b"def perceptron():\n    return open('/proc/self/cgroup').read()\n"
        text = sandbox.run(src, "c.py", "perceptron", [CaseInput("c", (), {})]).outcomes[0].value
        assert "/job" in text and "rosenblatt-" in text


def test_value_flood_is_bounded_in_the_grader():
    """Forged frames of millions of JSON values: refused before parsing; the grader's allocations stay small."""
    cases = [CaseInput(f"c{k}", DATA, {}) for k in range(6)]
    with Sandbox(Limits(case_seconds=2.0, total_seconds=8.0)) as sandbox:
        tracemalloc.start()
        try:
            run = sandbox.run((HOSTILE / "value_flood.py").read_bytes(), "v.py", "perceptron", cases)
            peak = tracemalloc.get_traced_memory()[1]
        finally:
            tracemalloc.stop()
    assert all(o.status in ("bad-output", "not-run") for o in run.outcomes), run.outcomes
    assert any("values" in o.error or "result channel" in o.error for o in run.outcomes)
    assert peak < 120 << 20, f"the grader allocated {peak >> 20} MiB for one submission"


def test_a_cpu_hog_does_not_starve_its_neighbour():
    """With two workers, a submission that forks busy loops must not cost the correct one beside it any case.

    Measured by hand: with cgroups=False and no starvation credit the neighbour timed out on 14 of 15 cases.
    """
    limits = Limits(case_seconds=0.6, total_seconds=6.0, load_seconds=0.5)
    cases = [CaseInput(f"c{k}", DATA, {}) for k in range(5)]
    busy = CORRECT.replace("def perceptron(", "import time\ndef perceptron(X, y, max_epochs=1000, offset=True):\n"
                           "    end = time.process_time() + 0.25\n    while time.process_time() < end:\n        pass\n"
                           "    return _p(X, y, max_epochs, offset)\ndef _p(")  # 0.25 s of CPU per 0.6 s case
    hog_done, results = threading.Event(), []

    def hog():
        with Sandbox(limits) as sandbox:
            sandbox.run((HOSTILE / "cpu_hog.py").read_bytes(), "hog.py", "perceptron", cases)
        hog_done.set()

    thread = threading.Thread(target=hog, daemon=True)
    thread.start()
    with Sandbox(limits) as sandbox:
        while not hog_done.is_set():
            run = sandbox.run(busy.encode(), "ok.py", "perceptron", cases)
            results.append([o.status for o in run.outcomes])
    thread.join(30)
    assert results and all(statuses == ["returned"] * len(cases) for statuses in results), results


def test_strong_isolation_is_not_lost_to_a_harness_bug():
    """Where strong isolation is unavailable, the reason must be the machine's (namespaces), never our setup code."""
    with Sandbox(FAST) as sandbox:
        assert sandbox.isolation == "strong" or "sandbox setup failed" not in sandbox.isolation_note, \
            sandbox.isolation_note


LOCKS_AND_CMDLINE = b'''
import fcntl
def f(*a):
    out = {}
    for name, lock in (("flock", lambda fh: fcntl.flock(fh, fcntl.LOCK_EX | fcntl.LOCK_NB)),
                       ("lockf", lambda fh: fcntl.lockf(fh, fcntl.LOCK_SH | fcntl.LOCK_NB))):
        try:
            with open("/etc/passwd") as fh:
                lock(fh)
            out[name] = "locked"
        except OSError as e:
            out[name] = e.errno
    with open("/proc/1/cmdline", "rb") as fh:
        out["pid1"] = fh.read().decode("utf-8", "replace")
    return out
'''


def test_no_file_locks_between_sandboxes_and_pid1_shows_no_grader_paths():
    """Two sandboxes see the same inodes through read-only binds: a lock would be a channel between them, so
    every lock is refused (ENOLCK); PID 1 inside (the child) shows a neutral command line, not the grader's."""
    import errno as errno_module

    with Sandbox(Limits(case_seconds=5, total_seconds=10)) as box:
        run = box.run(LOCKS_AND_CMDLINE, "s.py", "f", [CaseInput("c", (), {}, None)])
    if "seccomp" not in run.layers:
        pytest.skip("no seccomp filter on this machine")
    out = run.outcomes[0].value
    assert out["flock"] == errno_module.ENOLCK and out["lockf"] == errno_module.ENOLCK
    if run.isolation == "strong":
        assert "zygote" not in out["pid1"] and "grader" not in out["pid1"] and "/" not in out["pid1"]


RUNTIME = b"""
import json, os, signal, socket, subprocess, sys, tempfile, threading, time
import numpy as np

def perceptron():
    out = []
    t = threading.Thread(target=lambda: out.append(sum(range(1000))))
    t.start(); t.join()
    with tempfile.NamedTemporaryFile("w+", suffix=".txt") as fh:
        fh.write("x"); fh.flush(); fh.seek(0); out.append(fh.read())
    a, b = socket.socketpair(); a.sendall(b"hi"); out.append(b.recv(2).decode()); a.close(); b.close()
    signal.signal(signal.SIGALRM, lambda *_: None); signal.setitimer(signal.ITIMER_REAL, 0.001); time.sleep(0.01)
    out.append(subprocess.run(["/bin/sh", "-c", "echo 42"], capture_output=True, text=True).stdout.strip())
    out.append(os.cpu_count() is not None)
    out.append(float(np.linalg.norm(np.ones(4))))
    return json.loads(json.dumps(out))
"""


def test_the_allow_list_keeps_pythons_runtime_working(box):
    """What real files do besides the perceptron (threads, temp files, sockets between their own processes,
    timers, a subprocess, numpy's linear algebra) still works under the allow-list; a correct file scores."""
    run = box.run(RUNTIME, "r.py", "perceptron", [CaseInput("c", (), {})])
    assert run.outcomes[0].value == [499500, "x", "hi", "42", True, 2.0], run
    correct = box.run(CORRECT.encode(), "c.py", "perceptron", [CaseInput("c", DATA, {})])
    assert correct.outcomes[0].status == "returned"


def test_the_allow_list_and_the_denied_calls_are_apart():
    assert not set(seccomp.ALLOWED) & set(seccomp.DENIED)
    for name in ("inotify_init1", "fanotify_init", "pidfd_getfd", "memfd_secret", "io_uring_setup",
                 "landlock_create_ruleset", "io_setup"):
        assert name in seccomp.DENIED


@pytest.mark.parametrize("isolation", ["strong", "weak"])
def test_the_child_holds_none_of_the_zygotes_paths(isolation):
    """The mount plan, cgroup folders, temp base and the zygote's own file are dropped in the child before the
    submission loads (tests/hostile/memory_scan.py looks through every live object and frame)."""
    with Sandbox(FAST, isolation=isolation) as sandbox:
        run = sandbox.run((HOSTILE / "memory_scan.py").read_bytes(), "m.py", "perceptron", [CaseInput("c", DATA, {})])
    hits = run.outcomes[0].value[0]
    assert run.outcomes[0].status == "returned"
    assert [h for h in hits if "/job-" not in h] == []  # weak mode's own temp home is the child's, not the zygote's


def test_watching_the_install_is_refused(box):
    run = box.run((HOSTILE / "watch_install.py").read_bytes(), "w.py", "perceptron", [CaseInput("c", DATA, {})])
    got = run.outcomes[0].value[0]
    assert got and all(rc == -1 and err == 1 for _, rc, err in got), got  # EPERM for each

"""Grade every hostile submission in tests/hostile/ plus a correct one, as a batch, and check nothing escaped."""

from __future__ import annotations

import hashlib
import os
import queue
import re
import secrets
import shutil
import socket
import sys
import threading
import time
from pathlib import Path

import numpy as np
import pytest

from grader.sandbox import CaseInput, Limits, Sandbox
from grader.sandbox.clock import STARVED_CAP

HOSTILE = Path(__file__).parent / "hostile"
AIMED = "/tmp/rosenblatt-hostile-bait"  # the well-known path the hostile submissions aim at (in their text)
# This run's own bait folder, put where they aim when they are copied: the tests of several checkouts run at once on
# a shared machine, and one fixed folder was emptied, refilled and removed under a concurrent run (its files gone,
# its secret and port another run's). The parent is never removed, so no run's folder appears as a new /tmp entry.
BAIT = Path("/tmp/rosenblatt-hostile-runs") / f"{os.getpid()}-{secrets.token_hex(4)}"
LIMITS = Limits(case_seconds=0.5, total_seconds=2.0, load_seconds=0.5)
BATCH_SECONDS = 150.0  # generous: the batch must end, not be fast
UID_BASE = 1_900_000_000
TMP_PATTERNS = ("hostile", "planted", "pwned", "results.json")
CORRECT = (Path(__file__).parent / "test_sandbox.py").read_text().split('CORRECT = b"""')[1].split('"""')[0]


def reference(X, y, max_epochs=1000, offset=True):
    """The test's own judge: the textbook perceptron (the grader's real judging lives elsewhere)."""
    theta, theta0 = np.zeros(X.shape[1]), 0.0
    for _ in range(max_epochs):
        changed = False
        for i in range(len(y)):
            if y[i] * (X[i] @ theta + theta0) <= 0:
                theta, changed = theta + y[i] * X[i], True
                theta0 = theta0 + y[i] if offset else theta0
        if not changed:
            return theta, theta0, True
    return theta, theta0, False


XOR = (np.array([[1.0, 1.0], [-1.0, -1.0], [1.0, -1.0], [-1.0, 1.0]]), np.array([1, 1, -1, -1]))
DATA = (np.array([[1.0, 0.5], [-0.5, -1.0], [0.25, 1.5]]), np.array([1, -1, 1]))
CASES = [CaseInput("offset", DATA, {}), CaseInput("origin", DATA, {"offset": False}),
         CaseInput("xor", XOR, {"max_epochs": 3})]
EXPECTED = [reference(*c.args, **c.kwargs) for c in CASES]


def passes(value, expected) -> bool:
    """Exact comparison of (theta, theta_0, converged), with exact types."""
    if type(value) is not tuple or len(value) != 3:
        return False
    theta, theta0, converged = value
    return (type(theta) is np.ndarray and theta.dtype.kind in "fi" and theta.shape == expected[0].shape
            and bool(np.all(theta == expected[0])) and type(theta0) in (int, float) and theta0 == expected[1]
            and type(converged) is bool and converged == expected[2])


def score(run) -> int:
    return sum(o.status == "returned" and passes(o.value, e) for o, e in zip(run.outcomes, EXPECTED))


def hostile(weak_safe_only: bool) -> dict[str, tuple[str, bool]]:
    """name -> (expected score: '0' or 'all', weak-safe) read from each file's docstring."""
    out = {}
    for path in sorted(HOSTILE.glob("*.py")):
        text = path.read_text()
        expect = re.search(r"^expect: (\S+)$", text, re.M).group(1)
        safe = re.search(r"^weak-safe: (\S+)$", text, re.M).group(1) == "yes"
        if safe or not weak_safe_only:
            out[path.name] = (expect, safe)
    return out


def snapshot(*roots: Path) -> dict[str, tuple]:
    found = {}
    for root in roots:
        for path in sorted(root.rglob("*")):
            if path.is_file() and "__pycache__" not in path.parts:
                found[str(path)] = (path.stat().st_mtime_ns, hashlib.sha256(path.read_bytes()).hexdigest())
            elif path.is_dir():
                found[str(path)] = ("dir",)
    return found


def processes(marker: bytes, uids: set[int]) -> list[str]:
    """Live processes carrying the batch marker in their environment, or running as a batch sandbox uid."""
    found = []
    for name in filter(str.isdigit, os.listdir("/proc")):
        try:
            with open(f"/proc/{name}/status") as fh:
                status = fh.read()
            uid = int(re.search(r"^Uid:\s+(\d+)", status, re.M).group(1))
            with open(f"/proc/{name}/environ", "rb") as fh:
                marked = marker in fh.read().split(b"\0")
        except (OSError, AttributeError):
            continue
        if (marked or uid in uids) and "State:\tZ" not in status:
            found.append(f"{name} uid={uid} {status.splitlines()[0]}")
    return found


@pytest.fixture
def bait(monkeypatch):
    shutil.rmtree(BAIT, ignore_errors=True)
    (BAIT / "submissions").mkdir(parents=True)
    for path in HOSTILE.glob("*.py"):
        (BAIT / "submissions" / path.name).write_text(path.read_text().replace(AIMED, str(BAIT)))
    (BAIT / "submissions" / "zz_correct.py").write_text(CORRECT)
    (BAIT / "expected.yaml").write_text("offset: [1.5, 1.5, 0.0, true]\n")
    listener = socket.create_server(("127.0.0.1", 0))
    listener.setblocking(False)
    (BAIT / "port").write_text(str(listener.getsockname()[1]))
    secret = secrets.token_hex(16)
    monkeypatch.setenv("ROSENBLATT_TEST_SECRET", secret)
    (BAIT / "secret.txt").write_text(secret)
    yield secret, listener
    listener.close()
    shutil.rmtree(BAIT, ignore_errors=True)


def _temp_base(box) -> list[str]:
    """The zygote's private temp base dir (its command line no longer shows it: the zygote hides its arguments)."""
    zygote = box.pool.zygote
    return [zygote.tmp_base] if zygote is not None else []


def run_batch(names: list[str], isolation: str, marker: str, limits: Limits = LIMITS) -> tuple[dict, float, set[int]]:
    """Grade the named submissions with two workers (one Sandbox each); returns runs, wall time, zygote uids."""
    jobs: queue.Queue = queue.Queue()
    for name in names:
        jobs.put(name)
    runs, uids, errors, lock, tmp_bases = {}, set(), [], threading.Lock(), set()

    def worker():
        try:
            with Sandbox(limits, isolation=isolation, env={"ROSENBLATT_HOSTILE_BATCH": marker}) as box:
                while True:
                    try:
                        name = jobs.get_nowait()
                    except queue.Empty:
                        return
                    began = time.monotonic()
                    run = box.run((BAIT / "submissions" / name).read_bytes(), name, "perceptron", CASES)
                    with lock:
                        runs[name] = (run, time.monotonic() - began)
                        uids.add(UID_BASE + (box.zygote_pid or 0))
                        tmp_bases.update(_temp_base(box))
        except BaseException as err:  # noqa: BLE001 - reported by the test below
            errors.append(err)

    began = time.monotonic()
    threads = [threading.Thread(target=worker, daemon=True) for _ in range(2)]
    for t in threads:
        t.start()
    for t in threads:
        t.join(BATCH_SECONDS)
    assert not any(t.is_alive() for t in threads), "the batch did not finish"
    assert not errors, errors
    assert tmp_bases and not [p for p in tmp_bases if os.path.exists(p)], "a sandbox temp dir was left behind"
    return runs, time.monotonic() - began, uids


def zygote_seconds(isolation: str) -> float:
    """How long a fresh Sandbox takes to come up and close here, now: what replacing a killed zygote costs a batch."""
    began = time.monotonic()
    with Sandbox(LIMITS, isolation=isolation):
        pass
    return time.monotonic() - began


def check_batch(runs: dict, elapsed: float, expected: dict, secret: str, limits: Limits = LIMITS,
                restart: float = 0.0) -> None:
    assert set(runs) == set(expected) | {"zz_correct.py"}
    assert score(runs["zz_correct.py"][0]) == len(CASES), runs["zz_correct.py"][0]
    for name, (expect, _) in expected.items():
        run, _ = runs[name]
        want = len(CASES) if expect == "all" else int(expect)
        assert score(run) == want, f"{name} scored {score(run)}, expected {want}: {run}"
    # A submission holds its worker for its budget, stretched by the time its job waited for a CPU (at most
    # STARVED_CAP times: a loaded machine's due), plus the grader's own work: kills, collection and, after a file
    # that kills its zygote, a new zygote (`restart`, measured in the same test). A hang would exceed it.
    slowest = max(seconds for _, seconds in runs.values())
    bound = STARVED_CAP * limits.total_seconds + 4.0 + restart
    assert slowest < bound, f"a submission kept the batch busy for {slowest:.1f} s (bound {bound:.1f} s)"
    assert elapsed < BATCH_SECONDS
    for name, (run, _) in runs.items():
        text = repr(run)  # stdout, stderr, errors and every returned value
        assert secret not in text, f"{name} leaked the grader's secret"


def _python_path(path: str) -> bool:
    """A directory Python's own modules live in (a virtual environment inside the checkout: README's set-up), or a
    folder above one: the sandbox must show those wherever they are."""
    dirs = [os.path.realpath(d) for d in sys.path if d and os.path.isdir(d)
            and os.path.realpath(d).startswith((sys.prefix + "/", sys.base_prefix + "/"))]
    return any(d == path or d.startswith(path.rstrip("/") + "/") or path.startswith(d + "/") for d in dirs)


@pytest.mark.parametrize("limits", [LIMITS, pytest.param(Limits(), marks=pytest.mark.slow, id="default-limits")])
def test_hostile_batch_strong(bait, capsys, limits):
    secret, listener = bait
    with Sandbox(limits) as probe:
        if probe.isolation != "strong":
            pytest.skip(f"strong isolation is not available here: {probe.isolation_note}")
    marker = secrets.token_hex(8)
    expected = hostile(weak_safe_only=False)
    watched = snapshot(BAIT, HOSTILE)
    root, tmp = set(os.listdir("/")), set(os.listdir("/tmp"))
    restart = zygote_seconds("strong")
    runs, elapsed, uids = run_batch(sorted(expected) + ["zz_correct.py"], "strong", marker, limits)
    check_batch(runs, elapsed, expected, secret, limits, restart)
    assert snapshot(BAIT, HOSTILE) == watched, "a file outside the sandbox changed"
    assert set(os.listdir("/")) == root
    assert not [n for n in set(os.listdir("/tmp")) - tmp if any(p in n for p in TMP_PATTERNS)]
    assert processes(f"ROSENBLATT_HOSTILE_BATCH={marker}".encode(), uids) == []
    with pytest.raises(BlockingIOError):
        listener.accept()
    found = runs["fs_walker.py"][0].outcomes[0].value[0]["found"]
    assert not [p for p in found if p.startswith(("/work", str(BAIT), "/home")) and not _python_path(p)], found
    assert not [p for p in found if p.endswith("/bin/rosenblatt")], found  # a virtual environment's scripts
    assert not [r for r in runs["import_grader.py"][0].outcomes[0].value[2] if "imported" in r or "loaded" in r]
    with capsys.disabled():
        slowest = max(runs.items(), key=lambda kv: kv[1][1])
        print(f"\nstrong batch ({limits.case_seconds:g} s/case, {limits.total_seconds:g} s/submission): {len(runs)} "
              f"submissions in {elapsed:.1f} s; slowest {slowest[0]} {slowest[1][1]:.2f} s")


def test_hostile_batch_weak(bait, capsys):
    secret, _ = bait
    marker = secrets.token_hex(8)
    expected = hostile(weak_safe_only=True)
    watched = snapshot(BAIT, HOSTILE)
    tmp = set(os.listdir("/tmp"))
    restart = zygote_seconds("weak")
    runs, elapsed, _ = run_batch(sorted(expected) + ["zz_correct.py"], "weak", marker)
    check_batch(runs, elapsed, expected, secret, restart=restart)
    assert all(run.isolation == "weak" and run.isolation_note for run, _ in runs.values())
    assert snapshot(BAIT, HOSTILE) == watched
    assert not [n for n in set(os.listdir("/tmp")) - tmp if any(p in n for p in TMP_PATTERNS)]
    assert processes(f"ROSENBLATT_HOSTILE_BATCH={marker}".encode(), set()) == []
    with capsys.disabled():
        slowest = max(runs.items(), key=lambda kv: kv[1][1])
        print(f"\nweak batch: {len(runs)} submissions in {elapsed:.1f} s; slowest {slowest[0]} {slowest[1][1]:.2f} s")

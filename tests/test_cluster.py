"""Grading on a Dask LocalCluster of 2 worker processes: the local run's gradebook, a killed worker, no seed leak."""

from __future__ import annotations

import os
import shutil
import signal
import threading
import time
from pathlib import Path

import numpy as np
import pytest

from exercises.cli.main import main
from grader.assignments.assignment import load, resolve
from grader.batch import discover, grade_batch
from grader.suite import Suite
from grader.sandbox import CaseOutcome, Limits, Opaque, Sandbox, SubmissionRun, run_from_json, run_to_json

ROOT = Path(__file__).resolve().parent.parent
SEED = "cluster-test-seed-7f3a9c"
RANDOM = {"random_start", "shuffled"}  # their own code is random: two runs may score differently
SPY = '''
import os

PARTS = ("{a}", "{b}")  # the seed, cut in two: only memory that holds it whole matches


def _scan():
    import ctypes

    ctypes.CDLL(None).prctl(4, 1, 0, 0, 0)  # PR_SET_DUMPABLE: the uid drop made /proc/self/mem root's
    found = scanned = 0
    with open("/proc/self/maps") as maps, open("/proc/self/mem", "rb", 0) as mem:
        for line in maps:
            span, perms = line.split()[:2]
            if not perms.startswith("r"):
                continue
            lo, hi = (int(x, 16) for x in span.split("-"))
            try:
                mem.seek(lo)
                data = mem.read(hi - lo)
            except (OSError, ValueError, OverflowError):
                continue
            scanned += len(data)
            at = data.find(PARTS[0].encode())
            while at >= 0:
                found += data.startswith(PARTS[1].encode(), at + len(PARTS[0]))
                at = data.find(PARTS[0].encode(), at + 1)
    return found, scanned


def perceptron(X, y, max_epochs=1000, offset=True):
    found, scanned = _scan()
    return {{"found": found, "scanned": scanned, "env": sorted(os.environ)}}
'''


def _batch(tmp: Path) -> list:
    folder = tmp / "subs"
    folder.mkdir()
    for p in sorted((ROOT / "submissions").glob("*.py")):
        if p.stem not in RANDOM:
            shutil.copy(p, folder / p.name)
    for k in range(4):
        shutil.copy(ROOT / "submissions" / "correct.py", folder / f"copy{k:02d}.py")
    return discover([folder])


@pytest.fixture(scope="module")
def client():
    pytest.importorskip("distributed")
    from grader import cluster

    c = cluster.connect("local:2")
    yield c
    cluster.close(c)


@pytest.fixture(scope="module")
def local_gradebook(tmp_path_factory) -> tuple[list, str]:
    tmp = tmp_path_factory.mktemp("local")
    subs, a = _batch(tmp), load()
    grade_batch(a, subs, tmp / "out", SEED, 2, False, lambda: Sandbox(Limits(a.case_seconds, a.total_seconds)),
                progress=False)
    return subs, (tmp / "out" / "gradebook.csv").read_text()


def test_cli_on_a_local_cluster_writes_the_local_runs_results(tmp_path, capsys):
    pytest.importorskip("distributed")
    folder = tmp_path / "subs"
    folder.mkdir()
    for name in ("correct", "strict_less_than", "syntax_error"):
        shutil.copy(ROOT / "submissions" / f"{name}.py", folder)
    common = ["--seed", SEED, "--no-progress"]
    assert main(["grade", str(folder), "--out", str(tmp_path / "here"), "--jobs", "2", *common]) == 0
    assert main(["grade", str(folder), "--out", str(tmp_path / "there"), "--cluster", "local:2", *common]) == 0
    assert "on the cluster local:2" in capsys.readouterr().out
    here, there = tmp_path / "here", tmp_path / "there"
    assert (there / "gradebook.csv").read_text() == (here / "gradebook.csv").read_text()
    for name in ("correct", "strict_less_than", "syntax_error"):
        assert (there / name / "feedback.md").read_text() == (here / name / "feedback.md").read_text()
    # resumable as a local run: a rerun here finds nothing to grade
    assert main(["grade", str(folder), "--out", str(there), *common]) == 0
    assert "3 unchanged" in capsys.readouterr().out


def _busy_worker(client) -> str:
    for _ in range(200):
        busy = [addr for addr, keys in client.processing().items() if keys]
        if busy:
            return busy[0]
        time.sleep(0.05)
    raise AssertionError("no worker was ever busy")


@pytest.mark.slow  # about 20 s: a whole batch on a local cluster, a worker killed in the middle
def test_a_worker_killed_mid_batch_loses_nothing(tmp_path, client, local_gradebook):
    from grader.cluster import RemoteSandbox

    subs, expected = local_gradebook
    a = load()
    box = RemoteSandbox(client, a, resolve(None).read_bytes(), SEED)
    out = tmp_path / "out"
    batch = threading.Thread(target=grade_batch, args=(a, subs, out, SEED, 4, False, lambda: box, False))
    batch.start()
    while len(list(out.glob("*/results.json"))) < 4 and batch.is_alive():
        time.sleep(0.05)
    victim = _busy_worker(client)
    pid = client.run(os.getpid, workers=[victim])[victim]
    done_before = len(list(out.glob("*/results.json")))
    os.kill(pid, signal.SIGKILL)
    batch.join(timeout=240)
    assert not batch.is_alive()
    assert done_before < len(subs), "the worker was killed after the batch had finished"
    assert (out / "gradebook.csv").read_text() == expected
    assert len(list(out.glob("*/results.json"))) == len(subs)


def test_the_hidden_seed_never_reaches_a_sandboxed_child(client):
    from grader.cluster import RemoteSandbox

    a = load()
    box = RemoteSandbox(client, a, resolve(None).read_bytes(), SEED)
    spy = SPY.format(a=SEED[:9], b=SEED[9:]).encode()
    cases = Suite(a, SEED).hidden[:2]  # the worker built these from the seed just before the run
    run = box.run(spy, "spy.py", "perceptron", cases)
    assert run.load_status == "ok" and run.isolation == "strong"
    for outcome in run.outcomes:
        assert outcome.status == "returned", outcome.error
        assert outcome.value["scanned"] > 10_000_000  # the whole readable memory of the child was searched
        assert outcome.value["found"] == 0
        assert not any("SEED" in name or "SECRET" in name for name in outcome.value["env"])
    # the scan does find the seed where it is: the same spy, holding the seed itself
    leaky = box.run(spy + f"LEAK = {SEED!r}\n".encode(), "spy.py", "perceptron", cases[:1])
    assert leaky.outcomes[0].value["found"] >= 1


def test_a_run_survives_its_json_form_exactly():
    values = (np.array([[0.1, -2.5], [np.nan, np.inf]]), np.array([True, False]), np.arange(3), float("-inf"), 7,
              None, "text", [1, (2.5, {"k": Opaque("Widget")})], np.float64(0.1))
    outcomes = tuple(CaseOutcome(f"c{k}", "returned", v, "", k % 2 == 0, 0.25 * k) for k, v in enumerate(values))
    run = SubmissionRun("ok", "", outcomes + (CaseOutcome("x", "raised", None, "Traceback…", False, 1.0),
                                              CaseOutcome("t", "timeout", None, "busy", False, 4.0, True)),
                        "out", "err", "strong", "", 1.5, ("namespaces",))
    back = run_from_json(run_to_json(run))
    assert back.outcomes[0].value.tobytes() == values[0].tobytes() and back.outcomes[0].value.dtype == np.float64
    assert back.outcomes[7].value == [1, (2.5, {"k": Opaque("Widget")})]
    assert back.outcomes[8].value == 0.1 and type(back.outcomes[8].value) is float
    assert back.outcomes[3].value == float("-inf") and back.outcomes[9].error == "Traceback…"
    assert back.outcomes[10].starved and not any(o.starved for o in back.outcomes[:10])  # a busy worker's timeout
    assert (back.load_status, back.stdout, back.isolation, back.seconds, back.layers) == \
        ("ok", "out", "strong", 1.5, ("namespaces",))


@pytest.mark.parametrize("junk", [b"", b"[]", b'{"load_status": "ok"}', b"\xff", b'{"a": NaN}'])
def test_a_malformed_run_from_a_worker_is_refused(junk):
    with pytest.raises(ValueError):
        run_from_json(junk)


@pytest.mark.parametrize("spec, words", [("local:0", "between 1 and 64"), ("local:x", "expected local:N"),
                                         ("nowhere", "expected local:N")])
def test_a_bad_cluster_flag_is_one_sentence_and_exit_2(tmp_path, capsys, spec, words):
    pytest.importorskip("distributed")
    code = main(["grade", str(ROOT / "submissions" / "correct.py"), "--out", str(tmp_path), "--cluster", spec])
    err = capsys.readouterr().err
    assert code == 2 and words in err and "Traceback" not in err and len(err.strip().splitlines()) == 1

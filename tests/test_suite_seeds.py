"""No seed can break a grading run: every bundled preset builds its whole suite, and nothing of a run stays in /tmp."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
from dataclasses import replace

import pytest

from grader import tasks
from grader.assignments import bundled, load
from grader.cases import DrawFailed
from grader.suite import Suite


def _families(a, seed: str) -> set:
    return {(c.function or a.primary.name, c.family) for c in tasks.hidden(a, seed)}


def _wanted(a) -> set:
    return {(f.name, fam) for f in a.functions for fam, _ in f.hidden}


@pytest.mark.parametrize("seed", ["s2", "s3", "s5", "s16"])
def test_cs188_seeds_that_once_aborted_build_every_family(seed):
    a = load("cs188")
    suite = Suite(a, seed)
    assert {(c.function, c.family) for c in suite.hidden} == _wanted(a)
    assert suite.max_score == a.max_score


def test_a_family_that_cannot_be_drawn_is_redrawn_then_left_out(monkeypatch):
    a = load("mitx686x")
    calls = []
    real = tasks.module(load("mitx686x").spec("perceptron_single_step_update")).hidden

    def flaky(a_, f, seed):
        calls.append(seed)
        if f.hidden[0][0] == "tie" or len(calls) < 3:
            raise DrawFailed("could not draw")
        return real(a_, f, seed)

    monkeypatch.setattr(tasks.module(load("mitx686x").spec("perceptron_single_step_update")), "hidden", flaky)
    fams = _families(a, "any")
    assert ("perceptron_single_step_update", "mistake") in fams  # drawn on the third stream
    assert ("perceptron_single_step_update", "tie") not in fams  # left out after the cap
    assert sum("redraw" in s for s in calls) >= tasks.REDRAWS
    suite = Suite(replace(a), "any")
    tie_points = dict(a.spec("perceptron_single_step_update").hidden)["tie"]
    assert suite.max_score == a.max_score - tie_points


def test_a_redrawn_family_is_the_same_for_the_same_seed():
    a = load("cs188")
    assert tasks.hidden(a, "s2") == tasks.hidden(a, "s2")


@pytest.mark.slow
@pytest.mark.parametrize("name", [a.name for a in bundled()])
def test_every_bundled_preset_builds_every_family_over_many_seeds(name):
    a = load(name)
    for k in range(60):
        assert _families(a, f"seed-{k}") == _wanted(a), (name, k)


@pytest.mark.parametrize("delay", [0.0, 1.0])  # 0: killed while the zygote still warms up, before its hello
def test_a_killed_grading_run_leaves_nothing_in_tmp(tmp_path, delay):
    sub = tmp_path / "slow.py"
    sub.write_text("import time\n\ndef perceptron(X, y, max_epochs=1, offset=True):\n    time.sleep(30)\n")
    tmp = tmp_path / "tmp"
    tmp.mkdir()
    env = {**os.environ, "TMPDIR": str(tmp)}
    proc = subprocess.Popen([sys.executable, "-m", "exercises", "grade", str(sub), "--out", str(tmp_path / "o"),
                             "--no-progress", "--seed", "x"], env=env, stdout=subprocess.DEVNULL,
                            stderr=subprocess.DEVNULL)
    deadline = time.monotonic() + 60
    while not any(p.name.startswith("rosenblatt-sandbox-") for p in tmp.iterdir()):
        assert time.monotonic() < deadline and proc.poll() is None
        time.sleep(0.05)
    time.sleep(delay)
    proc.send_signal(signal.SIGKILL)
    proc.wait()
    deadline = time.monotonic() + 20
    while list(tmp.iterdir()) and time.monotonic() < deadline:
        time.sleep(0.1)
    assert list(tmp.iterdir()) == []

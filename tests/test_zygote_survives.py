"""The zygote outlives its jobs: it is in no job's memory cgroup, the OOM killer is told to spare it and to take a
job first, and a job that fills its cgroup until the kernel kills in it costs only its own submission."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from grader.sandbox import CaseInput, Limits, Sandbox

HOSTILE = Path(__file__).parent / "hostile"
LIMITS = Limits(case_seconds=8.0, total_seconds=12.0, load_seconds=2.0)
CORRECT = b"def perceptron():\n    return 1\n"
SPY = (b"def perceptron():\n    return [open('/proc/self/oom_score_adj').read().strip(),"
       b" open('/proc/self/cgroup').read()]\n")


def _memory_group(text: str) -> str:
    lines = [line.split(":", 2) for line in text.splitlines()]
    return next((path for _, controllers, path in lines if "memory" in controllers.split(",")),
                next((path for _, controllers, path in lines if controllers == ""), ""))


@pytest.fixture(scope="module")
def box():
    with Sandbox(LIMITS, isolation="strong") as sandbox:
        if "cgroups" not in sandbox.layers or os.geteuid() != 0:
            pytest.skip(f"needs root and writable cgroups: {sandbox.layers}")
        yield sandbox


def test_the_zygote_is_protected_and_outside_every_job_group(box):
    adj, groups = box.run(SPY, "s.py", "perceptron", [CaseInput("c", (), {})]).outcomes[0].value
    assert adj == "1000"  # the job: the kernel's first pick
    job = _memory_group(groups)
    assert job.endswith("/job")
    zygote = Path(f"/proc/{box.zygote_pid}")
    # -1000 where the grader has CAP_SYS_RESOURCE; a container without it (this machine) keeps the zygote at 0
    assert int((zygote / "oom_score_adj").read_text()) <= 0
    assert _memory_group((zygote / "cgroup").read_text()) != job


def test_a_job_the_kernel_kills_in_costs_only_itself(box):
    zygote = box.zygote_pid
    run = box.run((HOSTILE / "oom_cgroup.py").read_bytes(), "o.py", "perceptron",
                  [CaseInput("c", ((), ()), {})])
    assert run.outcomes[0].status in ("crashed", "memory", "returned", "timeout")
    assert box.zygote_pid == zygote and Path(f"/proc/{zygote}").exists()  # the same zygote, alive
    after = box.run(CORRECT, "c.py", "perceptron", [CaseInput("c", (), {})])
    assert after.outcomes[0].value == 1 and box.zygote_pid == zygote
    job = Path("/sys/fs/cgroup/memory" + _memory_group(box.run(SPY, "s.py", "perceptron",
                                                               [CaseInput("c", (), {})]).outcomes[0].value[1]))
    box.pool.collect()
    procs = (job / "cgroup.procs").read_text().split() if job.is_dir() else []
    assert procs == [] or all(not Path(f"/proc/{p}").exists() for p in procs)


def test_every_group_is_removed_after_the_kernel_killed_in_it():
    with Sandbox(LIMITS, isolation="strong") as sandbox:
        if "cgroups" not in sandbox.layers or os.geteuid() != 0:
            pytest.skip(f"needs root and writable cgroups: {sandbox.layers}")
        name = f"rosenblatt-{sandbox.zygote_pid}"
        sandbox.run((HOSTILE / "oom_cgroup.py").read_bytes(), "o.py", "perceptron", [CaseInput("c", ((), ()), {})])
        made = [p for p in Path("/sys/fs/cgroup").glob(f"*/**/{name}") if p.is_dir()]
        assert made  # the zygote's groups existed while it ran
    assert not [p for p in made if p.exists()]

"""Grade on a Dask cluster: workers run submissions in their own warm sandboxes; the client judges and writes.

Only plain data crosses the network. A task carries the assignment file's bytes, the hidden seed, the submission's
bytes and the ids of the cases to run; it returns the sandbox's run as strict JSON bytes (the values the student's
code returned, tagged as on the sandbox's result channel). The worker builds the cases from the seed, runs them in
its sandbox and judges nothing: the client decodes the run strictly and grades it exactly as a local run, after
checking that the worker graded the same software version, assignment and seed. The seed stays in the worker
process; the sandbox's zygote is started before any task and never receives it.

`pip install 'rosenblatt[cluster]'` installs dask.distributed; without it `--cluster` says so.
"""

from __future__ import annotations

import atexit
import base64
import functools
import hashlib
import logging
import re
import threading
from typing import Any, Sequence

from rosenblatt import __version__
from rosenblatt.shared import UsageError
from grader.assignments import Assignment

LOCAL = re.compile(r"local:([0-9]+)")
MAX_LOCAL_WORKERS = 64
RETRIES = 2  # a task that raised (not a dead worker: the scheduler reschedules those itself)


def _distributed():
    try:
        import distributed
    except ImportError:
        raise UsageError("--cluster needs dask.distributed: pip install 'rosenblatt[cluster]' "
                         "(or pip install 'dask[distributed]')") from None
    return distributed


def connect(spec: str):
    """A Dask Client for `--cluster`: `local:N` starts N worker processes here, else a scheduler address."""
    distributed = _distributed()
    match = LOCAL.fullmatch(spec)
    if match:
        n = int(match.group(1))
        if not 1 <= n <= MAX_LOCAL_WORKERS:
            raise UsageError(f"--cluster local:N: N must be between 1 and {MAX_LOCAL_WORKERS}, got {n}")
        cluster = distributed.LocalCluster(n_workers=n, threads_per_worker=1, processes=True,
                                           dashboard_address=None, silence_logs=logging.ERROR)
        return distributed.Client(cluster)
    if spec.startswith("local") or ("://" not in spec and ":" not in spec):
        raise UsageError(f"--cluster: expected local:N or a scheduler address such as tcp://host:8786, got {spec!r}")
    try:
        return distributed.Client(spec, timeout=30)
    except (OSError, TimeoutError, ValueError) as exc:
        raise UsageError(f"--cluster {spec}: cannot reach the Dask scheduler ({exc})") from None


def close(client) -> None:
    """Disconnect; a cluster started by `local:N` is shut down with its workers (and their sandboxes)."""
    cluster = getattr(client, "cluster", None)
    client.close()
    if cluster is not None:
        cluster.close()


def worker_threads(client) -> int:
    """Task slots of the cluster (threads over all workers), at least 1."""
    return max(1, sum(client.nthreads().values()))


def _job(a: Assignment, raw: bytes, seed: str, isolation: str) -> dict:
    return {"version": __version__, "where": a.source, "assignment": base64.b64encode(raw).decode("ascii"),
            "seed": seed, "isolation": isolation}


class RemoteSandbox:
    """The client's stand-in for a Sandbox: `run` sends one submission's cases to a worker and waits for its run."""

    def __init__(self, client, a: Assignment, raw: bytes, seed: str, isolation: str = "auto"):
        self.client, self.job = client, _job(a, raw, seed, isolation)
        self.expect = {"assignment_sha256": a.digest, "seed_sha256": _commitment(seed), "version": __version__}

    def run(self, source: bytes, filename: str, function: str, cases: Sequence[Any], setup: dict | None = None):
        """Like Sandbox.run; `setup` is not sent: the worker derives it from the assignment (checked to be ours)."""
        from grader.sandbox import SandboxError, run_from_json

        task = {**self.job, "source": bytes(source), "filename": filename, "function": function,
                "cases": [c.case_id for c in cases]}
        answer = self.client.submit(run_on_worker, task, pure=False, retries=RETRIES).result()
        head, _, body = bytes(answer).partition(b"\n")
        if head.startswith(b"error "):
            raise SandboxError(f"cluster worker: {head[6:].decode('utf-8', 'replace')}")
        got = dict(zip(("assignment_sha256", "seed_sha256", "version"), head.decode("ascii").split(" ")))
        if got != self.expect:
            raise SandboxError(f"a cluster worker graded with other inputs than this client ({got} != "
                               f"{self.expect}): install the same rosenblatt version on every worker")
        return run_from_json(body)

    def session(self, source: bytes, filename: str, function: str, setup: dict | None = None):
        """Each batch of a submission is its own task (a worker's child is not kept between tasks)."""
        from grader.sandbox import SeparateRuns

        return SeparateRuns(self, source, filename, function, setup)

    def close(self) -> None:
        """Nothing to stop on the client (workers keep their sandboxes for the next batch)."""


def _commitment(seed: str) -> str:
    from grader.suite import commitment

    return commitment(seed)


# ---------------------------------------------------------------- worker side


@functools.lru_cache(maxsize=4)
def _worker_suite(where: str, raw: bytes, seed: str):
    """The cases of one assignment and seed, built once per worker process (the mutant table is not needed)."""
    from rosenblatt.shared import load_yaml_text
    from grader.assignments import parse
    from grader.suite import Suite

    doc = load_yaml_text(raw.decode("utf-8"))
    if isinstance(doc, dict):
        doc.pop("handout", None)  # the handout file lives next to the client's copy; workers do not need it
    return Suite(parse(doc, where, raw), seed)


class _WorkerSandboxes:
    """One warm Sandbox per worker thread and isolation setting, closed when the worker process exits."""

    def __init__(self):
        self.local, self.all, self.lock = threading.local(), [], threading.Lock()
        atexit.register(self.close)

    def get(self, suite, isolation: str):
        from grader.sandbox import Limits, Sandbox

        a = suite.assignment
        key = (a.case_seconds, a.total_seconds, isolation)
        boxes = self.local.__dict__.setdefault("boxes", {})
        if key not in boxes:
            # ahead: a worker serves task after task, so each run's child is built while the last one runs
            boxes[key] = Sandbox(Limits(case_seconds=a.case_seconds, total_seconds=a.total_seconds, load_seconds=a.load_seconds),
                                 isolation=isolation, ahead=True)
            with self.lock:
                self.all.append(boxes[key])
        return boxes[key]

    def close(self) -> None:
        with self.lock:
            boxes, self.all = self.all, []
        for box in boxes:
            box.close()


_SANDBOXES = _WorkerSandboxes()


def run_on_worker(task: dict) -> bytes:
    """Dask task: run one submission's cases in this worker's sandbox.

    Returns b"<assignment sha256> <seed commitment> <version>\\n" + the run as strict JSON, or b"error <message>".
    """
    from rosenblatt.shared import RosenblattError
    from grader.sandbox import run_to_json

    if task.get("version") != __version__:
        return f"error this worker runs rosenblatt {__version__}, the client {task.get('version')}".encode()
    try:
        raw = base64.b64decode(task["assignment"])
        suite = _worker_suite(task["where"], raw, task["seed"])
        setup = {"setup": suite.setup} if suite.setup is not None else {}
        run = _SANDBOXES.get(suite, task["isolation"]).run(task["source"], task["filename"], task["function"],
                                                             suite.inputs_by_id(task["cases"]), **setup)
    except RosenblattError as err:  # the sandbox cannot be built here, or the assignment does not load
        return f"error {err.message}".encode()
    head = f"{hashlib.sha256(raw).hexdigest()} {suite.commitment} {__version__}\n".encode("ascii")
    return head + run_to_json(run)

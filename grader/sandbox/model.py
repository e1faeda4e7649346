"""The sandbox's boundary types: limits, case inputs, outcomes, the run of one submission, and SandboxError."""

from __future__ import annotations

from dataclasses import dataclass

from rosenblatt.shared import RosenblattError


class SandboxError(RosenblattError):
    """The sandbox itself failed (could not start or build its isolation); never the student's fault."""

    exit_code = 3


@dataclass(frozen=True)
class Limits:
    case_seconds: float = 2.0  # per case: the submission's own time (wall clock minus time starved by others)
    total_seconds: float = 20.0  # per submission (load + all cases), counted the same way
    memory_bytes: int = 1 << 30
    output_bytes: int = 8 * 1024  # kept of stdout/stderr (head+tail)
    max_processes: int = 16
    max_file_bytes: int = 16 << 20  # also the size of the private /tmp
    max_open_files: int = 64
    load_seconds: float = 2.0  # wall clock for compiling and importing the submission
    flood_bytes: int = 64 << 20  # stdout+stderr read before the streams are closed on the submission
    cpu_quota: float = 1.0  # CPUs one submission may use at once (cgroup CPU quota, where cgroups are writable)
    result_bytes: int = 64 << 20  # result-channel bytes accepted from one submission, all its children together
    result_nodes: int = 2_000_000  # JSON values decoded from one submission's result channel, all children
    seccomp: bool = True  # install the syscall filter where the kernel allows it (off only to measure its cost)
    cgroups: bool = True  # a control group per job where cgroups are writable (off only to measure its cost)


@dataclass(frozen=True)
class CaseInput:
    case_id: str
    args: tuple
    kwargs: dict
    seconds: float | None = None
    plan: dict | None = None  # plain JSON for the harness: a call with a hook recorder, or a class and its methods


@dataclass(frozen=True)
class CaseOutcome:
    case_id: str
    status: str  # returned | raised | timeout | crashed | memory | bad-output | not-run
    value: object
    error: str
    mutated: bool
    seconds: float
    starved: bool = False  # a timeout at the cap on credit for waiting for a CPU (a busy machine), not its own time


@dataclass(frozen=True)
class SubmissionRun:
    load_status: str  # ok | syntax-error | import-error | missing-function | timeout | crashed | memory
    load_error: str
    outcomes: tuple[CaseOutcome, ...]
    stdout: str
    stderr: str
    isolation: str  # strong | weak
    isolation_note: str
    seconds: float
    layers: tuple[str, ...] = ()  # the isolation layers that were in force, e.g. ("namespaces", "seccomp", ...)


@dataclass(frozen=True)
class Opaque:
    """A returned value of a type the sandbox does not send back (its type name only)."""

    type_name: str

"""Run hostile student code in isolated children of a warm zygote: the sandbox's one public face.

The rest of the grader imports only what is listed here. Inside: `box` (the grader-side API), `pool` (the
zygote and its children), `run` and `session` (one submission's batches), `clock` (its deadlines), `replies`
(checking its messages), `child` and `pipes` (a child's pipes and notices), `supervisor` (the zygote's client),
`model` (boundary types), `plain` (a run as strict JSON, for cluster workers), and the standalone files the
zygote loads by path: `zygote`, `spawner`, `harness` (child side), `spying` (the harness's helper recorder and
signature reader), `imports`, `channel` (wire format), `isolation`, `seccomp`, `cgroups`.
"""

from grader.sandbox.box import Sandbox
from grader.sandbox.model import CaseInput, CaseOutcome, Limits, Opaque, SandboxError, SubmissionRun
from grader.sandbox.plain import run_from_json, run_to_json
from grader.sandbox.session import SeparateRuns, Session

__all__ = ['CaseInput', 'CaseOutcome', 'Limits', 'Opaque', 'Sandbox', 'SandboxError', 'SeparateRuns', 'Session',
    'SubmissionRun', 'run_from_json', 'run_to_json']

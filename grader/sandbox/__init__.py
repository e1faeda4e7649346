"""Run hostile student code in isolated children of a warm zygote: the sandbox's one public face.

The rest of the grader imports only what is listed here. Inside: `box` (the grader-side API), `supervisor`
(zygote and child pipes, deadlines), `model` (boundary types), and the standalone files the zygote loads by
path: `zygote`, `harness` (child side), `channel` (wire format), `isolation`, `seccomp`, `cgroups`.
"""

from grader.sandbox.box import Sandbox
from grader.sandbox.model import CaseInput, CaseOutcome, Limits, Opaque, SandboxError, SubmissionRun

__all__ = ["CaseInput", "CaseOutcome", "Limits", "Opaque", "Sandbox", "SandboxError", "SubmissionRun"]

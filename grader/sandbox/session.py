"""Sessions: one submission loaded in its child for several batches of cases, and a stand-in for run-only hosts."""

from __future__ import annotations

from typing import Sequence

from grader.sandbox.model import CaseInput, SubmissionRun
from grader.sandbox.run import _Run


class Session:
    """One submission loaded in a sandboxed child: `run(cases)` batches go to that child while it lives, so a
    follow-up batch (the shrink candidates of failed cases) costs no new child. Close it (or use `with`)."""

    def __init__(self, run: _Run):
        self._run = run

    def run(self, cases: Sequence[CaseInput], last: bool = False) -> SubmissionRun:
        """Each batch has the submission's whole time budget; the result-size budgets span the session. `last` (a
        split session): this batch ends the visible side, `seal()` follows."""
        return self._run.execute(cases, last)

    def seal(self) -> None:
        """End the visible side of a split session (`Sandbox.session(..., split=True)`): later batches run in the
        import that ran no case, and nothing they print is read (their outcomes are the caller's to seal)."""
        self._run.seal()

    def close(self) -> None:
        self._run.close()

    def __enter__(self) -> Session:
        return self

    def __exit__(self, *exc) -> None:
        self.close()


class SeparateRuns:
    """A session for stand-ins that only have Sandbox.run's signature (a cluster client, test doubles): each
    batch is a run of its own, in a fresh child."""

    def __init__(self, runner, source: bytes, filename: str, function: str, setup: dict | None = None):
        self.runner, self.source, self.filename, self.function = runner, source, filename, function
        self.setup = {"setup": setup} if setup is not None else {}

    def run(self, cases: Sequence[CaseInput]) -> SubmissionRun:
        return self.runner.run(self.source, self.filename, self.function, cases, **self.setup)

    def close(self) -> None:
        """Nothing is kept between batches."""

    def __enter__(self) -> SeparateRuns:
        return self

    def __exit__(self, *exc) -> None:
        self.close()

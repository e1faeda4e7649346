"""The frozen record of one graded submission (Report, with its judged cases) and its summary for the class view."""

from __future__ import annotations

import re
from dataclasses import dataclass, field

from grader.cases import Case
from grader.diagnosis import Finding
from grader.intake import Notebook
from grader.judging import Shrunk, Verdict


@dataclass(frozen=True)
class CaseResult:
    """One judged case, the mistakes that explain it, and (visible cases) a smaller failing dataset."""

    case: Case
    verdict: Verdict
    mistakes: tuple[str, ...] = ()
    shrunk: Shrunk | None = None


@dataclass(frozen=True)
class Report:
    """Everything known about one graded submission; status is graded, ungradable or grader_error."""

    name: str
    filename: str
    status: str
    message: str
    score: float
    max_score: int
    results: tuple[CaseResult, ...] = ()
    findings: tuple[Finding, ...] = ()
    families: tuple[tuple[str, float, int, int, int], ...] = ()  # family, score, points, passed, total
    stdout: str = ""
    isolation: str = ""
    seconds: float = 0.0
    meta: dict = field(default_factory=dict)
    details: str = ""  # the import-time traceback of an ungradable file (no case has run yet)
    notebook: Notebook | None = None  # for a .ipynb: what ran, what was skipped, where lines came from
    hint: str = ""  # the grader's own advice that ends `message` (its code spans are meant): feedback renders it apart

    @property
    def reason(self) -> str:
        """The message without its closing advice (it may quote the student's error text)."""
        tail = f". {self.hint}"
        return self.message[:-len(tail)] if self.hint and self.message.endswith(tail) else self.message

    def _calls(self) -> dict:
        return _calls_of(self.results)

    def case_summary(self) -> dict:
        """For the class view: each visible case's outcome, and how many failed cases no diagnosed mistake explains.

        Unexplained means returned answers that differ from the reference and from every diagnosed mistake
        (status wrong or malformed); a timeout, crash or input mutation is already named by its status.
        """
        return {"visible": [[r.case.case_id, r.case.family, r.case.title, r.verdict.passed]
                            for r in self.results if r.case.visible],
                "calls": self._calls(),
                "families": {f: [passed, total] for f, _, _, passed, total in self.families},
                "failed": sum(not r.verdict.passed for r in self.results),
                "unexplained": sum(r.verdict.status in ("wrong", "malformed") and not r.verdict.passed and not r.mistakes
                                   for r in self.results)}


def _calls_of(results) -> dict:
    """Per graded function (by case prefix): how its visible calls failed, when all failed alike (the class view
    looks for a batch whose calls fail the same way: the preset may not fit the course's handout)."""
    by: dict[str, list] = {}
    for r in results:
        if r.case.visible:
            by.setdefault(r.case.function, []).append(r.verdict)
    out = {}
    for name, verdicts in by.items():
        failed = [(v.status, re.sub(r" \((?:cell \d+, )?line \d+\)", "", v.message)[:200]) for v in verdicts
                  if not v.passed]
        same = failed[0] if failed and len(failed) == len(verdicts) and len(set(failed)) == 1 else None
        out[name or ""] = {"total": len(verdicts), "failed": len(failed), "same": list(same) if same else None}
    return out

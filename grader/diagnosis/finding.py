"""What diagnosis says about a graded function (a Finding), and how one is made from the cases it is about."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Sequence

from grader.assignments import Assignment
from grader.cases import Case, catalogue
from grader.judging import spec_of


@dataclass(frozen=True)
class Finding:
    """What diagnosis says about one graded function, with the cases (and families) it is about.

    kind: `mistake` (a classic mistake, or a pair of them, that accounts for every failed case of the function:
    shown as "Likely bug"), `structure` (a fact read from the file or its errors: a missing function, a stub, a
    signature that does not fit), `probe` (a behaviour a probe showed), or `observed` (no explanation: the evidence).
    """

    name: str
    title: str
    hint: str
    cases: tuple[str, ...]
    families: tuple[str, ...]
    function: str = ""
    kind: str = "mistake"
    evidence: tuple[str, ...] = ()

    @property
    def likely(self) -> bool:
        return self.kind == "mistake"


def finding(a: Assignment, cases: Sequence[Case], name: str, hit: tuple[str, ...], kind: str = "mistake",
            title: str = "", hint: str = "", evidence: tuple[str, ...] = ()) -> Finding:
    """A Finding about the function of `cases`, with the families of the cases it explains."""
    f = spec_of(a, cases[0])
    fams = tuple(dict.fromkeys(a.family_key(f, c.family) for c in cases if c.case_id in hit))
    if not title:
        m = catalogue(a, f)[name]
        title, hint = m.title, m.hint
    return Finding(name, title, hint, hit, fams, f.name, kind, evidence)

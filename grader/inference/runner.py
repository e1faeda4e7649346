"""The reference's one sandboxed session: its functions' signatures, then one call per probe (plain data only)."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Any

from rosenblatt.shared import AssignmentError
from grader.intake import NotebookError, assemble, defined_names, read_submission
from grader.sandbox import CaseInput, Limits, Sandbox

LIMITS = Limits(case_seconds=5.0, total_seconds=120.0, load_seconds=20.0)
SETUP = {"modules": {}, "stand_ins": ["*"], "legacy": True}  # a whole course file: its other imports stood in for


@dataclass(frozen=True)
class Reply:
    """What one probe call gave: `returned` with its value, or `raised` / `timeout` / ... with a short reason."""

    status: str
    value: Any
    error: str
    mutated: bool
    spied: int = 0  # calls of the reference's own single-step helpers, when the call asked to count them

    @property
    def ok(self) -> bool:
        return self.status == "returned"


def read_reference(path: Path) -> tuple[bytes, str]:
    """The code that runs of a .py file or a notebook (its definitions, as grading reads one), and its file name."""
    if path.suffix not in (".py", ".ipynb"):
        raise AssignmentError(f"{path}: the reference must be a .py file or a .ipynb notebook")
    raw, name, problem = read_submission(path)
    if problem:
        raise AssignmentError(f"{path}: {problem}")
    if path.suffix == ".ipynb":
        try:
            return assemble(name, raw, "definitions").source, name
        except NotebookError as err:
            raise AssignmentError(f"{path}: {err.message}") from None
    return raw, name


class Runner:
    """Calls the reference's functions in one sandboxed child (a fresh one after a probe that ends it)."""

    def __init__(self, source: bytes, filename: str, isolation: str = "auto", setup: dict | None = None):
        self.source, self.filename, self.count = source, filename, 0
        self.box = Sandbox(LIMITS, isolation=isolation)
        self.setup = setup or SETUP  # a class API's: its course modules and its class (classprobe.py)
        self.names = list(self.setup.get("names") or defined_names(source)) or ["perceptron"]  # the load needs
        # one of them to be callable
        self.session = None

    def __enter__(self) -> Runner:
        return self

    def __exit__(self, *exc) -> None:
        if self.session is not None:
            self.session.close()
        self.box.close()

    def _run(self, name: str, args: tuple, kwargs: dict, plan: dict, seconds: float | None) -> Any:
        if self.session is None:
            setup = {**self.setup, "names": self.names}
            self.session = self.box.session(self.source, self.filename, self.names[0], setup)
        self.count += 1
        run = self.session.run([CaseInput(f"probe-{self.count}", args, kwargs, seconds, plan)])
        if run.load_status != "ok":
            last = (run.load_error.strip().splitlines() or [""])[-1][:200]
            raise AssignmentError(f"{self.filename}: the reference does not load in the sandbox "
                                  f"({run.load_status}: {last})")
        return run.outcomes[0]

    def signatures(self, wanted: list[str]) -> dict:
        """{name: [[parameter, kind, default repr or None], ...]} for the file's own functions (wanted first)."""
        out = self._run("", (), {}, {"kind": "inspect", "names": wanted}, None)
        value = out.value if out.status == "returned" else None
        if type(value) is not dict or type(value.get("signatures")) is not dict:
            raise AssignmentError(f"{self.filename}: the reference's functions could not be read ({out.error[-200:]})")
        return value["signatures"]

    def call(self, name: str, args: tuple, kwargs: dict, seconds: float | None = None, spy: tuple = ()) -> Reply:
        """One call of `name`; with `spy`, the calls the reference makes to those functions of its own are
        counted (the harness wraps them for this call only)."""
        plan = {"kind": "call", "name": name, "names": [name], "hook": None, **({"spy": list(spy)} if spy else {})}
        out = self._run(name, args, kwargs, plan, seconds)
        if spy and out.status == "returned" and type(out.value) is dict:
            calls = out.value.get("spied_calls")
            return Reply(out.status, out.value.get("result"), out.error, out.mutated, calls if type(calls) is int else 0)
        return Reply(out.status, out.value, out.error, out.mutated)

    def plan(self, args: tuple, plan: dict, seconds: float | None = None) -> Reply:
        """One class plan (the class built, its methods called in turn): its kept results, as plain data."""
        out = self._run(plan["name"], args, {}, plan, seconds)
        return Reply(out.status, out.value, out.error, out.mutated)

"""Test helpers: an in-process stand-in with the sandbox's interface (tests only; real grading uses grader.sandbox)."""

from __future__ import annotations

import time
import traceback
from dataclasses import dataclass

import numpy as np


@dataclass(frozen=True)
class FakeOutcome:
    case_id: str
    status: str
    value: object
    error: str
    mutated: bool
    seconds: float
    starved: bool = False


@dataclass(frozen=True)
class FakeRun:
    load_status: str
    load_error: str
    outcomes: tuple
    stdout: str = ""
    stderr: str = ""
    isolation: str = "none"
    isolation_note: str = "in-process test double"
    seconds: float = 0.0


def _plain(value):
    if isinstance(value, np.bool_):
        return bool(value)
    if isinstance(value, np.floating):
        return float(value)
    if isinstance(value, np.integer):
        return int(value)
    if isinstance(value, tuple):
        return tuple(_plain(v) for v in value)
    if isinstance(value, list):
        return [_plain(v) for v in value]
    return value


def _copy(v):
    return v.copy() if isinstance(v, np.ndarray) else (dict(v) if isinstance(v, dict) else v)


class FakeTimeout(Exception):
    """Raised by a test's student function: the fake sandbox reports that call as out of time."""


class FakeSandbox:
    """Runs a function (or source text) in this process: only for tests of judging and reports."""

    def __init__(self, func=None):
        self.func = func
        self.runs = 0

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        return False

    def session(self, source, filename, function, setup=None):
        from grader.sandbox import SeparateRuns

        return SeparateRuns(self, source, filename, function, setup)

    def _load(self, source: bytes, function: str):
        if self.func is not None:
            return self.func, "ok", ""
        ns: dict = {"__name__": "submission"}
        try:
            code = compile(source, "submission.py", "exec")
        except SyntaxError as exc:
            return None, "syntax-error", f"SyntaxError: {exc}"
        try:
            exec(code, ns)  # noqa: S102 - test double, trusted sample code only
        except BaseException as exc:  # noqa: BLE001
            return None, "import-error", f"{type(exc).__name__}: {exc}"
        if not callable(ns.get(function)):
            return None, "missing-function", f"no function named {function}"
        return ns[function], "ok", ""

    def run(self, source: bytes, filename: str, function: str, cases, setup=None):
        # a plain preset's setup in a run with hidden cases is only `quiet` (what the file prints is not shown):
        # this double runs the file in the test's process and prints nothing anyway; it builds no course modules
        assert set(setup or {}) <= {"quiet"}, f"FakeSandbox runs plain presets only, got setup {setup}"
        self.runs += 1
        func, status, err = self._load(source, function)
        if func is None:
            return FakeRun(status, err, ())
        return FakeRun("ok", "", tuple(self._case(func, c) for c in cases))

    def _case(self, func, c):
        args = tuple(_copy(a) for a in c.args)
        kwargs = {k: _copy(v) for k, v in c.kwargs.items()}
        t = time.perf_counter()
        try:
            value = _plain(func(*args, **kwargs))
            status, error = "returned", ""
        except FakeTimeout:
            value, status, error = None, "timeout", ""
        except Exception as exc:  # noqa: BLE001
            value, status, error = None, "raised", traceback.format_exc()
        mutated = any(isinstance(a, np.ndarray) and not np.array_equal(a, b) for a, b in zip(args, c.args))
        return FakeOutcome(c.case_id, status, value, error, mutated, time.perf_counter() - t)


@dataclass(frozen=True)
class FakeCaseInput:
    case_id: str
    args: tuple
    kwargs: dict
    seconds: float | None = None

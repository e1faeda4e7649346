"""Inference of a course's preset from its reference solution: the signatures, then each function's probes."""

from __future__ import annotations

import re
from pathlib import Path

from rosenblatt.shared import AssignmentError
from grader.intake import defined_names
from grader.inference import signature, single, training
from grader.inference.classinfer import infer_class
from grader.inference.classmodel import ClassInference
from grader.inference.merge import merge
from grader.inference.model import Function, Inference, NotAPerceptron
from grader.inference.runner import Runner, read_reference

AGREE = ("layout", "labels")  # what every function of one course shares (the preset's top level)


def infer(path: Path, wanted: tuple[str, ...] = (), isolation: str = "auto") -> Inference | ClassInference:
    """Run the reference in the sandbox on the probes; NotAPerceptron (one sentence, naming the probe) otherwise.
    A file that defines classes and no perceptron function is read as a class API (CS188's)."""
    source, filename = read_reference(path)
    found = _functions(source, filename, wanted, isolation)
    return found if found is not None else infer_class(source, filename, wanted, isolation)


def infer_all(paths: tuple[Path, ...], wanted: tuple[str, ...] = (),
              isolation: str = "auto") -> Inference | ClassInference:
    """One preset from one reference, or from several correct references of one course (merge.py): each is run on
    its own, with the --function names it defines; every name must be defined by one of them."""
    if len(paths) == 1:
        return infer(paths[0], wanted, isolation)
    found, named = [], set()
    for path in paths:
        source, filename = read_reference(path)
        defined = set(defined_names(source))
        mine = tuple(n for n in wanted if n in defined)
        if wanted and not mine:
            raise NotAPerceptron(f"probe signature: {filename} defines none of the functions --function names "
                                 f"({', '.join(wanted)})")
        found.append(_functions(source, filename, mine, isolation))
        if found[-1] is None:
            raise NotAPerceptron(f"probe signature: {filename} is a class API; several references are merged for "
                                 f"module-level functions only (infer a class API from one reference)")
        named.update(mine)
    missing = [n for n in wanted if n not in named]
    if missing:
        raise NotAPerceptron(f"probe signature: no reference defines a function named {missing[0]!r}")
    merged = merge(found)
    _agree(merged.functions)
    return merged


def _functions(source: bytes, filename: str, wanted: tuple[str, ...], isolation: str) -> Inference | None:
    with Runner(source, filename, isolation) as runner:
        raw = runner.signatures(list(wanted))
        missing = [n for n in wanted if n not in raw]
        classes = re.findall(rb"^class[ \t]+([A-Za-z_]\w{0,63})", source, re.MULTILINE)
        if missing and classes and len(missing) == len(wanted):
            return None  # methods of a class API
        if missing:
            raise NotAPerceptron(f"probe signature: {filename} defines no function named {missing[0]!r} "
                                 f"(it defines {', '.join(sorted(raw)) or 'none'})")
        sigs, helpers = [], []
        for name in (wanted or tuple(raw)):
            sig = signature.read(name, raw[name])
            if sig is None and wanted:
                raise NotAPerceptron(f"probe signature: {name} takes no data, labels, point or weights that "
                                     f"Rosenblatt can name, so it is not a perceptron function it can grade")
            (sigs if sig is not None else helpers).append(sig or name)
        if not sigs and classes:
            return None  # a class API: its own probes, with the course modules it imports (classinfer.py)
        if not sigs:
            raise NotAPerceptron(f"probe signature: {filename} defines no function whose parameters look like a "
                                 f"perceptron's (data and labels, a point and weights, or points and weights)")
        keys = signature.params_keys(source)
        functions, failed = [], []
        steps = tuple(s.name for s in sigs if s.role == "step")
        steps += tuple(_steps(runner, raw, helpers, wanted))
        for sig in sigs:
            try:
                functions.append(_one(runner, sig, keys, steps))
            except NotAPerceptron as err:
                if wanted:  # a function the instructor named must behave like one
                    raise
                failed.append((sig.name, err.message))
        if not functions:
            raise NotAPerceptron(failed[0][1])
        _agree(tuple(functions))
        return Inference(filename, tuple(functions), tuple(helpers), runner.count, tuple(failed))


def _steps(runner, raw: dict, helpers: list, wanted: tuple) -> list[str]:
    """The file's single-step functions left out by --function (their calls still count passes)."""
    out = []
    for name in raw:
        if wanted and name not in wanted and name not in helpers:
            try:
                sig = signature.read(name, raw[name])
            except AssignmentError:
                continue
            if sig is not None and sig.role == "step":
                out.append(name)
    return out


def _one(runner, sig: signature.Signature, keys, steps: tuple[str, ...]) -> Function:
    if sig.role == "train":
        return training.infer(runner, sig, keys, steps)
    if sig.role == "step":
        return single.update(runner, sig)
    return single.classify(runner, sig)


def _agree(functions: tuple[Function, ...]) -> None:
    for field in AGREE:
        seen = {(f.signature.name, f.get(field)) for f in functions if f.decision(field) is not None}
        values = {v for _, v in seen}
        if len(values) > 1:
            a, b = sorted(seen, key=str)[:2]
            raise NotAPerceptron(f"probes disagree: {a[0]} has {field} {a[1]} but {b[0]} has {field} {b[1]}; one "
                                 f"preset gives every function the same {field}")

"""Hostile: tries to import the grader and exercises packages to call the reference.

Tries to import the grader and exercises packages (also after adding likely repo paths to sys.path, after
re-installing setuptools' editable finder, and by file path) to call the reference; reports what happened.

expect: 0
weak-safe: no
"""

import glob
import importlib
import importlib.util
import os
import sys

import numpy as np


def _attempts():
    report = []
    for name in ("grader", "exercises", "grader.sandbox", "grader.cases.case", "rosenblatt.core"):
        try:
            importlib.import_module(name)
            report.append(f"imported {name}")
        except BaseException as err:  # noqa: BLE001
            report.append(f"{name}: {type(err).__name__}")
    sys.meta_path[:] = [f for f in sys.meta_path if "Refuse" not in getattr(f, "__name__", "")]  # drop blockers
    sys.path[:0] = ["/work/main", "/work", "/root", "/app", "/src", "."]
    for name in ("grader", "exercises"):
        sys.modules.pop(name, None)
        try:
            importlib.import_module(name)
            report.append(f"imported {name} via sys.path")
        except BaseException as err:  # noqa: BLE001
            report.append(f"{name} via path: {type(err).__name__}")
    for finder in [f for d in list(sys.path) if os.path.isdir(d) for f in glob.glob(f"{d}/__editable__*finder.py")]:
        try:  # re-install setuptools' editable finder for the project, then import through it
            spec = importlib.util.spec_from_file_location("editable_finder", finder)
            module = importlib.util.module_from_spec(spec)
            spec.loader.exec_module(module)
            module.install()
            sys.modules.pop("grader", None)
            importlib.import_module("grader")
            report.append(f"imported grader via {finder}")
        except BaseException as err:  # noqa: BLE001
            report.append(f"editable finder: {type(err).__name__}")
    try:
        spec = importlib.util.spec_from_file_location("g", "/work/main/grader/cases/case.py")
        importlib.util.module_from_spec(spec)
        spec.loader.exec_module(importlib.util.module_from_spec(spec))
        report.append("loaded grader/cases/case.py by path")
    except BaseException as err:  # noqa: BLE001
        report.append(f"by path: {type(err).__name__}")
    return report


def perceptron(X, y, max_epochs=1000, offset=True):
    return np.zeros(X.shape[1]), 0.0, _attempts()

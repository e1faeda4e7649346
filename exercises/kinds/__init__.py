"""The registry of exercise kinds: one module per kind, looked up by name in KIND_NAMES (adding a kind = its module,
its name here, its templates and an example spec)."""

from __future__ import annotations

import importlib
from types import ModuleType

from exercises.kinds.base import Part, PartResult, Reject
from exercises.kinds.params import Params

__all__ = ['KIND_NAMES', 'Params', 'Part', 'PartResult', 'Reject', 'get_kind']

KIND_NAMES = ("hand_trace", "separability", "mistake_bound", "single_point", "cover_count", "hinge_update",
              "max_margin")


def get_kind(name: str) -> ModuleType:
    """The module implementing kind `name` (the caller has checked the name is in KIND_NAMES)."""
    if name not in KIND_NAMES:
        raise KeyError(name)
    return importlib.import_module(f"exercises.kinds.{name}")

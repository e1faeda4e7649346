"""The registry of exercise kinds: one module per kind, looked up by name (adding a kind = adding one module)."""

from __future__ import annotations

import importlib
from types import ModuleType

from exercises.kinds.base import Part, PartResult, Reject
from exercises.kinds.params import Params

__all__ = ['ModuleType', 'Params', 'Part', 'PartResult', 'Reject']

KIND_NAMES = ("hand_trace", "separability", "mistake_bound", "single_point", "cover_count", "hinge_update",
              "max_margin")


def get_kind(name: str) -> ModuleType:
    """The module implementing kind `name` (the caller has checked the name is in KIND_NAMES)."""
    if name not in KIND_NAMES:
        raise KeyError(name)
    return importlib.import_module(f"exercises.kinds.{name}")

"""The exact math core: perceptron traces, separability certificates, margins, bounds, the maximum margin, Cover's count.

Names load on first use (PEP 562), so `rosenblatt trace` imports the trace module only, not the simplex.
"""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING

_HOME = {  # public name -> the module under exercises.core that defines it (no module shares a public name)
    "MarginBound": "bound", "margin_bound": "bound",
    "cover_count": "cover", "cover_fraction": "cover",
    "MaxMargin": "maxmargin", "max_margin": "maxmargin", "signed_rows": "maxmargin", "verify_kkt": "maxmargin",
    "Decision": "separation", "Infeasibility": "separation", "Separator": "separation", "decide": "separation",
    "separability": "separation", "verify_infeasibility": "separation", "verify_separator": "separation",
    "Trace": "trace", "Visit": "trace", "perceptron_trace": "trace", "scaled_to_integers": "trace",
}
__all__ = ['TYPE_CHECKING']

if TYPE_CHECKING:
    from exercises.core.bound import MarginBound, margin_bound
    from exercises.core.cover import cover_count, cover_fraction
    from exercises.core.maxmargin import MaxMargin, max_margin, signed_rows, verify_kkt
    from exercises.core.separation import (
        Decision, Infeasibility, Separator, decide, separability, verify_infeasibility, verify_separator,
    )
    from exercises.core.trace import Trace, Visit, perceptron_trace, scaled_to_integers


def __getattr__(name: str) -> object:
    home = _HOME.get(name)
    if home is None:
        raise AttributeError(f"module 'exercises.core' has no attribute {name!r}")
    value = getattr(importlib.import_module(f"exercises.core.{home}"), name)
    globals()[name] = value
    return value


def __dir__() -> list[str]:
    return sorted(set(globals()) | set(_HOME))

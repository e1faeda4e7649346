"""The exact math core: perceptron traces, separability certificates, margins, bounds, the maximum margin, Cover's count.

Names load on first use (PEP 562), so `rosenblatt trace` imports the trace module only, not the simplex.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from rosenblatt.shared import lazy

_HOME = {  # public name -> the module under rosenblatt.core that defines it (no module shares a public name)
    "MarginBound": "bound", "margin_bound": "bound",
    "cover_count": "cover", "cover_fraction": "cover",
    "MaxMargin": "maxmargin", "max_margin": "maxmargin", "signed_rows": "maxmargin", "verify_kkt": "maxmargin",
    "Decision": "separation", "Infeasibility": "separation", "Separator": "separation", "decide": "separation",
    "separability": "separation", "verify_infeasibility": "separation", "verify_separator": "separation",
    "Trace": "trace", "Visit": "trace", "perceptron_trace": "trace", "scaled_to_integers": "trace",
}
__all__ = sorted(_HOME)
__getattr__, __dir__ = lazy(__name__, _HOME, globals())

if TYPE_CHECKING:
    from rosenblatt.core.bound import MarginBound, margin_bound
    from rosenblatt.core.cover import cover_count, cover_fraction
    from rosenblatt.core.maxmargin import MaxMargin, max_margin, signed_rows, verify_kkt
    from rosenblatt.core.separation import (
        Decision, Infeasibility, Separator, decide, separability, verify_infeasibility, verify_separator,
    )
    from rosenblatt.core.trace import Trace, Visit, perceptron_trace, scaled_to_integers

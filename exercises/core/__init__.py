"""The exact math core: perceptron traces, separability certificates, margins, bounds, the maximum margin, Cover's count."""

from exercises.core.bound import MarginBound, margin_bound
from exercises.core.cover import cover_count, cover_fraction
from exercises.core.maxmargin import MaxMargin, max_margin, signed_rows, verify_kkt
from exercises.core.separability import (
    Decision,
    Infeasibility,
    Separator,
    decide,
    separability,
    verify_infeasibility,
    verify_separator,
)
from exercises.core.trace import Trace, Visit, perceptron_trace

__all__ = [
    "Decision", "Infeasibility", "MarginBound", "MaxMargin", "Separator", "Trace", "Visit",
    "cover_count", "cover_fraction", "decide", "margin_bound", "max_margin", "perceptron_trace",
    "separability", "signed_rows", "verify_infeasibility", "verify_kkt", "verify_separator",
]

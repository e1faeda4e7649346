"""The exact math core: perceptron traces, separability certificates, margins and bounds, Cover's count."""

from exercises.core.bound import MarginBound, margin_bound
from exercises.core.cover import cover_count, cover_fraction
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
    "Decision", "Infeasibility", "MarginBound", "Separator", "Trace", "Visit",
    "cover_count", "cover_fraction", "decide", "margin_bound", "perceptron_trace",
    "separability", "verify_infeasibility", "verify_separator",
]

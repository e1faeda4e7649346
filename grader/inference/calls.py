"""A probe as the reference's arguments under a candidate's layout, labels and θ shape (floats of dyadic numbers,
so the reference's own arithmetic stays exact), and a short account of a reply for error sentences."""

from __future__ import annotations

from fractions import Fraction
from typing import Any

import numpy as np

from grader.inference.signature import Signature


def arrays(X, y, layout: str, labels: tuple[int, int]) -> tuple[np.ndarray, np.ndarray]:
    Xa = np.array([[float(v) for v in row] for row in X], dtype=np.float64).reshape(len(X), len(X[0]))
    ya = np.array([v if labels == (-1, 1) else (1 if v > 0 else 0) for v in y], dtype=np.int64)
    return (np.ascontiguousarray(Xa.T), ya.reshape(1, -1)) if layout == "columns" else (Xa, ya)


def weights(theta, theta0, layout: str, shape: str) -> tuple[np.ndarray, Any]:
    th = np.array([float(v) for v in theta], dtype=np.float64)
    column = layout == "columns" or shape == "column"
    return (th.reshape(-1, 1) if column else th), (np.array([[float(theta0)]]) if layout == "columns"
                                                    else float(theta0))


def arguments(sig: Signature, values: dict[str, Any], params_key: str | None) -> tuple[tuple, dict]:
    """Positional and keyword arguments: every parameter with a slot gets the slot's value."""
    values = {"offset": True, **values, "hook": None}
    if params_key is not None and "epochs" in values:
        values["params"] = {params_key: values["epochs"]}
    else:
        values["params"] = {}
    args, kwargs = [], {}
    for p in sig.parameters:
        if p.slot is None:
            continue
        if p.keyword:
            kwargs[p.name] = values.get(p.slot)
        else:
            args.append(values.get(p.slot))
    return tuple(args), kwargs


def shown(reply) -> str:
    """What a reply was, in a few words."""
    if reply.status == "raised":
        last = (reply.error.strip().splitlines() or ["an exception"])[-1]
        return f"raised {last[:120]}"
    if reply.status != "returned":
        return f"ended with {reply.status} ({reply.error[:80]})"
    return f"returned {_value(reply.value)}"


def _value(value: Any) -> str:
    if isinstance(value, np.ndarray):
        flat = ", ".join(f"{v:g}" for v in value.reshape(-1)[:6].tolist()) if value.dtype.kind in "iufb" else "…"
        return f"an array of shape {value.shape} [{flat}{', …' if value.size > 6 else ''}]"
    if type(value) in (tuple, list):
        return f"a {type(value).__name__} of {len(value)} ({', '.join(_value(v) for v in value[:4])})"
    if type(value) in (int, float, bool) or isinstance(value, Fraction):
        return repr(value)
    return f"a {getattr(value, 'type_name', type(value).__name__)}"

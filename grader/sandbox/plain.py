"""A SubmissionRun as strict JSON bytes and back: how a cluster worker's run crosses the network (no pickle)."""

from __future__ import annotations

import math

from grader.sandbox import channel
from grader.sandbox.model import CaseOutcome, Opaque, SubmissionRun

RUN_KEYS = {"load_status", "load_error", "outcomes", "stdout", "stderr", "isolation", "isolation_note", "seconds",
            "layers"}
OUTCOME_KEYS = {"case_id", "status", "value", "error", "mutated", "seconds", "starved"}
MAX_TEXT = 1 << 20


def _value(v):
    """A decoded value back to the channel's tagged form (Opaque keeps its type name)."""
    if type(v) is Opaque:
        return {"t": "opaque", "type": v.type_name[:channel.MAX_TYPE_NAME]}
    if type(v) is list:
        return [_value(e) for e in v]
    if type(v) is tuple:
        return {"t": "tuple", "v": [_value(e) for e in v]}
    if type(v) is dict:
        return {"t": "dict", "v": {k: _value(e) for k, e in v.items()}}
    return channel.to_wire(v)


def run_to_json(run: SubmissionRun) -> bytes:
    """Strict ASCII JSON of a run: values tagged as on the result channel (arrays bit-exact, NaN tagged)."""
    outcomes = [{"case_id": o.case_id, "status": o.status, "value": _value(o.value), "error": o.error,
                 "mutated": o.mutated, "seconds": o.seconds, "starved": o.starved} for o in run.outcomes]
    return channel.dumps({"load_status": run.load_status, "load_error": run.load_error, "outcomes": outcomes,
                          "stdout": run.stdout, "stderr": run.stderr, "isolation": run.isolation,
                          "isolation_note": run.isolation_note, "seconds": run.seconds, "layers": list(run.layers)})


def _text(v) -> str:
    if type(v) is not str or len(v) > MAX_TEXT:
        raise channel.WireError("expected a string")
    return v


def _seconds(v) -> float:
    if type(v) not in (int, float) or not math.isfinite(v) or v < 0:
        raise channel.WireError("expected a duration")
    return float(v)


def _outcome(o) -> CaseOutcome:
    if type(o) is not dict or set(o) != OUTCOME_KEYS or {type(o["mutated"]), type(o["starved"])} != {bool}:
        raise channel.WireError("malformed outcome")
    return CaseOutcome(_text(o["case_id"]), _text(o["status"]), channel.from_wire(o["value"], Opaque),
                       _text(o["error"]), o["mutated"], _seconds(o["seconds"]), o["starved"])


def run_from_json(data: bytes) -> SubmissionRun:
    """Parse run_to_json's bytes strictly (exact keys and types, bounded values); a ValueError otherwise."""
    d = channel.loads(data)
    if type(d) is not dict or set(d) != RUN_KEYS or type(d["outcomes"]) is not list or type(d["layers"]) is not list:
        raise channel.WireError("malformed run")
    return SubmissionRun(_text(d["load_status"]), _text(d["load_error"]), tuple(_outcome(o) for o in d["outcomes"]),
                         _text(d["stdout"]), _text(d["stderr"]), _text(d["isolation"]), _text(d["isolation_note"]),
                         _seconds(d["seconds"]), tuple(_text(x) for x in d["layers"]))

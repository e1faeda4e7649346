"""Benchmark the wire's arrays (grader/sandbox/channel.py): encoding in the child and decoding in the grader, as
they are now against the code before the fast path (kept below as BEFORE), on a result like a spied course's.

Run: python benchmarks/bench_wire.py [--records 2000] [--d 10] [--repeat 15]
A case of a course whose perceptron calls its own single-step update (mitx686x, mit6036-project1) returns the
helper's calls, up to 2,000 records of [point, label, θ, θ₀, [θ, θ₀]]: about 6,000 small arrays per case, each
a tagged base64 value. Grading the default suite's 135 sample submissions decoded 1.84 million of them (cProfile).
The script checks that both versions give the same bytes and equal values, and prints the best CPU seconds of
--repeat runs of each (process time: steadier than wall time on a shared machine).

Measured on 2026-11-28 on the project's 2-core machine, shared (load average 5 to 6), defaults (--repeat 15):
                before       now      x
    encode      0.0317    0.0306   1.04
    decode      0.0411    0.0333   1.23
    both        0.0728    0.0639   1.14   per array 12.1 -> 10.6 us
    same bytes and values: yes
"""

from __future__ import annotations

import argparse
import base64
import binascii
import math
import sys
import time
from pathlib import Path

import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from grader.sandbox import channel  # noqa: E402  (the grader's copy; the zygote loads the same file by path)


# ------------------------------------------------------------- BEFORE: the two functions as they were (ef33af6)

def _before_array_from_wire(v: dict, blob=None) -> np.ndarray:
    referenced = blob is not None and "at" in v
    channel._expect_keys(v, {"t", "dtype", "shape", "at" if referenced else "b64"})
    dt, shape = v["dtype"], v["shape"]
    if type(dt) is not str or dt not in channel._WIRE_DTYPES or type(shape) is not list:
        raise channel.WireError("bad array header")
    if len(shape) > channel.MAX_DEPTH or not all(type(n) is int and 0 <= n <= channel.MAX_ELEMENTS for n in shape):
        raise channel.WireError("bad array shape")
    count = math.prod(shape)
    if count > channel.MAX_ELEMENTS:
        raise channel.WireError("array too large")
    if type(v["b64"]) is not str:
        raise channel.WireError("bad array header")
    try:
        raw = base64.b64decode(v["b64"].encode("ascii"), validate=True)
    except (binascii.Error, ValueError):
        raise channel.WireError("bad array payload") from None
    dtype = channel._WIRE_DTYPES[dt]
    if len(raw) != count * dtype.itemsize:
        raise channel.WireError("array payload does not match its shape")
    if dt == "|b1" and count and int(np.frombuffer(raw, dtype=np.uint8).max()) > 1:
        raise channel.WireError("bool array holds values other than 0 and 1")
    return np.frombuffer(raw, dtype=dtype).reshape(shape).astype(dtype.newbyteorder("="), copy=True)


def _before_array_wire(a: np.ndarray, blobs=None) -> dict:
    kind = a.dtype.kind
    if a.size > channel.MAX_ELEMENTS or a.ndim > channel.MAX_DEPTH:
        return channel._opaque("ndarray (too large)")
    if kind == "b":
        wire, dt = np.ascontiguousarray(a, dtype="|b1"), "|b1"
    elif kind == "f":
        wire, dt = np.ascontiguousarray(a, dtype="<f8"), "<f8"
    elif kind in "iu":
        if kind == "u" and a.size and a.dtype.itemsize == 8 and int(a.max()) > channel._INT64[1]:
            return channel._opaque("ndarray (uint64 out of range)")
        wire, dt = np.ascontiguousarray(a, dtype="<i8"), "<i8"
    else:
        return channel._opaque(f"ndarray ({a.dtype.str})")
    shape = [int(n) for n in a.shape]
    return {"t": "nd", "dtype": dt, "shape": shape, "b64": base64.b64encode(wire.tobytes()).decode("ascii")}


# ------------------------------------------------------------- the measurement


def spied_result(records: int, d: int) -> dict:
    """A call's result as the harness sends it for a spied course: the answer and the helper's recorded calls."""
    rng = np.random.default_rng(0)
    rec = [[rng.random(d), 1.0, rng.random(d), 0.5, [rng.random(d), 1.5]] for _ in range(records)]
    return {"result": (rng.random(d), 0.25), "hooks": [], "hook_calls": 0, "spied": rec, "spied_calls": records,
            "hook_arities": [], "matrix": rng.integers(-5, 5, (7, d)), "flags": rng.random(d) > 0.5}


def _with(decode, encode):
    """Put these two array functions in the channel (to_wire/from_wire call them); return the ones replaced."""
    saved = channel._array_from_wire, channel._array_wire
    channel._array_from_wire, channel._array_wire = decode, encode
    return saved


VERSIONS = {"before": (_before_array_from_wire, _before_array_wire),
            "now": (channel._array_from_wire, channel._array_wire)}


def _timed(label: str, fn) -> tuple[float, object]:
    saved = _with(*VERSIONS[label])
    try:
        start = time.process_time()
        result = fn()
        return time.process_time() - start, result
    finally:
        _with(*saved)


def measure(value, repeat: int) -> dict:
    """Best CPU seconds of each step, the two versions alternating within each round (the same load for both)."""
    out = {label: {"encode": math.inf, "decode": math.inf} for label in VERSIONS}
    for _ in range(repeat):
        for label in VERSIONS:
            seconds, data = _timed(label, lambda: channel.dumps(channel.to_wire(value)))
            out[label]["encode"], out[label]["bytes"] = min(out[label]["encode"], seconds), data
            seconds, decoded = _timed(label, lambda: channel.from_wire(channel.loads(data), channel._opaque))
            out[label]["decode"], out[label]["value"] = min(out[label]["decode"], seconds), decoded
    return out


def _same(a, b) -> bool:
    if type(a) is np.ndarray:
        return type(b) is np.ndarray and a.dtype == b.dtype and a.shape == b.shape and bool(np.array_equal(a, b)) \
            and a.flags.writeable and b.flags.writeable
    if type(a) in (list, tuple):
        return type(a) is type(b) and len(a) == len(b) and all(_same(x, y) for x, y in zip(a, b))
    if type(a) is dict:
        return type(b) is dict and a.keys() == b.keys() and all(_same(a[k], b[k]) for k in a)
    return a == b


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--records", type=int, default=2000)
    ap.add_argument("--d", type=int, default=10)
    ap.add_argument("--repeat", type=int, default=15)
    args = ap.parse_args()
    value = spied_result(args.records, args.d)
    arrays = 3 * args.records + 4
    got = measure(value, args.repeat)
    same = got["before"]["bytes"] == got["now"]["bytes"] and _same(got["before"]["value"], got["now"]["value"])
    print(f"one result of {args.records} spied records (d={args.d}, {arrays} arrays), best CPU s of {args.repeat}:")
    print(f"{'':8} {'before':>9} {'now':>9} {'x':>6}")
    for step in ("encode", "decode"):
        b, n = got["before"][step], got["now"][step]
        print(f"{step:8} {b:9.4f} {n:9.4f} {b / n:6.2f}")
    b = got["before"]["encode"] + got["before"]["decode"]
    n = got["now"]["encode"] + got["now"]["decode"]
    print(f"{'both':8} {b:9.4f} {n:9.4f} {b / n:6.2f}   per array {1e6 * b / arrays:.1f} -> {1e6 * n / arrays:.1f} us")
    print(f"same bytes and values: {'yes' if same else 'NO'}")
    if not same:
        sys.exit(1)


if __name__ == "__main__":
    main()

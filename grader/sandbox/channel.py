"""Wire format between grader and sandboxed child: bounded frames, strict JSON, tagged plain values (no pickle)."""

# Standalone on purpose: zygote.py loads this file by path, so it imports only stdlib and numpy.
import base64
import binascii
import functools
import json
import math
import os
import struct

import numpy as np

EXIT_SETUP, EXIT_MEMORY, EXIT_HARNESS = 120, 121, 122  # exit codes of the sandboxed child's own code
EXIT_END = 123  # a visible child told to end (split runs: its parent then takes the hidden cases)
MAX_FRAME = 16 << 20  # bytes in one message
MAX_DEPTH = 32  # nesting of lists/tuples/dicts in a value
MAX_NODES = 100_000  # containers + scalars in one value
MAX_ELEMENTS = 1 << 20  # elements of one array
MAX_STR = 1 << 16  # characters of one string
MAX_TYPE_NAME = 120
_HEADER = struct.Struct(">I")
_WIRE_DTYPES = {"<f8": np.dtype("<f8"), "<i8": np.dtype("<i8"), "|b1": np.dtype("|b1")}
_SPECIAL = {"nan": float("nan"), "inf": float("inf"), "-inf": float("-inf")}
_NP_FLOATS = frozenset({np.float16, np.float32, np.float64, np.longdouble})
_NP_INTS = frozenset({np.int8, np.int16, np.int32, np.int64, np.uint8, np.uint16, np.uint32, np.uint64,
                      np.intc, np.uintc, np.longlong, np.ulonglong})
_INT64 = (-(1 << 63), (1 << 63) - 1)
# Bound early so a submission that monkeypatches builtins or numpy only breaks its own verdict.
_type, _len, _float, _int, _str, _list, _isnan, _isinf = type, len, float, int, str, list, np.isnan, np.isinf
_ascontig, _b64d, _frombuffer = np.ascontiguousarray, base64.b64decode, np.frombuffer
_b2a = binascii.b2a_base64  # base64.b64encode(s) is b2a_base64(s, newline=False)
_type_name = type.__dict__["__name__"].__get__
# A native-order dtype for each wire dtype (the same object where the machine is little-endian), and the exact keys
# of an array's header: built once, not per array (a result can hold thousands of arrays: a course's spied updates).
_NATIVE = {k: (d if d.newbyteorder("=") == d else d.newbyteorder("=")) for k, d in _WIRE_DTYPES.items()}
_ND_B64, _ND_AT = frozenset({"t", "dtype", "shape", "b64"}), frozenset({"t", "dtype", "shape", "at"})
_F8, _I8, _B1 = _WIRE_DTYPES["<f8"], _WIRE_DTYPES["<i8"], _WIRE_DTYPES["|b1"]


def _a2b_checked(text):
    """Base64 text to bytes, refusing any character outside the alphabet (Python 3.10's b64decode(validate=True))."""
    return _b64d(text.encode("ascii"), validate=True)


try:  # Python 3.11+: b64decode(validate=True) is exactly this call, without its wrappers
    binascii.a2b_base64("", strict_mode=True)
    _a2b = functools.partial(binascii.a2b_base64, strict_mode=True)
except TypeError:
    _a2b = _a2b_checked


class WireError(ValueError):
    """A frame or value that does not follow the wire format."""


# ---------------------------------------------------------------- frames


def header(size: int) -> bytes:
    """The length prefix of a message of `size` bytes."""
    if size > MAX_FRAME:
        raise WireError("message too large")
    return _HEADER.pack(size)


def frame(payload: bytes) -> bytes:
    """Length-prefix one message."""
    return header(len(payload)) + payload


def write_all(fd: int, data: bytes) -> None:
    """Blocking write of all of data to fd."""
    view = memoryview(data)
    while view:
        view = view[os.write(fd, view):]


def read_exact(fd: int, count: int) -> bytes | None:
    """Blocking read of exactly count bytes; None on end of file."""
    parts, need = [], count
    while need:
        chunk = os.read(fd, min(need, 1 << 20))
        if not chunk:
            return None
        parts.append(chunk)
        need -= len(chunk)
    return b"".join(parts)


def read_frame(fd: int) -> bytes | None:
    """Blocking read of one message (child side); None on end of file."""
    head = read_exact(fd, _HEADER.size)
    if head is None:
        return None
    (size,) = _HEADER.unpack(head)
    if size > MAX_FRAME:
        raise WireError("message too large")
    return read_exact(fd, size)


class FrameReader:
    """Incremental, bounded parser of length-prefixed messages (parent side).

    Frames that arrived before a bound was crossed are still delivered: `feed` returns them and records the
    error in `error`, so a child's first, trusted message is never lost behind the junk that follows it.
    """

    def __init__(self, max_frame: int = MAX_FRAME, max_total: int = 4 * MAX_FRAME):
        self._buf = bytearray()
        self._max_frame, self._left = max_frame, max_total
        self.error, self.received = "", 0

    def feed(self, data: bytes) -> list[bytes]:
        """Add bytes; return the complete messages; after a bound is crossed, `error` says which (and stays)."""
        if self.error:
            return []
        out: list[bytes] = []
        self.received += len(data)
        self._left -= len(data)
        self._buf += data[:max(len(data) + min(self._left, 0), 0)]
        while len(self._buf) >= _HEADER.size:
            (size,) = _HEADER.unpack_from(self._buf)
            if size > self._max_frame:
                self.error = "message too large"
                break
            if len(self._buf) < _HEADER.size + size:
                break
            out.append(bytes(self._buf[_HEADER.size:_HEADER.size + size]))
            del self._buf[:_HEADER.size + size]
        if self._left < 0 and not self.error:
            self.error = "result channel exceeded its total size"
        if self.error:
            self._buf = bytearray()
        return out


def count_values(data: bytes) -> int:
    """An upper bound on the JSON values in a message, found without parsing it (C-speed byte counts)."""
    return data.count(b"[") + data.count(b"{") + data.count(b",") + 1


def dumps(obj) -> bytes:
    """Compact ASCII JSON of plain data."""
    return "".join(_ENCODE(obj, 0)).encode("ascii")


def _reject_constant(name):
    raise WireError(f"non-standard JSON constant {name}")


def _pairs(pairs):
    out = dict(pairs)
    if _len(out) != _len(pairs):
        raise WireError("duplicate key")
    return out


def loads(data: bytes, max_values: int | None = None):
    """Strict JSON: ASCII only, no NaN/Infinity, no duplicate keys, at most max_values values; WireError otherwise."""
    if max_values is not None and count_values(data) > max_values:
        raise WireError(f"message holds more than {max_values} values")
    try:
        return _DECODER.decode(data.decode("ascii"))
    except (UnicodeDecodeError, json.JSONDecodeError, RecursionError, ValueError) as err:
        raise WireError(f"malformed message: {type(err).__name__}") from None


def _not_plain(obj):
    raise TypeError(f"{type(obj).__name__} is not plain data")


# Built once: json.dumps and json.loads with options build a new encoder or decoder per call, which left garbage
# (the decoder's scanner refers back to it) that a child touched fresh pages for on every case, a copy-on-write
# fault each, until the collector ran. No circular check: messages are trees the grader or to_wire just built.
_ENCODE = json.encoder.c_make_encoder(None, _not_plain, json.encoder.encode_basestring_ascii, None, ":", ",",
                                      False, False, False) if json.encoder.c_make_encoder else \
    (lambda obj, level: json.dumps(obj, ensure_ascii=True, allow_nan=False, separators=(",", ":")))
_DECODER = json.JSONDecoder(parse_constant=_reject_constant, object_pairs_hook=_pairs)
MAX_VALUES = 4 * MAX_NODES + 1024  # values one message may hold: a value of MAX_NODES nodes, tags included


# ---------------------------------------------------------------- values: Python -> wire (child side)


def _opaque(name: str) -> dict:
    return {"t": "opaque", "type": name[:MAX_TYPE_NAME]}


def _float_wire(x: float):
    if x != x:
        return {"t": "f", "v": "nan"}
    if x in (float("inf"), float("-inf")):
        return {"t": "f", "v": "inf" if x > 0 else "-inf"}
    return x


def _array_wire(a: np.ndarray, blobs: list | None = None) -> dict:
    kind = a.dtype.kind
    if a.size > MAX_ELEMENTS or a.ndim > MAX_DEPTH:
        return _opaque("ndarray (too large)")
    if kind == "b":
        wire, dt = _ascontig(a, dtype=_B1), "|b1"
    elif kind == "f":
        wire, dt = _ascontig(a, dtype=_F8), "<f8"
    elif kind in "iu":
        if kind == "u" and a.size and a.dtype.itemsize == 8 and int(a.max()) > _INT64[1]:
            return _opaque("ndarray (uint64 out of range)")
        wire, dt = _ascontig(a, dtype=_I8), "<i8"
    else:
        return _opaque(f"ndarray ({a.dtype.str})")
    shape = [_int(n) for n in a.shape]
    if blobs is not None:  # the grader's cases: raw bytes after the JSON, referenced by offset and length
        raw = wire.tobytes()
        blobs.append(raw)
        return {"t": "nd", "dtype": dt, "shape": shape, "at": [sum(map(len, blobs)) - len(raw), len(raw)]}
    return {"t": "nd", "dtype": dt, "shape": shape, "b64": _b2a(wire.tobytes(), newline=False).decode("ascii")}


def to_wire(x, budget: list | None = None, depth: int = 0, blobs: list | None = None):
    """Convert a value into tagged plain data using exact type checks only; never runs code of unknown types.

    With `blobs` (the grader encoding a case), arrays' bytes are appended there instead of inlined in base64:
    see `case_payload`. The child's results never use it.
    """
    budget = [MAX_NODES] if budget is None else budget
    budget[0] -= 1
    t = _type(x)
    if x is None or t is bool:
        return x
    if t is int:
        return x if x.bit_length() <= 4000 else _opaque("int (too large)")
    if t is float:
        return _float_wire(x)
    if t is str:
        return x if _len(x) <= MAX_STR else _opaque("str (too long)")
    if t is np.bool_:
        return bool(x)
    if t in _NP_FLOATS:
        return _float_wire(_float(x))
    if t in _NP_INTS:
        return _int(x)
    if budget[0] < 0 or depth >= MAX_DEPTH:
        return _opaque(f"{_type_name(t)} (too large or too deep)")
    if t is np.ndarray:
        return _array_wire(x, blobs)
    if t is list or t is tuple:
        items = _list(x)
        if _len(items) > budget[0]:
            return _opaque(f"{_type_name(t)} (too large)")
        items = [to_wire(v, budget, depth + 1, blobs) for v in items]
        return items if t is list else {"t": "tuple", "v": items}
    if t is dict:
        pairs = _list(dict.items(x))
        if _len(pairs) > budget[0]:
            return _opaque("dict (too large)")
        if not all(_type(k) is str for k, _ in pairs):
            return _opaque("dict (non-str keys)")
        return {"t": "dict", "v": {k: to_wire(v, budget, depth + 1, blobs) for k, v in pairs}}
    return _opaque(_type_name(t))


def case_payload(head: bytes, blobs: list) -> bytes:
    """A message of JSON `head` followed by raw array bytes: JSON never holds a NUL byte, so the first one ends it."""
    return head + b"\0" + b"".join(blobs) if blobs else head


def split_payload(data: bytes) -> tuple[bytes, memoryview]:
    """(the JSON head, the raw bytes after it) of a message built by case_payload."""
    end = data.find(b"\0")
    return (data, memoryview(b"")) if end < 0 else (data[:end], memoryview(data)[end + 1:])


# ---------------------------------------------------------------- values: wire -> Python (both sides, strict)


def _clean_str(s: str) -> str:
    if _len(s) > MAX_STR:
        raise WireError("string too long")
    try:
        s.encode("utf-8")
        return s
    except UnicodeEncodeError:
        return s.encode("utf-8", "replace").decode("utf-8")


def _expect_keys(v: dict, keys: set) -> None:
    if set(v) != keys:
        raise WireError(f"bad keys for tag {v.get('t')!r}")


def _array_from_wire(v: dict, blob: memoryview | None = None) -> np.ndarray:
    referenced = blob is not None and "at" in v  # a case's array: raw bytes after the JSON
    if v.keys() != (_ND_AT if referenced else _ND_B64):
        raise WireError(f"bad keys for tag {v.get('t')!r}")
    dt, shape = v["dtype"], v["shape"]
    dtype = _WIRE_DTYPES.get(dt) if type(dt) is str else None
    if dtype is None or type(shape) is not list:
        raise WireError("bad array header")
    if len(shape) == 1 and type(shape[0]) is int:  # the common case, a vector: the same checks, fewer calls
        count = shape[0]
        if not 0 <= count <= MAX_ELEMENTS:
            raise WireError("bad array shape")
    else:
        if len(shape) > MAX_DEPTH or not all(type(n) is int and 0 <= n <= MAX_ELEMENTS for n in shape):
            raise WireError("bad array shape")
        count = math.prod(shape)  # Python ints: exact, and 1 for a scalar's empty shape
        if count > MAX_ELEMENTS:
            raise WireError("array too large")
    raw = _array_bytes(v, blob) if referenced else _array_b64(v)
    if len(raw) != count * dtype.itemsize:
        raise WireError("array payload does not match its shape")
    if dt == "|b1" and count and int(_frombuffer(raw, dtype=np.uint8).max()) > 1:
        raise WireError("bool array holds values other than 0 and 1")
    native = _NATIVE[dt]
    out = _frombuffer(raw, dtype=dtype)
    out = out.copy() if native is dtype else out.astype(native, copy=True)  # a writable copy in native order
    return out if len(shape) == 1 else out.reshape(shape)


def _array_bytes(v: dict, blob: memoryview) -> memoryview:
    """A case's array bytes: a slice of the raw bytes after the message's JSON."""
    at = v["at"]
    if type(at) is not list or len(at) != 2 or not all(type(n) is int and n >= 0 for n in at) \
            or at[0] + at[1] > len(blob):
        raise WireError("bad array reference")
    return blob[at[0]:at[0] + at[1]]


def _array_b64(v: dict) -> bytes:
    if type(v["b64"]) is not str:
        raise WireError("bad array header")
    try:
        return _a2b(v["b64"])
    except (binascii.Error, ValueError):
        raise WireError("bad array payload") from None


def from_wire(v, opaque, depth: int = 0, blob: memoryview | None = None):
    """Decode tagged plain data strictly; `opaque(type_name)` builds the marker for opaque values; `blob`: the
    raw bytes after a case's JSON (child side only; the grader decodes results without it)."""
    if depth > MAX_DEPTH + 1:
        raise WireError("value nested too deeply")
    t = type(v)
    if v is None or t is bool or t is int or t is float:
        return v
    if t is str:
        return _clean_str(v)
    if t is list:
        return [from_wire(e, opaque, depth + 1, blob) for e in v]
    if t is not dict:
        raise WireError("unexpected JSON type")
    tag = v.get("t")
    if tag == "f":
        _expect_keys(v, {"t", "v"})
        if type(v["v"]) is not str or v["v"] not in _SPECIAL:
            raise WireError("bad special float")
        return _SPECIAL[v["v"]]
    if tag == "nd":
        return _array_from_wire(v, blob)
    if tag == "tuple" and set(v) == {"t", "v"} and type(v["v"]) is list:
        return tuple(from_wire(e, opaque, depth + 1, blob) for e in v["v"])
    if tag == "dict" and set(v) == {"t", "v"} and type(v["v"]) is dict:
        return {_clean_str(k): from_wire(e, opaque, depth + 1, blob) for k, e in v["v"].items()}
    if tag == "opaque" and set(v) == {"t", "type"} and type(v["type"]) is str:
        return opaque(_clean_str(v["type"][:MAX_TYPE_NAME]))
    raise WireError(f"unknown tag {str(tag)[:40]!r}")


# ---------------------------------------------------------------- bounded capture of stdout / stderr


class Capture:
    """Keeps the first and last `keep // 2` bytes of a stream and counts what was dropped."""

    def __init__(self, keep: int):
        self._half = max(keep // 2, 0)
        self.head, self.tail, self.dropped, self.total = bytearray(), bytearray(), 0, 0

    def add(self, data: bytes) -> None:
        """Account for a chunk of output."""
        self.total += len(data)
        room = self._half - len(self.head)
        if room > 0:
            self.head += data[:room]
            data = data[room:]
        if not data:
            return
        self.tail += data[-self._half:] if self._half else b""
        overflow = len(self.tail) - self._half
        if overflow > 0:
            del self.tail[:overflow]
        self.dropped = self.total - len(self.head) - len(self.tail)

    def text(self, note: str = "") -> str:
        """Head, a marker with the dropped byte count, and tail, decoded leniently."""
        middle = f"\n[... {self.dropped} bytes dropped ...]\n" if self.dropped else ""
        body = (bytes(self.head) + middle.encode() + bytes(self.tail)).decode("utf-8", "replace")
        return body + (f"\n[{note}]\n" if note else "")

"""Child-side harness: load the submission from source bytes, call it once per case, report plain values (standalone)."""

# Loaded by path by zygote.py inside the sandboxed child, after isolation: stdlib and numpy only.
import base64
import linecache
import sys
import traceback
import types

import numpy as np

channel = None  # the wire-format module, set by bind() (this file is loaded by path, not imported)


def bind(wire) -> None:
    """Give the harness the channel module the zygote loaded."""
    global channel
    channel = wire


def _no_opaque(name: str):
    raise channel.WireError(f"opaque input {name}")


def describe(exc: BaseException, source_file: str | None = None) -> str:
    """Traceback of a submission's exception without harness frames, bounded to its last 2 KiB."""
    try:
        tb = exc.__traceback__
        while tb is not None and tb.tb_frame.f_code.co_filename != source_file:
            tb = tb.tb_next
        text = "".join(traceback.format_exception(type(exc), exc, tb if source_file else None))
    except BaseException:  # noqa: BLE001 - the submission's __str__ may raise anything
        text = f"{channel._type_name(type(exc))}: <unprintable>"
    return text[-2048:]


class Harness:
    """Runs inside the sandboxed child: load the submission from source bytes, then one call per case message."""

    def __init__(self):
        self.func, self.filename = None, "submission.py"

    def send(self, obj) -> None:
        channel.write_all(4, channel.frame(channel.dumps(obj)))

    def recv(self):
        data = channel.read_frame(3)
        return None if data is None else channel.loads(data)

    def main(self) -> None:
        sys.stdin = open(0, encoding="utf-8", closefd=False)
        sys.stdout = open(1, "w", encoding="utf-8", errors="backslashreplace", closefd=False)
        sys.stderr = open(2, "w", encoding="utf-8", errors="backslashreplace", closefd=False)
        self.send({"k": "ready"})
        msg = self.recv()
        if msg is None or msg.get("k") != "load":
            return
        status, error = self.load(base64.b64decode(msg["source"]), msg["filename"], msg["function"])
        flush()
        self.send({"k": "load", "nonce": msg["nonce"], "status": status, "error": error})
        while status == "ok" and (msg := self.recv()) is not None:
            reply = self.case(msg)
            flush()
            self.send(reply)

    def load(self, source: bytes, filename: str, function: str) -> tuple[str, str]:
        self.filename, sys.argv = filename, [filename]
        try:
            code = compile(source, filename, "exec", dont_inherit=True)
        except MemoryError:
            return "memory", "MemoryError while compiling"
        except (SyntaxError, ValueError, RecursionError) as exc:
            return "syntax-error", describe(exc)
        linecache.cache[filename] = (len(source), None, source.decode("utf-8", "replace").splitlines(True), filename)
        module = types.ModuleType("submission")
        module.__file__ = filename
        sys.modules["submission"] = module
        try:
            exec(code, module.__dict__)  # noqa: S102 - this is the sandboxed child
        except MemoryError:
            return "memory", "MemoryError while importing"
        except BaseException as exc:  # noqa: BLE001 - anything the submission raises at import
            return "import-error", describe(exc, filename)
        self.func = module.__dict__.get(function)
        if self.func is None or not callable(self.func):
            return "missing-function", f"no function named {function}"
        return "ok", ""

    def case(self, msg: dict) -> dict:
        args = channel.from_wire(msg["args"], _no_opaque)
        kwargs = channel.from_wire(msg["kwargs"], _no_opaque)
        before = _snapshot([args, kwargs])
        reply = {"k": "case", "nonce": msg["nonce"], "status": "returned", "value": None, "error": ""}
        try:
            result = self.func(*args, **kwargs)
            reply["value"] = channel.to_wire(result)
        except MemoryError:
            reply["status"], reply["error"] = "memory", "MemoryError"
        except BaseException as exc:  # noqa: BLE001 - the submission's own exception is its verdict
            reply["status"], reply["error"] = "raised", describe(exc, self.filename)
        reply["mutated"] = not _same(before, [args, kwargs])
        return reply


def _snapshot(x):
    """A private copy of the decoded arguments (arrays copied; dicts, lists and tuples rebuilt; scalars kept)."""
    if type(x) is np.ndarray:
        return x.copy()
    if type(x) is dict:
        return {k: _snapshot(v) for k, v in x.items()}
    if type(x) in (list, tuple):
        return type(x)(_snapshot(v) for v in x)
    return x


def _same(snap, now) -> bool:
    """Whether the arguments still equal their snapshot (same types, shapes, dtypes and values)."""
    if type(snap) is np.ndarray:
        return (type(now) is np.ndarray and now.shape == snap.shape and now.dtype == snap.dtype
                and bool(np.array_equal(now, snap)))
    if type(snap) is dict:
        return type(now) is dict and now.keys() == snap.keys() and all(_same(snap[k], now[k]) for k in snap)
    if type(snap) in (list, tuple):
        return type(now) is type(snap) and len(now) == len(snap) and all(_same(a, b) for a, b in zip(snap, now))
    return type(now) is type(snap) and now == snap


def flush() -> None:
    for stream in (sys.stdout, sys.stderr):
        try:
            stream.flush()
        except BaseException:  # noqa: BLE001 - the submission may have replaced or broken the stream
            pass

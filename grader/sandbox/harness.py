"""Child-side harness: load the submission from source bytes, call it once per case, report plain values (standalone)."""

# Loaded by path by zygote.py inside the sandboxed child, after isolation: stdlib and numpy only.
import base64
import importlib.util
import inspect
import linecache
import os
import signal
import sys
import traceback
import types

import numpy as np

channel = None  # the wire-format module, set by bind() (this file is loaded by path, not imported)
MAX_HOOK_RECORDS = 2000  # (θ, θ₀) pairs a recorder keeps; later calls are counted only


def _sibling(name: str):
    """Load grader/sandbox/<name>.py by path (at the zygote's start, before any submission runs)."""
    spec = importlib.util.spec_from_file_location(f"_rosenblatt_{name}", os.path.join(os.path.dirname(__file__),
                                                                                       f"{name}.py"))
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


course = _sibling("course")
course.nn = _sibling("coursenn")  # the course modules' nn block, loaded by path like every sibling
split = _sibling("split")
standins = _sibling("standins")
spying = _sibling("spying")


def bind(wire) -> None:
    """Give the harness the channel module the zygote loaded."""
    global channel
    channel = wire
    split.bind(wire)


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
        self.func, self.filename, self.module = None, "submission.py", None
        self.blob = memoryview(b"")
        self.feed = course.Feed()

    def send(self, obj) -> None:
        channel.write_all(4, channel.frame(channel.dumps(obj)))

    def recv(self):
        """The next message; a case's raw array bytes (after its JSON) are kept in self.blob."""
        data = channel.read_frame(3)
        if data is None:
            return None
        head, self.blob = channel.split_payload(data)
        return channel.loads(head)

    def main(self) -> None:
        sys.stdin = open(0, encoding="utf-8", closefd=False)
        sys.stdout = open(1, "w", encoding="utf-8", errors="backslashreplace", closefd=False)
        sys.stderr = open(2, "w", encoding="utf-8", errors="backslashreplace", closefd=False)
        self.send({"k": "ready"})
        msg = self.recv()
        if msg is None or msg.get("k") != "load":
            return
        status, error = self.load(base64.b64decode(msg["source"]), msg["filename"], msg["function"], msg.get("setup"))
        flush()
        if status == "ok" and msg.get("split") is True and not split.visible():
            self.send({"k": "sealed", "nonce": msg["nonce"]})  # this process now takes the hidden cases
        else:
            self.send({"k": "load", "nonce": msg["nonce"], "status": status, "error": error})
        while status == "ok" and (msg := self.recv()) is not None:
            if msg.get("k") == "end":  # the visible child's last message (its parent goes on)
                flush()
                os._exit(channel.EXIT_END)
            reply = self.case(msg)
            flush()
            self.send(reply)

    def load(self, source: bytes, filename: str, function: str, setup=None) -> tuple[str, str]:
        self.filename, sys.argv = filename, [filename]
        names = _names(function, setup)
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
        for name, spec in (setup or {}).get("modules", {}).items():  # course modules the file imports
            course.install(name, course.build_module(name, spec, self.feed))
        _installed_libraries((setup or {}).get("requires", []))
        standins.install((setup or {}).get("stand_ins", []), (setup or {}).get("legacy", False), filename)
        late = ""  # driver code that failed after the graded functions were defined (a course data file, ...)
        try:
            exec(code, module.__dict__)  # noqa: S102 - this is the sandboxed child
        except MemoryError:
            return "memory", "MemoryError while importing"
        except BaseException as exc:  # noqa: BLE001 - anything the submission raises at import
            if not any(callable(module.__dict__.get(name)) for name in names):
                return "import-error", describe(exc, filename)
            late = describe(exc, filename)
        self.module, self.func = module, module.__dict__.get(function)
        if (setup or {}).get("quiet") is True and "print" not in module.__dict__:  # after the import, whose output
            module.__dict__["print"] = quiet_print  # a report may show; the file's own `print` wins
        if not any(callable(module.__dict__.get(name)) for name in names):
            return "missing-function", f"no function named {' or '.join(names)}"
        return "ok", late

    def case(self, msg: dict) -> dict:
        args = channel.from_wire(msg["args"], _no_opaque, blob=self.blob)
        kwargs = channel.from_wire(msg["kwargs"], _no_opaque, blob=self.blob)
        before = _snapshot([args, kwargs])
        reply = {"k": "case", "nonce": msg["nonce"], "status": "returned", "value": None, "error": ""}
        plan = msg.get("plan")
        try:
            standins.calling(True)
            try:
                result = self.func(*args, **kwargs) if plan is None else self.run_plan(plan, args, kwargs)
            finally:
                standins.calling(False)
            reply["value"] = channel.to_wire(result)
        except MemoryError:
            reply["status"], reply["error"] = "memory", "MemoryError"
        except BaseException as exc:  # noqa: BLE001 - the submission's own exception is its verdict
            reply["status"], reply["error"] = "raised", describe(exc, self.filename)
        reply["mutated"] = not _same(before, [args, kwargs])
        return reply

    def run_plan(self, plan, args, kwargs):
        """Run a case's plan: a call with a hook recorder, or a class built and its methods called in sequence."""
        if type(plan) is dict and plan.get("kind") == "inspect":
            return spying.signatures(self.module, plan.get("names"))
        if type(plan) is not dict or plan.get("kind") not in ("call", "class") or type(plan.get("name")) is not str:
            raise channel.WireError("malformed plan")
        names = plan.get("names") or [plan["name"]]  # the course's accepted names: whichever the file defines
        if type(names) is not list or not all(type(n) is str for n in names):
            raise channel.WireError("malformed plan")
        target = next((v for v in map(self.module.__dict__.get, names) if callable(v)), None)
        if target is None:
            raise NameError(f"the file does not define {' or '.join(names)}")
        if plan["kind"] == "call":
            if plan.get("script") is not None:  # main(args): the course module's data, then the namespace
                args = _script_args(self.feed, self.module, plan["script"], args)
            return _call(target, plan, args, kwargs, self.module)
        return self._class(target, plan, args)

    def _class(self, cls, plan, args):
        x, y = args[plan["stream"]] if plan.get("stream") is not None else (None, None)
        self.feed.reset(x, y, plan["values"], plan["weights"], int(plan["seed"]))
        obj = cls(*args[plan["init"]])
        self.feed.model = obj  # the course's monitor reads this model's weights after each pass
        kept = []
        for step in plan["steps"]:
            wraps = step.get("wrap", {})
            call = [course.wrap(v, wraps.get(str(i), ""), plan["values"], self.feed)
                    for i, v in enumerate(args[step["a"]])]
            result = getattr(obj, step["m"])(*call)
            if step.get("keep"):
                kept.append(course.unwrap(result))
        return {"kept": kept, "passes": self.feed.passes, "pass_count": self.feed.pass_count}


def _script_args(feed, module, at, args) -> list:
    """Feed the case's data to the course modules and put the script's argparse namespace in its place."""
    if type(at) is not int or not 0 <= at < len(args) or type(args[at]) not in (list, tuple):
        raise channel.WireError("malformed plan")
    values, (x, y) = args[at]
    feed.reset(x, y, "arrays", "", 0)
    args = list(args)
    args[at] = course.namespace(module, values)
    return args


def _installed_libraries(required) -> None:
    """A course that requires an installed library (PyTorch) imports it from the grader's environment: numpy's
    site directory, which the sandbox's root already holds read-only, goes back on sys.path (a checkout's own
    virtual environment is otherwise dropped from it with the checkout)."""
    if type(required) is not list or not required:
        return
    site = os.path.dirname(os.path.dirname(np.__file__))
    if site not in sys.path:
        sys.path.append(site)


def _names(function, setup) -> list:
    names = (setup or {}).get("names") or [function]
    if type(names) is not list or not all(type(n) is str for n in names):
        raise channel.WireError("malformed setup")
    return names


class Recorder:
    """A hook students call after each update with (θ, θ₀): keeps copies, so later changes do not show."""

    def __init__(self, limit: int = MAX_HOOK_RECORDS):
        self.records, self.calls, self.arities, self.limit = [], 0, [], limit

    def __call__(self, *args, **kwargs):
        self.calls += 1
        if len(args) + len(kwargs) not in self.arities and len(self.arities) < 8:
            self.arities.append(len(args) + len(kwargs))  # the course calls hook((th, th0)): one argument
        if len(self.records) >= self.limit:
            return None
        value = args[0] if len(args) == 1 else args
        try:
            self.records.append([np.array(v, dtype=np.float64) for v in list(value)[:2]])
        except BaseException:  # noqa: BLE001 - whatever the student passed, the record is just missing
            self.records.append(None)
        return None


def _call(func, plan, args, kwargs, module=None):
    """Call a function, with a recorder in place of the None the grader put where the hook goes, and the student's
    own update helper wrapped to record its calls (the plan's `spy` names)."""
    path = plan.get("hook")
    if path is None and not plan.get("spy"):
        return func(*args, **kwargs)
    args = list(args)
    keep = plan.get("records")
    keep = keep if type(keep) is int and 0 <= keep <= MAX_HOOK_RECORDS else MAX_HOOK_RECORDS
    recorder, holder, spy = Recorder(keep), None, spying.Spy(module, plan.get("spy"), keep)
    if path is not None and len(path) == 2 and path[0] == "kwargs" and not _takes(func, path[1]):
        kwargs = {k: v for k, v in kwargs.items() if k != path[1]}  # an optional hook the function does not take
        path = None  # (the course's own code calls it without one)
    if path is not None:
        holder = {"args": args, "kwargs": kwargs}[path[0]]
        for key in path[1:-1]:
            holder = holder[key]
        holder[path[-1]] = recorder
    try:
        result = func(*args, **kwargs)
    finally:
        spy.restore()
        if holder is not None:
            holder[path[-1]] = None  # the inputs are compared with their snapshot afterwards
    return {"result": result, "hooks": recorder.records, "hook_calls": recorder.calls, "spied": spy.records,
            "spied_calls": spy.calls, "hook_arities": recorder.arities}


def _takes(func, name: str) -> bool:
    """Whether a call can pass `name` by keyword (a parameter of that name, or **kwargs); True when unknown."""
    try:
        params = inspect.signature(func).parameters.values()
    except BaseException:  # noqa: BLE001 - a builtin, or a hostile __signature__: call it as the course would
        return True
    return any(p.kind is p.VAR_KEYWORD or (p.name == name and p.kind is not p.POSITIONAL_ONLY) for p in params)


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


def quiet_print(*values, sep=" ", end="\n", file=None, flush=False) -> None:
    """The submission's print in its graded calls where their output is never shown (a grading run with hidden
    cases): what it prints to its standard output is dropped without formatting the values (str() of an array at
    every visited point made a correct file that prints each step too slow on the large cases); a print to
    another file is Python's own."""
    if file is not None and file is not sys.stdout:
        print(*values, sep=sep, end=end, file=file, flush=flush)


def flush() -> None:
    for stream in (sys.stdout, sys.stderr):
        try:
            stream.flush()
        except BaseException:  # noqa: BLE001 - the submission may have replaced or broken the stream
            pass

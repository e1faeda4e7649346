"""Tests of the sandbox: values and statuses that come back, limits, isolation of strong and weak children."""

from __future__ import annotations

import math
import os
import sys
import textwrap

import numpy as np
import pytest
from hypothesis import given, settings, strategies as st

from rosenblatt.shared.errors import RosenblattError
from grader.sandbox import box as box_module, channel, CaseInput, Limits, Opaque, Sandbox, SandboxError

FAST = Limits(case_seconds=1.0, total_seconds=6.0, load_seconds=1.0)
X = np.array([[1.0, 0.5], [-0.5, -1.0], [0.25, 1.5]])
Y = np.array([1, -1, 1])
CORRECT = b"""
import numpy as np
def perceptron(X, y, max_epochs=1000, offset=True):
    theta, theta0 = np.zeros(X.shape[1]), 0.0
    for _ in range(max_epochs):
        changed = False
        for i in range(len(y)):
            if y[i] * (X[i] @ theta + theta0) <= 0:
                theta = theta + y[i] * X[i]
                theta0 = theta0 + y[i] if offset else theta0
                changed = True
        if not changed:
            return theta, float(theta0), True
    return theta, float(theta0), False
"""


def src(text: str) -> bytes:
    return textwrap.dedent(text).encode()


def case(case_id="c", *args, seconds=None, **kwargs) -> CaseInput:
    return CaseInput(case_id, args or (X, Y), kwargs, seconds)


@pytest.fixture(scope="module")
def box():
    with Sandbox(FAST, env={"ROSENBLATT_VISIBLE": "yes"}) as sandbox:
        yield sandbox


WEAK_MARK = f"ROSENBLATT_TEST_MARK={os.getpid()}-weak"


@pytest.fixture(scope="module")
def weak():
    with Sandbox(FAST, isolation="weak", env=dict([WEAK_MARK.split("=")])) as sandbox:
        yield sandbox


def call(sandbox: Sandbox, body: str, *cases: CaseInput, function="f"):
    run = sandbox.run(src(body), "student.py", function, cases or (case(),))
    assert run.load_status == "ok", run.load_error
    return run.outcomes


def value(sandbox: Sandbox, body: str, *cases: CaseInput):
    outcome = call(sandbox, body, *cases)[0]
    assert outcome.status == "returned", outcome.error
    return outcome.value


# ---------------------------------------------------------------- values


def test_correct_submission_returns_exact_values(box):
    run = box.run(CORRECT, "alice.py", "perceptron", [case("a"), case("b", offset=False)])
    assert run.load_status == "ok" and run.isolation in ("strong", "weak")
    theta, theta0, converged = run.outcomes[0].value
    assert type(theta) is np.ndarray and theta.dtype == np.float64 and theta.tolist() == [1.5, 1.5]
    assert type(theta0) is float and theta0 == 0.0 and converged is True
    assert [o.status for o in run.outcomes] == ["returned", "returned"] and not run.outcomes[0].mutated


def test_numpy_values_become_plain_values(box):
    got = value(box, """
        import numpy as np
        def f(X, y):
            return (np.arange(4, dtype=np.int32).reshape(2, 2), np.float32(0.5), np.int16(-3), np.bool_(True),
                    np.array([True, False]), np.zeros(2, dtype=np.float32), {"k": [None, "s", 2**70]},
                    np.zeros(2, dtype=complex), b"raw", object())
        """)
    ints, half, minus3, true, bools, f32, mapping, cplx, raw, obj = got
    assert ints.dtype == np.int64 and ints.tolist() == [[0, 1], [2, 3]]
    assert (type(half), half, type(minus3), minus3, true) == (float, 0.5, int, -3, True)
    assert bools.dtype == np.bool_ and f32.dtype == np.float64 and mapping == {"k": [None, "s", 2**70]}
    assert cplx == Opaque("ndarray (<c16)") and raw == Opaque("bytes") and obj == Opaque("object")


def test_special_floats_round_trip_exactly(box):
    got = value(box, """
        import numpy as np
        def f(X, y):
            return [float("nan"), float("inf"), -0.0, 0.1 + 0.2, 5e-324], np.array([np.nan, -np.inf, 1e308])
        """)
    assert math.isnan(got[0][0]) and got[0][1] == math.inf and math.copysign(1, got[0][2]) == -1
    assert got[0][3] == 0.1 + 0.2 and got[0][4] == 5e-324
    assert np.isnan(got[1][0]) and got[1][1] == -np.inf and got[1][2] == 1e308


def test_subclasses_and_liars_are_opaque(box):
    got = value(box, """
        import numpy as np
        class F(float):
            def __eq__(self, other): return True
        class A(np.ndarray): pass
        def f(X, y):
            return F(1.0), np.zeros(2).view(A), True.__class__(1)
        """)
    assert got == (Opaque("F"), Opaque("A"), True)


def test_inputs_are_private_copies_and_mutation_is_reported(box):
    outcomes = call(box, """
        def f(X, y):
            X[0, 0] = 99.0
            return float(X[1, 0])
        """, case("a"), case("b"))
    assert [o.mutated for o in outcomes] == [True, True] and outcomes[1].value == -0.5
    assert X[0, 0] == 1.0


def test_keyword_arguments_and_dicts(box):
    got = value(box, "def f(X, y, params=None, offset=True):\n    return params, offset",
                case("a", params={"eta": 0.5, "w": np.array([1, 2])}, offset=False))
    assert got[0]["eta"] == 0.5 and got[0]["w"].dtype == np.int64 and got[1] is False


# ---------------------------------------------------------------- statuses


@pytest.mark.parametrize("body, status", [
    ("def f(:\n", "syntax-error"),
    ("raise ValueError('at import')\n", "import-error"),
    ("g = 1\n", "missing-function"),
    ("f = 3\n", "missing-function"),
    ("x = bytearray(8 << 30)\n", "memory"),
    ("while True:\n    pass\n", "timeout"),
    ("import os\nos._exit(4)\n", "crashed"),
])
def test_load_statuses(box, body, status):
    run = box.run(body.encode(), "student.py", "f", [case()])
    assert run.load_status == status
    assert [o.status for o in run.outcomes] == ["not-run"]


def test_exception_gives_traceback_of_the_submission_only(box):
    outcome = call(box, "def f(X, y):\n    return 1 / 0\n")[0]
    assert outcome.status == "raised" and outcome.error.rstrip().endswith("ZeroDivisionError: division by zero")
    assert 'File "student.py", line 2, in f' in outcome.error and "zygote" not in outcome.error


def test_a_dead_case_does_not_take_the_others_with_it(box):
    outcomes = call(box, """
        import os, time
        def f(X, y, mode):
            if mode == "crash":
                os._exit(3)
            if mode == "hang":
                time.sleep(60)
            return mode
        """, case("a", mode="crash"), case("b", mode="ok"), case("c", mode="hang", seconds=0.3), case("d", mode="ok"))
    assert [o.status for o in outcomes] == ["crashed", "returned", "timeout", "returned"]
    assert "code 3" in outcomes[0].error and outcomes[2].seconds < 1.0


def test_total_budget_leaves_the_rest_not_run():
    with Sandbox(Limits(case_seconds=0.4, total_seconds=1.0, load_seconds=0.5)) as sandbox:
        sleeper = b"import time\ndef f(X, y):\n    time.sleep(5)\n"
        run = sandbox.run(sleeper, "s.py", "f", [case(str(i)) for i in range(6)])
    statuses = [o.status for o in run.outcomes]
    assert statuses[:2] == ["timeout", "timeout"] and statuses[-1] == "not-run" and run.seconds < 3.0


def test_output_is_bounded_head_and_tail(box):
    run = box.run(src("""
        import sys
        print("FIRST")
        def f(X, y):
            for i in range(200_000):
                print(i)
            print("LAST", file=sys.stderr)
        """), "s.py", "f", [case()])
    assert run.stdout.startswith("FIRST") and "bytes dropped" in run.stdout and run.stdout.rstrip().endswith("199999")
    assert len(run.stdout) < 9000 and run.stderr.strip() == "LAST"


def test_unsupported_argument_is_a_grader_error(box):
    with pytest.raises(SandboxError) as err:
        box.run(CORRECT, "s.py", "perceptron", [CaseInput("c", (object(),), {})])
    assert isinstance(err.value, RosenblattError) and err.value.exit_code == 3


def test_bad_isolation_name():
    with pytest.raises(SandboxError):
        Sandbox(isolation="paranoid")


# ---------------------------------------------------------------- isolation


PROBE = """
    import os, socket, sys
    def f(X, y):
        caps = [line.split()[1] for line in open("/proc/self/status") if line.startswith(("CapEff", "CapPrm"))]
        found = {"uid": os.getuid(), "pid": os.getpid(), "cwd": os.getcwd(), "env": dict(os.environ), "caps": caps,
                 "mods": sorted(m for m in sys.modules if m.split(".")[0] in ("grader", "exercises"))}
        for path in ("/work", "__PROJECT__", "__TESTFILE__", "/etc/shadow", "/proc/1/environ", "__ZYGOTE__"):
            found[path] = os.path.exists(path)
        for path in ("/rosenblatt-probe", "/tmp/x", "/usr/rosenblatt-probe"):
            try:
                open(path, "w").write("x")
                found[path] = "written"
            except OSError as err:
                found[path] = type(err).__name__
        try:
            socket.create_connection(("127.0.0.1", 22), timeout=0.2)
            found["net"] = "connected"
        except OSError as err:
            found["net"] = type(err).__name__
        try:
            import grader
            found["import"] = "imported"
        except ImportError:
            found["import"] = "blocked"
        return found
    """


def probe(sandbox: Sandbox) -> dict:
    zygote = os.path.join(os.path.dirname(os.path.dirname(os.path.abspath(__file__))), "grader", "zygote.py")
    project = os.path.join(os.path.dirname(os.path.dirname(os.path.abspath(__file__))), "pyproject.toml")
    return value(sandbox, PROBE.replace("__ZYGOTE__", zygote).replace("__TESTFILE__", os.path.abspath(__file__))
                 .replace("__PROJECT__", project))


def test_strong_child_sees_a_minimal_read_only_world(box):
    if box.isolation != "strong":
        pytest.skip(f"strong isolation unavailable: {box.isolation_note}")
    found = probe(box)
    assert found["pid"] == 1 and found["cwd"] == "/tmp" and found["mods"] == [] and found["import"] == "blocked"
    project = os.path.join(os.path.dirname(os.path.dirname(os.path.abspath(__file__))), "pyproject.toml")
    # /work shows only where Python itself lives below it (README's .venv inside the checkout): the checkout's own
    # files never show
    venv_inside = sys.prefix.startswith("/work/")
    assert not any(found[p] for p in ("/work",) * (not venv_inside) + (project, os.path.abspath(__file__),
                                                                           "/etc/shadow"))
    assert not [k for k, v in found.items() if k.endswith("zygote.py") and v]
    assert found["/rosenblatt-probe"] == "OSError" and found["/usr/rosenblatt-probe"] == "OSError"
    assert found["/tmp/x"] == "written" and found["net"] != "connected"
    assert found["caps"] == ["0000000000000000"] * 2  # no capabilities left, whatever the uid
    with open("/proc/self/uid_map") as fh:
        full_root = fh.read().split() == ["0", "0", "4294967295"]
    if full_root:
        assert found["uid"] != 0  # real root drops to an unprivileged uid


def test_environment_is_scrubbed(box, monkeypatch):
    monkeypatch.setenv("ROSENBLATT_TEST_SECRET", "s3cr3t-env")
    env = probe(box)["env"]
    assert env["ROSENBLATT_VISIBLE"] == "yes" and "ROSENBLATT_TEST_SECRET" not in env
    assert "PATH" not in env and "PYTHONPATH" not in env


def test_strong_private_tmp_is_bounded_and_vanishes(box):
    if box.isolation != "strong":
        pytest.skip("strong isolation unavailable")
    body = """
        import os
        def f(X, y):
            before = os.listdir("/tmp")
            try:
                with open("/tmp/big", "wb") as fh:
                    for _ in range(64):
                        fh.write(b"x" * (1 << 20))
            except OSError as err:
                return before, type(err).__name__, os.path.getsize("/tmp/big")
            return before, "no error", 0
        """
    before, error, size = value(box, body)
    assert error == "OSError" and size <= FAST.max_file_bytes
    assert "big" not in value(box, body)[0]  # the next child starts with a fresh /tmp


def test_weak_child_is_reported_and_confined_by_process_limits(weak):
    assert weak.isolation == "weak" and "requested" in weak.isolation_note
    found = probe(weak)
    assert found["mods"] == [] and found["import"] == "blocked" and "ROSENBLATT_TEST_SECRET" not in found["env"]
    assert os.path.basename(os.path.dirname(found["cwd"])).startswith("rosenblatt-sandbox-")
    assert not os.path.exists(found["cwd"])  # the private temp dir is removed afterwards


def test_weak_detached_processes_are_killed(weak):
    run = weak.run(src("""
        import os, time
        def f(X, y):
            if os.fork() == 0:
                os.setsid()
                if os.fork() == 0:
                    time.sleep(3600)
                os._exit(0)
            return os.getpid()
        """), "s.py", "f", [case()])
    pid = run.outcomes[0].value
    assert run.outcomes[0].status == "returned" and not os.path.exists(f"/proc/{pid}")
    assert _marked_processes(weak) == []


def test_weak_zygote_killed_by_submission_is_restarted(weak):
    before = weak.zygote_pid
    run = weak.run(b"import os, time\ndef f(X, y):\n    os.kill(os.getppid(), 9)\n    time.sleep(0.5)\n", "s.py", "f",
                   [case("a"), case("b")])
    if run.outcomes[0].status == "raised":  # the child runs under another uid than the zygote: it may not kill it
        assert "PermissionError" in run.outcomes[0].error and weak.zygote_pid == before
        return
    assert [o.status for o in run.outcomes] == ["crashed", "crashed"]
    assert all("supervisor died" in o.error for o in run.outcomes)
    assert weak.run(CORRECT, "s.py", "perceptron", [case()]).outcomes[0].status == "returned"
    assert weak.zygote_pid != before and not os.path.exists(f"/proc/{before}")


def _marked_processes(sandbox: Sandbox) -> list[int]:
    marker, found = WEAK_MARK.encode(), []
    for name in filter(str.isdigit, os.listdir("/proc")):
        try:
            with open(f"/proc/{name}/environ", "rb") as fh:
                if marker in fh.read().split(b"\0") and int(name) != sandbox.zygote_pid:
                    found.append(int(name))
        except OSError:
            pass
    return found


def test_close_leaves_no_process():
    sandbox = Sandbox(FAST)
    zygote = sandbox.zygote_pid
    sandbox.run(b"import time\ndef f(X, y):\n    time.sleep(30)\n", "s.py", "f", [case(seconds=0.2)])
    sandbox.close()
    assert not os.path.exists(f"/proc/{zygote}")


# ---------------------------------------------------------------- the wire format itself

scalars = st.one_of(st.none(), st.booleans(), st.integers(-(2**80), 2**80), st.floats(allow_nan=False),
                    st.text(max_size=20))
values = st.recursive(scalars, lambda inner: st.one_of(
    st.lists(inner, max_size=4), st.tuples(inner, inner),
    st.dictionaries(st.text(max_size=5), inner, max_size=3)), max_leaves=20)


@settings(max_examples=150, deadline=None)
@given(values)
def test_wire_round_trip(v):
    assert channel.from_wire(channel.loads(channel.dumps(channel.to_wire(v))), Opaque) == v


@settings(max_examples=60, deadline=None)
@given(st.lists(st.floats(), max_size=6), st.lists(st.integers(-(2**63), 2**63 - 1), max_size=6))
def test_array_round_trip_is_bit_exact(floats, ints):
    for a in (np.array(floats, dtype=np.float64), np.array(ints, dtype=np.int64), np.array(floats, dtype=bool)):
        back = channel.from_wire(channel.loads(channel.dumps(channel.to_wire(a))), Opaque)
        assert back.dtype == a.dtype and back.tobytes() == a.tobytes() and back.flags.writeable


def _via_case_payload(v):
    """Encode as the grader encodes a case (arrays' bytes after the JSON) and decode as the child does."""
    blobs: list = []
    head, blob = channel.split_payload(channel.case_payload(channel.dumps(channel.to_wire(v, blobs=blobs)), blobs))
    return channel.from_wire(channel.loads(head), Opaque, blob=blob)


@settings(max_examples=60, deadline=None)
@given(st.lists(st.floats(), max_size=6), st.lists(st.integers(-(2**63), 2**63 - 1), max_size=6), values)
def test_case_payload_round_trip_is_bit_exact(floats, ints, other):
    arrays = (np.array(floats, dtype=np.float64), np.array(ints, dtype=np.int64), np.array(floats, dtype=bool),
              np.array(floats, dtype=np.float64).reshape(-1, 1)[::-1], np.float64(1.5) * np.ones((2, 0)))
    back = _via_case_payload((arrays, {"k": arrays[0]}, other))
    for a, b in zip(arrays + (arrays[0],), back[0] + (back[1]["k"],)):
        assert b.dtype == a.dtype and b.shape == a.shape and b.tobytes() == np.ascontiguousarray(a).tobytes()
        assert b.flags.writeable
    assert back[2] == other


@pytest.mark.parametrize("wire, blob", [
    ({"t": "nd", "dtype": "<f8", "shape": [2], "at": [0, 16]}, b"\0" * 8),  # past the end
    ({"t": "nd", "dtype": "<f8", "shape": [2], "at": [-8, 16]}, b"\0" * 16),
    ({"t": "nd", "dtype": "<f8", "shape": [2], "at": [0, 8]}, b"\0" * 16),  # does not match the shape
    ({"t": "nd", "dtype": "<f8", "shape": [1], "at": [0, 8], "b64": "AAAAAAAAAAA="}, b"\0" * 8),
    ({"t": "nd", "dtype": "|b1", "shape": [1], "at": [0, 1]}, b"\2"),
    ({"t": "nd", "dtype": "<f8", "shape": [1], "at": [0, 8]}, None),  # results never carry raw bytes
])
def test_malformed_array_references_are_rejected(wire, blob):
    with pytest.raises(channel.WireError):
        channel.from_wire(wire, Opaque, blob=None if blob is None else memoryview(blob))


def test_a_case_with_a_large_array_is_sent_as_raw_bytes():
    X = np.arange(40_000, dtype=np.float64).reshape(20_000, 2)
    payload = box_module._encode_case(CaseInput("big", (X, np.ones(20_000, dtype=np.int64)), {}))
    assert len(payload) < X.nbytes + 20_000 * 8 + 1024  # base64 would be a third larger
    head, blob = channel.split_payload(payload)
    args = channel.from_wire(channel.loads(head)["args"], Opaque, blob=blob)
    assert np.array_equal(args[0], X) and args[1].sum() == 20_000


@pytest.mark.parametrize("text", [b'{"t":"f","v":NaN}', b'{"a":1,"a":2}', b'[1,', '"\xe9"'.encode(), b"Infinity"])
def test_strict_json_rejects(text):
    with pytest.raises(channel.WireError):
        channel.loads(text)


@pytest.mark.parametrize("wire", [
    {"t": "nd", "dtype": "<f8", "shape": [2], "b64": "AAAA"},
    {"t": "nd", "dtype": "|O", "shape": [1], "b64": "AAAAAAAAAAA="},
    {"t": "nd", "dtype": "|b1", "shape": [1], "b64": "Ag=="},
    # a vector's header, read by the channel's fast path for one dimension: the same refusals as any shape
    {"t": "nd", "dtype": "<f8", "shape": [True], "b64": "AAAAAAAAAAA="},
    {"t": "nd", "dtype": "<f8", "shape": [1.0], "b64": "AAAAAAAAAAA="},
    {"t": "nd", "dtype": "<f8", "shape": [-1], "b64": ""},
    {"t": "nd", "dtype": "<f8", "shape": [(1 << 20) + 1], "b64": ""},
    {"t": "nd", "dtype": "<f8", "shape": [1], "b64": "AAAA\nAAAAAAA="},  # only the alphabet, as validate=True
    {"t": "nd", "dtype": "<f8", "shape": [1], "b64": "AAAAAAAAAA\u00e9="},
    {"t": "nd", "dtype": "<f8", "shape": [1], "b64": "AAAAAAAAAAA=", "x": 1},
    {"t": "nd", "dtype": "<f8", "shape": [1]},
    {"t": "pickle", "v": "gASV"},
    {"t": "opaque", "type": 3},
    {"t": "f", "v": "NaN!"},
])
def test_malformed_values_are_rejected(wire):
    with pytest.raises(channel.WireError):
        channel.from_wire(wire, Opaque)


def test_frame_reader_bounds():
    reader = channel.FrameReader(max_frame=10, max_total=100)
    assert reader.feed(channel.frame(b"abc")[:2]) == []
    assert reader.feed(channel.frame(b"abc")[2:] + channel.frame(b"")) == [b"abc", b""]
    assert reader.feed(b"\x00\x00\x00\x0b") == [] and reader.error == "message too large"
    assert reader.feed(channel.frame(b"ok")) == []  # nothing after a broken bound is believed
    small = channel.FrameReader(max_frame=10, max_total=5)
    assert small.feed(b"123456") == [] and small.error


def test_frames_before_junk_are_kept():
    """A child's first (trusted) message must survive junk arriving in the same read (the fd-spray attack)."""
    reader = channel.FrameReader()
    junk = b'{"ok": true, "score": 100}\n' * 50
    assert reader.feed(channel.frame(b'{"k":"ready"}') + junk) == [b'{"k":"ready"}']
    assert reader.error == "message too large" and reader.received == 4 + 13 + len(junk)


def test_value_count_is_bounded_before_parsing():
    flood = b"[" + b",".join([b"[]"] * 5000) + b"]"
    assert channel.count_values(flood) >= 5000
    with pytest.raises(channel.WireError, match="more than 1000 values"):
        channel.loads(flood, 1000)
    assert len(channel.loads(flood, 20000)) == 5000


def test_capture_keeps_head_and_tail():
    capture = channel.Capture(8)
    for chunk in (b"ab", b"cdefgh", b"ijkl"):
        capture.add(chunk)
    assert (bytes(capture.head), bytes(capture.tail), capture.dropped) == (b"abcd", b"ijkl", 4)
    assert capture.text() == "abcd\n[... 4 bytes dropped ...]\nijkl"

"""Warm, secret-free zygote: serves the grader's spawn and kill requests, reaps and sweeps every job (standalone)."""

# Started as `python -I grader/sandbox/zygote.py FD NUMPY_DIR TMP_BASE`. Imports only stdlib and numpy, and its
# siblings by path; never the grader package.
import gc
import importlib.util
import os
import select
import signal
import socket
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
REFUSED = "protocol error: a job is already running or fds are missing"


def _sibling(name: str):
    """Load grader/sandbox/<name>.py by path without registering it, so submissions cannot import it by name."""
    spec = importlib.util.spec_from_file_location(f"_rosenblatt_{name}", os.path.join(HERE, f"{name}.py"))
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


if len(sys.argv) > 2 and sys.argv[2] not in sys.path:
    sys.path.append(sys.argv[2])
import numpy as np  # noqa: E402  (after the parent's numpy directory is on sys.path)

channel = _sibling("channel")
iso = _sibling("isolation")
imports = _sibling("imports")
harness = _sibling("harness")
harness.bind(channel)
seccomp = _sibling("seccomp")
cgroups = _sibling("cgroups")
spawner = _sibling("spawner")
spawner.bind(channel=channel, iso=iso, imports=imports, harness=harness, seccomp=seccomp, cgroups=cgroups)


class Zygote:
    """Serves spawn/kill requests from the grader over a SOCK_SEQPACKET socket; reaps and sweeps every job."""

    def __init__(self, sock: socket.socket, tmp_base: str):
        self.sock, self.job, self.mode, self.tmpdir, self.tmp_base = sock, None, "", None, tmp_base
        self.full_root = iso.is_full_root()
        package = os.path.dirname(HERE)  # grader/
        project = os.path.dirname(package)  # a source checkout: hide all of it; an install: hide the package only
        hidden = [package, project] if os.path.exists(os.path.join(project, "pyproject.toml")) else [package]
        for name in ("rosenblatt", "exercises"):  # an install: the other packages' folders too
            spec = importlib.util.find_spec(name)
            hidden += list(spec.submodule_search_locations or []) if spec else []
        imports.scrub_imports(hidden)
        venv = sys.prefix != sys.base_prefix  # a virtual environment: its site-packages (on sys.path), not its bin/
        python_dirs = [*(() if venv else (sys.prefix, sys.exec_prefix)), sys.base_prefix, sys.base_exec_prefix,
                       *sys.path, os.path.dirname(os.path.dirname(np.__file__))]
        # weak mode as root reaches the unreadable python dirs through /proc/self/fd
        self.spawner = spawner.Spawner(sock, iso.plan_root(python_dirs, hidden), python_dirs, self.full_root)
        self.spawner.forget = self.forget
        self.wake_r, wake_w = os.pipe2(os.O_NONBLOCK | os.O_CLOEXEC)
        signal.set_wakeup_fd(wake_w)
        signal.signal(signal.SIGCHLD, lambda *_: None)
        iso.prctl(iso.PR_SET_CHILD_SUBREAPER, 1)
        self.groups = cgroups.Groups(f"rosenblatt-{os.getpid()}") if self.full_root else None
        self.job_dirs: list[str] = []
        self.next: int | None = None  # a child forked while a job runs, waiting for the next submission
        self.queued: tuple[dict, list[int]] | None = None  # a spawn asked for ahead, started when the job is reaped

    def forget(self) -> None:
        """Run in a forked child only (it never comes back to serve): empty the zygote's state (cgroup paths, temp
        base, job folders, the spawner) and the paths this file and its arguments name."""
        self.__dict__.clear()
        sys.argv[:] = ["python"]
        globals().update(HERE="")
        globals().pop("__file__", None)  # gone rather than "": inspect.getmodule (run by torch at import) skips a
        # module without __file__ but raises on an empty one

    def layers(self, strong: bool) -> list[str]:
        """The isolation layers every child gets, as reported to the grader."""
        return (["namespaces"] if strong else []) + ([] if self.spawner.filter else ["seccomp"]) + \
            (["cgroups"] if self.groups is not None and self.groups.usable else ["rlimits only (no cgroups)"])

    def reply(self, **msg) -> None:
        self.sock.send(channel.dumps(msg))

    # ------------------------------------------------------------ serving

    def spawn(self, msg: dict, fds: list[int]) -> None:
        """Fork a child for the next job: at once when no job runs, or when the job runs in its own PID namespace
        (the child then waits for its submission, sealed off from the job); otherwise once the job is reaped."""
        if len(fds) != 4:
            self.refuse(msg, fds, REFUSED)
        elif self.job is None:
            self.job = self.fork(msg, fds)
        elif self.next is None and self.may_fork_ahead(msg):
            self.next = self.fork(msg, fds)
        elif self.next is None and self.queued is None:
            self.queued = (msg, fds)  # the next submission's child, asked for while this one finishes
        else:
            self.refuse(msg, fds, REFUSED)

    def _grouped(self, limits: dict) -> tuple | None:
        """The job cgroup's caps for these limits (memory, processes, CPUs), or None where no cgroup is used."""
        if self.groups is None or not self.groups.usable or not limits["cgroups"]:
            return None
        return limits["memory_bytes"] + limits["max_file_bytes"], limits["max_processes"], limits["cpu_quota"]

    def may_fork_ahead(self, msg: dict) -> bool:
        """A child may be forked while a job runs only into its own PID namespace (as root) and the same caps."""
        if not (self.full_root and self.mode == "strong" and msg.get("mode") == "strong"):
            return False
        caps = self._grouped(msg["limits"])
        return caps is None or self.groups.fits(*caps)

    def refuse(self, msg: dict, fds: list[int], why: str) -> None:
        self.reply(op="spawn-failed", error=why, tag=msg.get("tag"))
        for fd in fds:
            os.close(fd)

    def fork(self, msg: dict, fds: list[int]) -> int | None:
        """Fork one child (its pid), or say why not (None)."""
        try:
            self.mode, limits = msg["mode"], msg["limits"]
            caps = self._grouped(limits)
            if caps is not None:
                self.job_dirs = self.groups.make_job(*caps)
            self.spawner.groups = self.job_dirs if caps is not None else []
            if self.mode == "strong":
                pid = self.spawner.fork_strong(fds, limits)
            else:
                self.tmpdir = tempfile.mkdtemp(prefix="job-", dir=self.tmp_base)
                pid = self.spawner.fork_weak(fds, limits, self.tmpdir)
            self.reply(op="spawned", pid=pid, tag=msg.get("tag"))
            return pid
        except OSError as exc:
            self.reply(op="spawn-failed", error=f"{type(exc).__name__}: {exc}", tag=msg.get("tag"))
            return None
        finally:
            for fd in fds:
                os.close(fd)

    def kill(self, pid: int | None) -> None:
        if pid is None or pid not in (self.job, self.next):
            return
        for killer in (os.killpg, os.kill) if self.mode == "weak" else (os.kill,):
            try:
                killer(pid, signal.SIGKILL)
            except (ProcessLookupError, PermissionError):
                pass

    def reap(self) -> None:
        while True:
            try:
                info = os.waitid(os.P_ALL, 0, os.WEXITED | os.WNOHANG | os.WNOWAIT)
            except ChildProcessError:
                return
            if info is None:
                return
            if info.si_pid == self.next:  # the next job's child died waiting (killed from outside)
                self.next = None
                self.reply(op="exited", status=os.waitpid(info.si_pid, 0)[1], pid=info.si_pid)
            elif info.si_pid != self.job:
                os.waitpid(info.si_pid, 0)
            else:
                self.end_job()

    def end_job(self) -> None:
        """The job exited: sweep what it left, say so, and let the next child (forked or queued) take its place."""
        self.kill(self.job)  # while the job is a zombie its pid (and process group id) cannot be reused
        status = os.waitpid(self.job, 0)[1]
        spare = frozenset([self.next]) if self.next is not None else frozenset()
        iso.kill_children(spare)
        if self.tmpdir:
            iso.remove_tree(self.tmpdir)
        cgroups.Groups.empty_job(self.job_dirs, spare=spare)
        pid, self.job, self.next, self.tmpdir = self.job, self.next, None, None
        self.reply(op="exited", status=status, pid=pid)
        if self.queued is not None:
            msg, fds = self.queued
            self.queued = None
            self.spawn(msg, fds)

    def serve(self) -> None:
        while True:
            ready, _, _ = select.select([self.sock, self.wake_r], [], [])
            if self.wake_r in ready:
                while _drain(self.wake_r):
                    pass
                self.reap()
            if self.sock in ready:
                data, fds, _, _ = socket.recv_fds(self.sock, 1 << 16, 8)
                msg = channel.loads(data) if data else {"op": "quit"}
                if msg.get("op") == "spawn":
                    self.spawn(msg, fds)
                elif msg.get("op") == "kill":
                    self.kill(msg.get("pid", self.job))
                elif msg.get("op") == "quit":
                    self.quit()
                    return

    def quit(self) -> None:
        for fd in self.queued[1] if self.queued is not None else ():
            os.close(fd)
        self.kill(self.next)
        self.kill(self.job)
        iso.kill_children()
        if self.groups is not None:
            self.groups.close()
        if self.tmpdir:
            iso.remove_tree(self.tmpdir)
        iso.remove_tree(self.tmp_base)  # the grader may be gone (killed): nothing of this sandbox stays in /tmp


def _drain(fd: int) -> bool:
    try:
        return bool(os.read(fd, 4096))
    except BlockingIOError:
        return False


def _warm() -> None:
    """Load what submissions and the harness use lazily, so each fork starts warm."""
    import collections, fractions, functools, itertools, math, random, typing  # noqa: E401,F401
    np.random.default_rng(0).random(2), np.linalg.norm(np.ones(2))
    X, y, theta, theta0 = np.array([[1.0, 2.0], [-1.0, -1.5]]), np.array([1, -1]), np.zeros(2), 0.0
    for i in range(2):
        if y[i] * (X[i] @ theta + theta0) <= 0:
            theta, theta0 = theta + y[i] * X[i], theta0 + y[i]
    wire = channel.to_wire((theta, float(theta0), True, {"k": [np.int64(1), None]}))
    channel.from_wire(channel.loads(channel.dumps(wire)), lambda name: name)
    blobs: list = []
    head, blob = channel.split_payload(channel.case_payload(channel.dumps(channel.to_wire((X, y), blobs=blobs)), blobs))
    channel.from_wire(channel.loads(head), lambda name: name, blob=blob)
    harness.describe(ValueError("warm"))


def main() -> None:
    iso.hide_cmdline()  # sys.argv keeps its copy; the children's /proc/1/cmdline no longer names grader paths
    cgroups.oom_score(cgroups.OOM_PROTECTED)  # the OOM killer takes a job, never the zygote (children raise theirs)
    sock = socket.socket(fileno=int(sys.argv[1]))
    owner, zygote = os.getpid(), None  # no local names the temp base: a forked child inherits this frame
    try:
        _warm()
        zygote = Zygote(sock, sys.argv[3])
        gc.freeze()  # keep the collector from touching (and so copying) every inherited page in each child
        zygote.spawner.probe_filter()
        reason = zygote.spawner.probe()
        zygote.reply(op="hello", strong=not reason, note=reason, pid=os.getpid(), layers=zygote.layers(not reason),
                     cgroups=zygote.groups.bases if zygote.groups is not None else [])
        zygote.serve()
    except OSError:  # the grader died (killed) before the hello or while a notice was on its way: sweep as on quit
        if zygote is not None and os.getpid() == owner:
            zygote.quit()
    finally:  # forked children never come back here (they _exit); the owner leaves nothing in /tmp, however it ends
        if os.getpid() == owner:
            iso.remove_tree(sys.argv[3])


if __name__ == "__main__":
    main()

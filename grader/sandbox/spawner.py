"""The zygote's forking half: one child per job, its sandbox built before any submission code (standalone)."""

# Loaded by path by zygote.py, which hands it its sibling modules with bind(): stdlib only besides them.
import os
import signal

channel = iso = imports = harness = seccomp = cgroups = None  # set by bind(): loaded by path, not imported
UID_BASE = 1_900_000_000  # + zygote pid: one unprivileged uid per live zygote, so RLIMIT_NPROC is per job


def bind(**modules) -> None:
    """Give the spawner the sibling modules the zygote loaded (channel, iso, imports, harness, seccomp)."""
    globals().update(modules)


class Spawner:
    """Forks children into their sandbox (strong: namespaces and a minimal root; weak: a temp dir), with the
    uid, rlimits and syscall filter every child gets; and probes once what this machine allows."""

    def __init__(self, sock, plan: tuple, python_dirs: list[str], full_root: bool):
        self.sock, self.plan, self.python_dirs, self.full_root = sock, plan, python_dirs, full_root
        self.uid = UID_BASE + os.getpid()
        self.weak_uid = self.uid if full_root else None
        self.pidns = os.open("/proc/self/ns/pid", os.O_RDONLY | os.O_CLOEXEC) if full_root else -1
        self.filter = ""  # why the syscall filter is off ("" while it is on); set by probe_filter()
        self.groups: list[str] = []  # the job's cgroup folders the next child joins (none: no cgroups)
        self.forget = None  # the zygote's own clean-up, run in each child once its sandbox is built

    def isolate(self, limits: dict, mode: str, home: str) -> None:
        """Runs in the forked child, before any submission code."""
        cgroups.oom_score(cgroups.OOM_VICTIM)  # first: the zygote's -1000 was inherited
        if self.groups:
            cgroups.join(self.groups)  # while still root and /sys still reachable
        if mode == "strong":
            if self.full_root:
                iso.unshare(iso.NS_FLAGS)
            iso.enter_root(self.plan, limits["max_file_bytes"])
            home = "/tmp"
        os.setsid()
        os.chdir(home)
        uid = self.uid if mode == "strong" else self.weak_uid
        if self.full_root and uid is not None:
            reach = imports.open_unreachable(self.python_dirs) if mode == "weak" else {}
            iso.drop_to(uid, uid)
            imports.reroute_imports(reach)
        elif mode == "strong":
            iso.drop_capabilities()
        if self.full_root or mode == "weak":
            iso.prctl(iso.PR_SET_PDEATHSIG, signal.SIGKILL)
        waiting = 1 if mode == "strong" and self.full_root else 0  # the uid's next child may be waiting meanwhile
        iso.apply_rlimits(limits["memory_bytes"], limits["max_file_bytes"], limits["max_open_files"],
                          limits["max_processes"] + waiting, int(limits["total_seconds"]) + 2)
        iso.no_new_privs()
        os.environ.update(HOME=home, TMPDIR=home, MPLBACKEND="Agg")  # plotting never opens a window
        if not self.filter and limits["seccomp"]:
            seccomp.install()

    def child(self, fds: list[int], limits: dict, mode: str, home: str = "/tmp", probe: bool = False) -> None:
        """Body of the forked child; never returns."""
        code = 0
        try:
            self.sock.detach()
            signal.set_wakeup_fd(-1)
            signal.signal(signal.SIGCHLD, signal.SIG_DFL)
            iso.place_fds([os.open("/dev/null", os.O_RDONLY), fds[2], fds[3], fds[0], fds[1]])
            try:
                self.isolate(limits, mode, home)
                if probe:
                    os.listdir(os.path.dirname(os.__file__))  # the standard library must stay readable
            except BaseException as exc:  # noqa: BLE001 - report why the sandbox could not be built
                why = f"sandbox setup failed: {type(exc).__name__}: {exc}"
                os.write(2, why.encode() + b"\n") if probe else \
                    channel.write_all(4, channel.frame(channel.dumps({"k": "setup-failed", "error": why[:500]})))
                os._exit(channel.EXIT_SETUP)
            if not probe:
                self.clear()
                harness.Harness().main()
        except MemoryError:
            code = channel.EXIT_MEMORY
        except BaseException:  # noqa: BLE001 - outermost boundary of the child process
            code = channel.EXIT_HARNESS
        harness.flush()
        os._exit(code)

    def clear(self) -> None:
        """In the child, its sandbox built: drop what only the zygote needs (the mount plan, the install and cgroup
        paths, the zygote's own state), so that nothing in the child's memory names them."""
        forget, self.forget = self.forget, None
        self.plan = self.python_dirs = self.groups = None
        self.sock = None
        if forget is not None:
            forget()

    def fork_strong(self, fds: list[int], limits: dict, probe: bool = False) -> int:
        """Fork the job as pid 1 of a new PID namespace (as root directly; otherwise via a user namespace)."""
        if self.full_root:
            iso.unshare(iso.CLONE_NEWPID)
            pid = -1
            try:
                pid = os.fork()
                if pid == 0:
                    self.child(fds, limits, "strong", probe=probe)
            finally:
                if pid != 0:
                    iso.setns(self.pidns, iso.CLONE_NEWPID)
            return pid
        return iso.fork_in_userns(lambda: self.child(fds, limits, "strong", probe=probe))

    def fork_weak(self, fds: list[int], limits: dict, home: str) -> int:
        """Fork the job with `home` (a fresh temp dir, handed to its uid) as its working and temp dir."""
        if self.weak_uid is not None:
            os.chown(home, self.weak_uid, self.weak_uid)
        pid = os.fork()
        if pid == 0:
            self.child(fds, limits, "weak", home)
        return pid

    def probe_filter(self) -> None:
        """Check once that the syscall filter installs here; if not, children run without it and say why."""
        try:
            seccomp.prepare()  # once, here: each child then only makes the system call
        except KeyError:
            self.filter = f"no syscall table for {os.uname().machine}"
            return
        pid = os.fork()
        if pid == 0:
            try:
                iso.no_new_privs()
                seccomp.install()
                os._exit(0)
            except BaseException:  # noqa: BLE001 - outermost boundary of the probe child
                os._exit(1)
        self.filter = "" if os.waitpid(pid, 0)[1] == 0 else "the kernel refused the seccomp filter"

    def probe(self) -> str:
        """Build one strong sandbox and exit; return '' if it worked, else the reason."""
        read_end, write_end = os.pipe()
        limits = {"max_file_bytes": 1 << 20, "memory_bytes": 1 << 30, "max_open_files": 64,
                  "max_processes": 16, "total_seconds": 5, "seccomp": True, "cgroups": False}
        try:
            pid = self.fork_strong([read_end, write_end, write_end, write_end], limits, probe=True)
        except OSError as exc:
            return f"cannot create namespaces: {exc}"
        finally:
            os.close(write_end)
        with os.fdopen(read_end, "rb") as fh:
            text = fh.read(4096).decode("utf-8", "replace").strip()
        _, status = os.waitpid(pid, 0)
        return "" if status == 0 else (text or f"probe exited with status {status}")

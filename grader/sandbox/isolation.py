"""Child-side isolation primitives: namespaces, a minimal read-only root, rlimits, privilege drop (standalone)."""

# Loaded by path by zygote.py: stdlib only, no imports from the grader or exercises packages.
import ctypes
import fcntl
import os
import platform
import resource
import shutil
import signal
import sys

CLONE_NEWNS, CLONE_NEWUTS, CLONE_NEWIPC = 0x00020000, 0x04000000, 0x08000000
CLONE_NEWUSER, CLONE_NEWPID, CLONE_NEWNET = 0x10000000, 0x20000000, 0x40000000
NS_FLAGS = CLONE_NEWNS | CLONE_NEWUTS | CLONE_NEWIPC | CLONE_NEWNET
MS_RDONLY, MS_NOSUID, MS_NODEV, MS_NOEXEC, MS_REMOUNT = 1, 2, 4, 8, 32
MS_NOATIME, MS_NODIRATIME, MS_BIND, MS_REC, MS_PRIVATE, MS_RELATIME = 1024, 2048, 4096, 16384, 1 << 18, 1 << 21
MNT_DETACH = 2
PR_SET_PDEATHSIG, PR_SET_CHILD_SUBREAPER, PR_SET_NO_NEW_PRIVS, PR_CAPBSET_DROP = 1, 36, 38, 24
PR_CAP_AMBIENT, PR_CAP_AMBIENT_CLEAR_ALL = 47, 4
_SYSCALLS = {"x86_64": (155, 436), "aarch64": (41, 436), "riscv64": (41, 436)}  # pivot_root, close_range
_SYSTEM_DIRS = ("/usr", "/lib", "/lib32", "/lib64", "/libx32", "/bin", "/sbin")
_ETC_FILES = ("/etc/ld.so.cache", "/etc/ld.so.conf", "/etc/localtime", "/etc/passwd", "/etc/group")
_DEVICES = ("/dev/null", "/dev/zero", "/dev/urandom", "/dev/random")
_ST_TO_MS = ((os.ST_NOSUID, MS_NOSUID), (os.ST_NODEV, MS_NODEV), (os.ST_NOEXEC, MS_NOEXEC),
             (os.ST_NOATIME, MS_NOATIME), (os.ST_NODIRATIME, MS_NODIRATIME), (os.ST_RELATIME, MS_RELATIME))
_libc = ctypes.CDLL(None, use_errno=True)
_libc.mount.argtypes = (ctypes.c_char_p, ctypes.c_char_p, ctypes.c_char_p, ctypes.c_ulong, ctypes.c_char_p)
_libc.prctl.argtypes = (ctypes.c_int, ctypes.c_ulong, ctypes.c_ulong, ctypes.c_ulong, ctypes.c_ulong)


def _check(result: int, what: str) -> None:
    if result != 0:
        err = ctypes.get_errno()
        raise OSError(err, f"{what}: {os.strerror(err)}")


def _b(text: str | None) -> bytes | None:
    return None if text is None else os.fsencode(text)


def unshare(flags: int) -> None:
    """unshare(2); Python 3.11 has no os.unshare."""
    _check(_libc.unshare(ctypes.c_int(flags)), "unshare")


def setns(fd: int, nstype: int) -> None:
    """setns(2)."""
    _check(_libc.setns(fd, nstype), "setns")


def mount(source: str | None, target: str, fstype: str | None, flags: int, data: str | None = None) -> None:
    """mount(2)."""
    _check(_libc.mount(_b(source), _b(target), _b(fstype), flags, _b(data)), f"mount {target}")


def prctl(option: int, arg: int = 0) -> None:
    """prctl(2) with one argument."""
    _check(_libc.prctl(option, arg, 0, 0, 0), f"prctl {option}")


def _syscall_numbers() -> tuple[int, int]:
    numbers = _SYSCALLS.get(platform.machine())
    if numbers is None:
        raise OSError(f"unsupported architecture {platform.machine()}")
    return numbers


def is_full_root() -> bool:
    """True when we are root of the initial user namespace (uid 0 mapped to the whole range)."""
    try:
        with open("/proc/self/uid_map") as fh:
            fields = fh.read().split()
    except OSError:
        return False
    return os.geteuid() == 0 and fields[:3] == ["0", "0", "4294967295"]


def write_id_maps(uid: int, gid: int) -> None:
    """Map our own ids 1:1 inside a user namespace we just created."""
    for name, text in (("setgroups", "deny"), ("uid_map", f"{uid} {uid} 1"), ("gid_map", f"{gid} {gid} 1")):
        with open(f"/proc/self/{name}", "w") as fh:
            fh.write(text)


# ---------------------------------------------------------------- the minimal root


def _within(path: str, root: str) -> bool:
    return path == root or path.startswith(root.rstrip("/") + "/")


def _sandbox_path(path: str) -> str:
    """Where `path` lands inside the sandbox: top-level symlinks (/lib -> usr/lib) are recreated there."""
    top = "/" + path.split("/")[1]
    if top != path and os.path.islink(top):
        return os.path.normpath(os.path.join("/", os.readlink(top), path[len(top) + 1:]))
    return path


def plan_root(python_dirs: list[str], hidden: list[str]) -> tuple:
    """List what the sandbox root holds: system dirs, Python dirs and devices read-only; hidden dirs covered."""
    hidden = [os.path.realpath(h) for h in hidden]
    plan, bound = [], []
    for path in _SYSTEM_DIRS:
        if os.path.islink(path):
            plan.append(("link", path, os.readlink(path)))
        elif os.path.isdir(path):
            plan.append(("bind", path, path, True))
            bound.append(path)
    plan += [("bind", p, p, False) for p in _ETC_FILES + _DEVICES if os.path.exists(p)]
    for path in sorted({os.path.abspath(p) for p in python_dirs if p and os.path.isdir(p)}, key=len):
        dest, real = _sandbox_path(path), os.path.realpath(path)
        if any(_within(dest, b) for b in bound) or real in hidden:
            continue
        plan.append(("bind", dest, real, True))
        bound.append(dest)
    for entry in list(plan):
        if entry[0] == "bind" and entry[3]:
            real = os.path.realpath(entry[2])
            plan += [("hide", entry[1] + h[len(real):], os.path.isdir(h)) for h in hidden
                     if _within(h, real) and h != real]
    return tuple(plan)


def _make(path: str, is_dir: bool) -> None:
    os.makedirs(path if is_dir else os.path.dirname(path), mode=0o755, exist_ok=True)
    if not is_dir:
        os.close(os.open(path, os.O_CREAT | os.O_WRONLY | os.O_CLOEXEC, 0o644))


def _remount_readonly(target: str) -> None:
    flags = os.statvfs(target).f_flag
    keep = sum(ms for st, ms in _ST_TO_MS if flags & st)
    mount(None, target, None, MS_REMOUNT | MS_BIND | MS_RDONLY | MS_NOSUID | MS_NODEV | keep)


def _populate(base: str, plan: tuple, sources: dict) -> None:
    for entry in plan:
        kind, dest = entry[0], base + entry[1]
        if kind == "link":
            os.symlink(entry[2], dest)
        elif kind == "bind":
            _make(dest, entry[3])
            mount(f"/proc/self/fd/{sources[entry[1]]}", dest, None, MS_BIND | MS_REC)
            if not entry[1].startswith("/dev/"):
                _remount_readonly(dest)
        elif os.path.exists(dest):  # hide
            mount("hidden", dest, "tmpfs", MS_RDONLY | MS_NOSUID | MS_NODEV, "size=4k,mode=000") if entry[2] \
                else mount("/dev/null", dest, None, MS_BIND)


def enter_root(plan: tuple, tmp_bytes: int) -> None:
    """Pivot into a fresh tmpfs root built from `plan`; / read-only, a private writable /tmp, fresh /proc."""
    sources = {e[1]: os.open(e[2], os.O_PATH | os.O_CLOEXEC) for e in plan if e[0] == "bind"}
    try:
        mount(None, "/", None, MS_REC | MS_PRIVATE)
        base = "/tmp"
        mount("sandbox-root", base, "tmpfs", MS_NOSUID | MS_NODEV, "size=1m,nr_inodes=4096,mode=0755")
        os.mkdir(base + "/tmp", 0o1777)  # first, so a Python installed under /tmp is bound inside it, not hidden
        mount("sandbox-tmp", base + "/tmp", "tmpfs", MS_NOSUID | MS_NODEV,
              f"size={max(tmp_bytes, 4096)},nr_inodes=1024,mode=1777")
        _populate(base, plan, sources)
        os.mkdir(base + "/proc", 0o555)
        mount("proc", base + "/proc", "proc", MS_NOSUID | MS_NODEV | MS_NOEXEC)
    finally:
        for fd in sources.values():
            os.close(fd)
    os.chdir(base)
    _check(_libc.syscall(_syscall_numbers()[0], b".", b"."), "pivot_root")
    _check(_libc.umount2(b".", MNT_DETACH), "umount old root")
    os.chdir("/")
    mount(None, "/", None, MS_REMOUNT | MS_BIND | MS_RDONLY | MS_NOSUID | MS_NODEV)


# ---------------------------------------------------------------- process-level limits


def place_fds(keep: list[int]) -> None:
    """Make keep[i] file descriptor i and close every other descriptor."""
    high = [fcntl.fcntl(fd, fcntl.F_DUPFD_CLOEXEC, 256) for fd in keep]
    for index, fd in enumerate(high):
        os.dup2(fd, index, inheritable=True)
    try:
        _check(_libc.syscall(_syscall_numbers()[1], ctypes.c_uint(len(keep)), ctypes.c_uint(0xFFFFFFFF),
                             ctypes.c_uint(0)), "close_range")
    except OSError:
        os.closerange(len(keep), max(resource.getrlimit(resource.RLIMIT_NOFILE)[0], 1024) + 256)


def apply_rlimits(memory: int, file_bytes: int, open_files: int, processes: int, cpu_seconds: int) -> None:
    """Set soft = hard limits (so the submission cannot raise them)."""
    wanted = ((resource.RLIMIT_AS, memory), (resource.RLIMIT_FSIZE, file_bytes),
              (resource.RLIMIT_NOFILE, open_files), (resource.RLIMIT_NPROC, processes),
              (resource.RLIMIT_CORE, 0), (resource.RLIMIT_CPU, cpu_seconds))
    for res, value in wanted:
        hard = resource.getrlimit(res)[1]
        top = value + 1 if res == resource.RLIMIT_CPU else value  # CPU: SIGXCPU first, SIGKILL 1 s later
        if hard != resource.RLIM_INFINITY:
            top = min(top, hard)
            value = min(value, top)
        resource.setrlimit(res, (value, top))


def drop_to(uid: int, gid: int) -> None:
    """As real root: become an unprivileged uid/gid with no groups (this clears all capabilities)."""
    os.setgroups([])
    os.setresgid(gid, gid, gid)
    os.setresuid(uid, uid, uid)


def drop_capabilities() -> None:
    """Inside our own user namespace: empty the bounding, ambient and effective/permitted sets."""
    for cap in range(64):
        if _libc.prctl(PR_CAPBSET_DROP, cap, 0, 0, 0) != 0:
            break
    prctl(PR_CAP_AMBIENT, PR_CAP_AMBIENT_CLEAR_ALL)
    header = (ctypes.c_uint32 * 2)(0x20080522, 0)
    data = (ctypes.c_uint32 * 6)()
    _check(_libc.capset(header, data), "capset")


def no_new_privs() -> None:
    """Forbid regaining privileges through setuid binaries or file capabilities."""
    prctl(PR_SET_NO_NEW_PRIVS, 1)


# ---------------------------------------------------------------- process trees


def fork_in_userns(body) -> int:
    """Fork `body` as pid 1 of new user+PID(+mount, net, IPC, UTS) namespaces via a short-lived helper."""
    read_end, write_end = os.pipe()
    helper = os.fork()
    if helper == 0:
        try:
            os.close(read_end)
            uid, gid = os.geteuid(), os.getegid()
            unshare(CLONE_NEWUSER | CLONE_NEWPID | NS_FLAGS)
            write_id_maps(uid, gid)
            pid = os.fork()
            if pid == 0:
                os.close(write_end)
                body()
            os.write(write_end, str(pid).encode())
        except BaseException as exc:  # noqa: BLE001 - outermost boundary of the helper process
            os.write(write_end, f"E{type(exc).__name__}: {exc}".encode())
        os._exit(0)
    os.close(write_end)
    with os.fdopen(read_end, "rb") as fh:
        text = fh.read().decode()
    os.waitpid(helper, 0)  # once the helper is reaped, its child has been reparented to us (a subreaper)
    if not text.isdigit():
        raise OSError(text[1:] or "namespace helper died")
    return int(text)


def kill_children(spare: frozenset[int] = frozenset()) -> None:
    """SIGKILL and reap every child but `spare` until none is left (a subreaper inherits the job's orphans)."""
    while True:
        try:
            with open(f"/proc/self/task/{os.getpid()}/children") as fh:
                kids = [int(p) for p in fh.read().split() if int(p) not in spare]
        except OSError:
            kids = []
        if not kids:
            return
        for pid in kids:
            try:
                os.kill(pid, signal.SIGKILL)
                os.waitpid(pid, 0)
            except (ProcessLookupError, ChildProcessError):
                pass


def hide_cmdline(title: bytes = b"python3") -> None:
    """Overwrite this process's argument strings in place, so /proc/<pid>/cmdline (PID 1 inside a sandbox, whose
    children inherit the memory) shows `title`, not the grader's paths (the zygote's script, numpy's folder)."""
    with open("/proc/self/stat", "rb") as fh:
        rest = fh.read().rsplit(b")", 1)[1].split()
    start, end = int(rest[48 - 3]), int(rest[49 - 3])  # fields 48 and 49: arg_start, arg_end (proc(5))
    if end > start:
        ctypes.memmove(start, title[:end - start - 1].ljust(end - start, b"\0"), end - start)


def remove_tree(path: str) -> None:
    """Remove a temp dir even if the submission made parts of it unreadable."""
    try:
        for root, dirs, _ in os.walk(path):
            for name in dirs:
                os.chmod(os.path.join(root, name), 0o700, follow_symlinks=False)
    except (OSError, RecursionError):
        pass
    shutil.rmtree(path, ignore_errors=True)

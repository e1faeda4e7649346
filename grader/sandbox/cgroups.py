"""Per-job control groups (v2, or v1 memory, pids and cpu): memory, process and CPU caps for one job (standalone)."""

# Loaded by path by zygote.py: stdlib only. The zygote makes one job group and stays outside it: each child moves
# itself in (`join`) right after the fork, before any of its sandbox is built and long before any submission code
# runs, so the job's memory cap (and the OOM killer it sets off) never counts or reaches the zygote. Between jobs the
# group is emptied of everything but the next job's child, which may be forked while a job runs (it shares the
# group's caps meanwhile: pids.max counts it apart). Where cgroups are not writable, nothing here is used and the
# sandbox relies on rlimits (the report says which).
import os
import signal
import time

ROOT = "/sys/fs/cgroup"
PERIOD_US = 100_000
V1_CONTROLLERS = ("memory", "pids", "cpu")
RESIDENTS = 1  # processes in the group besides the job's: the next job's child waiting for it
OOM_PROTECTED, OOM_VICTIM = "-1000", "1000"  # oom_score_adj of the zygote, and of every job (the kernel's first pick)


def _own_paths() -> dict[str, str]:
    """Controller (or '' for v2) -> this process's group path, from /proc/self/cgroup."""
    paths = {}
    with open("/proc/self/cgroup") as fh:
        for line in fh:
            _, controllers, path = line.rstrip("\n").split(":", 2)
            for name in controllers.split(",") if controllers else [""]:
                paths[name] = path
    return paths


def _write(path: str, value: str) -> None:
    with open(path, "w") as fh:
        fh.write(value)


class Groups:
    """This zygote's cgroup tree: base folders per hierarchy, and one child folder per job."""

    def __init__(self, name: str):
        self.bases, self.version, self.caps = [], 0, None
        own = _own_paths()
        if os.path.exists(f"{ROOT}/cgroup.controllers"):  # v2 only: one hierarchy
            self._try_v2(own.get("", "/"), name)
        elif all(os.path.isdir(f"{ROOT}/{c}") for c in V1_CONTROLLERS):
            self._try_v1(own, name)

    def _try_v2(self, own: str, name: str) -> None:
        parent = os.path.normpath(f"{ROOT}/{own}")
        try:
            with open(f"{parent}/cgroup.controllers") as fh:
                available = fh.read().split()
            if not {"memory", "pids", "cpu"} <= set(available):
                return
            base = f"{parent}/{name}"
            os.mkdir(base)
            _write(f"{base}/cgroup.subtree_control", "+memory +pids +cpu")
            self.bases, self.version = [base], 2
        except OSError:
            self.close()

    def _try_v1(self, own: dict[str, str], name: str) -> None:
        try:
            for controller in V1_CONTROLLERS:
                base = os.path.normpath(f"{ROOT}/{controller}/{own.get(controller, '/')}/{name}")
                os.mkdir(base)
                self.bases.append(base)
            self.version = 1
        except OSError:
            self.close()

    @property
    def usable(self) -> bool:
        return self.version > 0

    def fits(self, memory: int, processes: int, cpus: float) -> bool:
        """True when the group already has these caps: a child may be forked into it while a job runs."""
        return self.caps == (memory, processes + RESIDENTS, cpus)

    def make_job(self, memory: int, processes: int, cpus: float) -> list[str]:
        """Folders for the next job with its caps written; OSError if that fails.

        One set of folders is made per zygote and reused for each job (emptied when the job is reaped): making
        and removing cgroups costs more than the rest of a small submission's sandbox.
        """
        dirs = [f"{base}/job" for base in self.bases]
        caps = (memory, processes + RESIDENTS, cpus)
        if self.caps == caps:
            return dirs
        quota = str(max(int(cpus * PERIOD_US), 1000))
        for d in dirs:
            os.makedirs(d, exist_ok=True)
        if self.version == 2:
            d = dirs[0]
            _write(f"{d}/memory.max", str(memory))
            if os.path.exists(f"{d}/memory.swap.max"):
                _write(f"{d}/memory.swap.max", "0")
            _write(f"{d}/pids.max", str(caps[1]))
            _write(f"{d}/cpu.max", f"{quota} {PERIOD_US}")
        else:
            mem, pids, cpu = dirs
            _write(f"{mem}/memory.limit_in_bytes", str(memory))
            if os.path.exists(f"{mem}/memory.memsw.limit_in_bytes"):
                _write(f"{mem}/memory.memsw.limit_in_bytes", str(memory))
            _write(f"{pids}/pids.max", str(caps[1]))
            _write(f"{cpu}/cpu.cfs_period_us", str(PERIOD_US))
            _write(f"{cpu}/cpu.cfs_quota_us", quota)
        self.caps = caps
        return dirs

    @staticmethod
    def empty_job(dirs: list[str], remove: bool = False, spare: frozenset[int] = frozenset()) -> None:
        """Kill whatever is still in the job's groups (detached processes too) but the zygote and `spare` (the next
        job's child, which has run no submission code yet); remove the folders if asked."""
        for d in dirs:
            for _ in range(100):
                try:
                    with open(f"{d}/cgroup.procs") as fh:
                        pids = [int(p) for p in fh.read().split()]
                except OSError:
                    break
                pids = [p for p in pids if p != os.getpid() and p not in spare]
                if not pids:
                    break
                for pid in pids:
                    try:
                        os.kill(pid, signal.SIGKILL)
                    except OSError:
                        pass
                time.sleep(0.002)
            if remove:
                try:
                    os.rmdir(d)
                except OSError:
                    pass

    def close(self) -> None:
        """Leave the groups (back to where the zygote started), empty and remove them."""
        for base in self.bases:
            try:
                _write(f"{os.path.dirname(base)}/cgroup.procs", str(os.getpid()))
            except OSError:
                pass
        remove_tree(self.bases)
        self.bases, self.version, self.caps = [], 0, None


def join(dirs: list[str]) -> None:
    """Move the calling process (a freshly forked child, still root) into the job's groups; OSError if refused."""
    for d in dirs:
        _write(f"{d}/cgroup.procs", "0")


def oom_score(value: str) -> None:
    """Set this process's oom_score_adj: the zygote protects itself, each job makes itself the preferred victim
    (raising it needs no privilege; lowering it below its start needs CAP_SYS_RESOURCE, which a job never has,
    and which a container may withhold from the grader too: the zygote then keeps 0, still below every job)."""
    try:
        _write("/proc/self/oom_score_adj", value)
    except OSError:
        pass  # not allowed here: the jobs' +1000 and the zygote's place outside their groups still hold


def remove_tree(bases: list[str]) -> None:
    """Empty and remove a zygote's groups; also run by the grader when a zygote died without cleaning up."""
    for base in bases:
        if os.path.isdir(f"{base}/job"):
            Groups.empty_job([f"{base}/job"], remove=True)
        try:
            os.rmdir(base)
        except OSError:
            pass

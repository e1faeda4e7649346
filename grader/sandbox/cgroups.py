"""Per-job control groups (v2, or v1 memory, pids and cpu): memory, process and CPU caps for one job (standalone)."""

# Loaded by path by zygote.py: stdlib only. The zygote makes one group per job before forking it; the child
# joins its group itself, first thing, so no code of the submission ever runs outside it. Where cgroups are not
# writable, nothing here is used and the sandbox relies on rlimits (the report says which).
import os
import signal
import time

ROOT = "/sys/fs/cgroup"
PERIOD_US = 100_000
V1_CONTROLLERS = ("memory", "pids", "cpu")


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
        self.bases, self.version, self.count = [], 0, 0
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

    def make_job(self, memory: int, processes: int, cpus: float) -> list[str]:
        """Folders for one job with its caps written; OSError if that fails."""
        self.count += 1
        dirs = [f"{base}/job-{self.count}" for base in self.bases]
        quota = str(max(int(cpus * PERIOD_US), 1000))
        for d in dirs:
            os.mkdir(d)
        if self.version == 2:
            d = dirs[0]
            _write(f"{d}/memory.max", str(memory))
            if os.path.exists(f"{d}/memory.swap.max"):
                _write(f"{d}/memory.swap.max", "0")
            _write(f"{d}/pids.max", str(processes))
            _write(f"{d}/cpu.max", f"{quota} {PERIOD_US}")
        else:
            mem, pids, cpu = dirs
            _write(f"{mem}/memory.limit_in_bytes", str(memory))
            if os.path.exists(f"{mem}/memory.memsw.limit_in_bytes"):
                _write(f"{mem}/memory.memsw.limit_in_bytes", str(memory))
            _write(f"{pids}/pids.max", str(processes))
            _write(f"{cpu}/cpu.cfs_period_us", str(PERIOD_US))
            _write(f"{cpu}/cpu.cfs_quota_us", quota)
        return dirs

    @staticmethod
    def join(dirs: list[str]) -> None:
        """Run by the child itself before anything else: move this process into the job's groups."""
        for d in dirs:
            _write(f"{d}/cgroup.procs", "0")

    @staticmethod
    def remove_job(dirs: list[str]) -> None:
        """Kill whatever is still in the job's groups (detached processes too), then remove the folders."""
        for d in dirs:
            for _ in range(100):
                try:
                    with open(f"{d}/cgroup.procs") as fh:
                        pids = [int(p) for p in fh.read().split()]
                except OSError:
                    break
                if not pids:
                    break
                for pid in pids:
                    try:
                        os.kill(pid, signal.SIGKILL)
                    except OSError:
                        pass
                time.sleep(0.002)
            try:
                os.rmdir(d)
            except OSError:
                pass

    def close(self) -> None:
        for base in reversed(self.bases):
            try:
                for entry in os.listdir(base):
                    if entry.startswith("job-"):
                        self.remove_job([f"{base}/{entry}"])
                os.rmdir(base)
            except OSError:
                pass
        self.bases, self.version = [], 0

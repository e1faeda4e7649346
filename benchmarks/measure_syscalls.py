"""Which system calls sandboxed children make once their seccomp filter is in place: the data behind the allow-list.

Runs `rosenblatt grade` under `strace -f` on folders of submissions (by default the samples in submissions/, every
preset's samples and the sample notebooks, each with its own assignment), follows every process from the moment
it installed the filter (and the processes it forks), and prints each system call seen there with how many
submissions made it, beside the allow-list in grader/sandbox/seccomp.py: what it lacks, and what it allows that no
submission used. `--extra DIR[:ASSIGNMENT]` adds folders (real student files kept outside the repository).

    python benchmarks/measure_syscalls.py [--extra /path/to/real:mit6036 ...] [--only-extra]

Calls that failed with EPERM in a filtered process are listed apart (`refused_eperm`): what the filter refused
(or, rarely, what the kernel refused for another reason; look at the call before changing the list).
"""

from __future__ import annotations

import argparse
import json
import re
import shutil
import subprocess
import sys
import tempfile
from collections import Counter
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
LINE = re.compile(r"^(\d+)\s+(?:<\.\.\. (\w+) resumed>|(\w+)\()(.*)$")
CHILD = re.compile(r"=\s+(\d+)\s*$")
FORKS = {"clone", "clone3", "fork", "vfork"}


def _targets(extra: list[str], only_extra: bool = False) -> list[tuple[Path, str]]:
    subs = ROOT / "submissions"
    out = [] if only_extra else [(subs, "default")] + [(d, d.name) for d in sorted(subs.iterdir()) if d.is_dir()]
    for item in extra:
        folder, _, assignment = item.partition(":")
        out.append((Path(folder), assignment or "default"))
    return out


def _filtered_calls(trace: Path, refused: dict[int, set[str]] | None = None) -> dict[int, set[str]]:
    """pid -> system calls it made after its filter was installed (inherited by what it forked); `refused` gets
    pid -> the calls among them that failed with EPERM (what the filter answers for a call not on the list)."""
    filtered: set[int] = set()
    calls: dict[int, set[str]] = {}
    for line in trace.read_text(errors="replace").splitlines():
        m = LINE.match(line)
        if not m:
            continue
        pid, name, rest = int(m.group(1)), m.group(2) or m.group(3), m.group(4)
        if pid in filtered:
            calls.setdefault(pid, set()).add(name)
            if refused is not None and "= -1 EPERM" in rest:
                refused.setdefault(pid, set()).add(name)
        if name == "seccomp" and rest.rstrip().endswith("= 0") or (name == "seccomp" and m.group(2) and "= 0" in rest):
            filtered.add(pid)
            calls.setdefault(pid, set())
        if name in FORKS and pid in filtered and "unfinished" not in rest:
            child = CHILD.search(rest)
            if child:
                filtered.add(int(child.group(1)))
    return calls


def measure(folder: Path, assignment: str, tmp: Path) -> tuple[int, Counter, Counter]:
    """(child processes followed, Counter of calls -> processes that made them, the same for calls refused with
    EPERM) for one folder."""
    trace = tmp / "trace.txt"
    cmd = ["strace", "-f", "-qq", "-o", str(trace), sys.executable, "-c",
           "import sys; from exercises.cli import main; sys.exit(main(sys.argv[1:]))", "grade", str(folder),
           "--assignment", assignment, "--out", str(tmp / "out"), "--force", "--no-progress", "--jobs", "1"]
    subprocess.run(cmd, cwd=ROOT, capture_output=True, check=False)
    refused: dict[int, set[str]] = {}
    calls = _filtered_calls(trace, refused)
    shutil.rmtree(tmp / "out", ignore_errors=True)
    return (len(calls), Counter(name for names in calls.values() for name in names),
            Counter(name for names in refused.values() for name in names))


def main() -> None:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--extra", action="append", default=[], help="DIR[:ASSIGNMENT], graded like the samples")
    p.add_argument("--only-extra", action="store_true", help="measure the --extra folders only (not the samples)")
    args = p.parse_args()
    from grader.sandbox import seccomp

    total, refused, processes, folders = Counter(), Counter(), 0, []
    with tempfile.TemporaryDirectory(prefix="syscalls-") as tmp:
        for folder, assignment in _targets(args.extra, args.only_extra):
            n, seen, denied = measure(folder, assignment, Path(tmp))
            processes += n
            total.update(seen)
            refused.update(denied)
            files = sum(1 for p in folder.iterdir() if p.suffix in (".py", ".ipynb"))
            folders.append({"folder": str(folder), "assignment": assignment, "files": files, "processes": n,
                            "calls": len(seen), "refused_eperm": dict(sorted(denied.items()))})
    allowed = set(seccomp.ALLOWED)
    print(json.dumps({"folders": folders, "processes_followed": processes,
                      "calls_seen": dict(sorted(total.items())), "refused_eperm": dict(sorted(refused.items())),
                      "seen_but_not_allowed": sorted(set(total) - allowed),
                      "allowed_but_not_seen": sorted(allowed - set(total))}, indent=2))


if __name__ == "__main__":
    main()

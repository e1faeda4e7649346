"""What the sandboxed child may import: the grader's packages refused, unreadable Python dirs reached by fd (standalone)."""

# Loaded by path by zygote.py: stdlib only.
import ctypes
import importlib.machinery
import os
import sys
import zipimport

PR_SET_DUMPABLE = 4
_libc = ctypes.CDLL(None, use_errno=True)


def _within(path: str, root: str) -> bool:
    return path == root or path.startswith(root.rstrip("/") + "/")


def world_readable(path: str) -> bool:
    """True when every directory from / down to path can be searched by any user."""
    path = os.path.realpath(path)
    while True:
        if not os.stat(path).st_mode & 0o001:
            return False
        if path == "/":
            return True
        path = os.path.dirname(path)


def open_unreachable(paths: list[str]) -> dict[str, int]:
    """O_PATH descriptors of the directories among `paths` that another uid could not reach by name.

    Weak mode as root: the Python install may sit under a private home (/root/.pyenv). The child opens these
    before it drops to its own uid, then reaches them through /proc/self/fd (reroute_imports), which does not
    check the permissions of their parents, so the student runs as an unprivileged user and can still import.
    """
    out = {}
    for path in sorted({os.path.abspath(p) for p in paths if p and os.path.isdir(p)}, key=len):
        if not world_readable(path) and not any(_within(path, base) for base in out):
            out[path] = os.open(path, os.O_PATH | os.O_DIRECTORY)
    return out


def reroute_imports(fds: dict[str, int]) -> None:
    """After the uid drop: sys.path and every imported package's __path__ go through /proc/self/fd."""
    if not fds:
        return
    if _libc.prctl(PR_SET_DUMPABLE, 1, 0, 0, 0) != 0:  # a uid change clears it; /proc/self/fd is root's then
        raise OSError(ctypes.get_errno(), "prctl PR_SET_DUMPABLE")
    bases = sorted(fds, key=len, reverse=True)

    def moved(path):
        if type(path) is not str:
            return path
        base = next((b for b in bases if _within(path, b)), None)
        return path if base is None else f"/proc/self/fd/{fds[base]}{path[len(base):]}"

    sys.path[:] = [moved(p) for p in sys.path]
    for module in list(sys.modules.values()):
        path = getattr(module, "__path__", None)
        if type(path) is list:
            path[:] = [moved(p) for p in path]
    sys.path_importer_cache.clear()


class _Refuse:
    """Meta-path finder that refuses the grader's own packages, first in line."""

    @staticmethod
    def find_spec(name, path=None, target=None):
        if name.split(".")[0] in _REFUSED:
            raise ModuleNotFoundError(f"No module named {name!r}", name=name)
        return None


_REFUSED = ("grader", "exercises", "rosenblatt")


def scrub_imports(hidden: list[str]) -> None:
    """Drop sys.path entries, finders, hooks and modules that could reach the grader's own packages."""
    hidden = [os.path.realpath(h) for h in hidden]
    sys.path[:] = [p for p in sys.path if p and not any(_within(os.path.realpath(p), h) for h in hidden)]
    standard = (importlib.machinery.BuiltinImporter, importlib.machinery.FrozenImporter,
                importlib.machinery.PathFinder)
    sys.meta_path[:] = [_Refuse] + [f for f in sys.meta_path if any(f is s for s in standard)]
    sys.path_hooks[:] = [h for h in sys.path_hooks if h is zipimport.zipimporter
                         or getattr(h, "__module__", "") in ("importlib._bootstrap_external",
                                                              "_frozen_importlib_external")]
    sys.path_importer_cache.clear()
    for name in list(sys.modules):
        if name.split(".")[0] in _REFUSED:
            del sys.modules[name]

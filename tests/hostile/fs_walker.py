"""Hostile: walks the file system for the grader's data and reports what it found.

Walks the file system looking for the grader's data (the repo, /work, /root, /home, *.yaml, the submissions)
and reports every path it found through its return value.

expect: 0
weak-safe: no
"""

import os

WANTED = ("work", "main", "rosenblatt", "hostile", "submissions", "assignments", "grader", "exercises")


def perceptron(X, y, max_epochs=1000, offset=True):
    found, seen = [], 0
    for root in ("/", "/work", "/work/main", "/root", "/home", "/tmp", "/var", "/opt", "/srv", "/mnt"):
        for path, dirs, files in os.walk(root):
            seen += 1
            if seen > 20_000 or len(found) > 400:
                break
            dirs[:] = [d for d in dirs if d not in ("proc", "sys", "usr", "lib", "lib64", "dev")]
            for name in dirs + files:
                if name.endswith((".yaml", ".yml")) or any(w in name for w in WANTED):
                    found.append(os.path.join(path, name))
    return {"found": sorted(set(found))[:400]}, float(len(found)), False

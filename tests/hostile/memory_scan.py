"""Hostile: searches every live object and every frame of its process for the zygote's plan and paths.

Scans gc.get_objects() and the call stack's locals for strings naming cgroup folders, the grader's checkout, the
zygote's temp base or its own file, and returns what it found (a child should hold nothing but its own data).

expect: 0
weak-safe: yes
"""

import gc
import sys

NEEDLES = ("/sys/fs/cgroup", "rosenblatt-sandbox", "/grader/sandbox", "zygote.py")


def found():
    hits = set()

    def look(value):
        text = value if type(value) is str else value.decode("latin-1") if type(value) is bytes else None
        if text and any(n in text for n in NEEDLES) and text not in NEEDLES and "NEEDLES" not in text:
            hits.add(text[:120])

    objects = gc.get_objects()
    frame = sys._getframe()
    while frame is not None:
        objects.append(dict(frame.f_locals))
        frame = frame.f_back
    for obj in objects:
        if type(obj) is dict:
            for key, value in list(obj.items()):
                look(key)
                look(value)
        elif type(obj) in (list, tuple, set, frozenset):
            for value in obj:
                look(value)
    return sorted(hits)


def perceptron(X, y, max_epochs=1000, offset=True):
    return found(), 0.0, False

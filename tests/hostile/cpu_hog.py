"""Hostile: at import, forks as many busy loops as it may, each in its own session, kept alive to its budget.

With --jobs 2 this starved the submission graded beside it until its wall-clock deadlines expired. The cgroup
CPU quota caps the whole job at one CPU, and deadlines count a job's own time, not time it waited for a CPU.

expect: 0
weak-safe: yes
"""

import os
import time

for _ in range(64):
    try:
        if os.fork() == 0:
            os.setsid()
            end = time.monotonic() + 30
            while time.monotonic() < end:
                pass
            os._exit(0)
    except OSError:
        break


def perceptron(X, y, max_epochs=1000, offset=True):
    end = time.monotonic() + 30
    while time.monotonic() < end:
        pass

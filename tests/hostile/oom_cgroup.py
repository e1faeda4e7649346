"""Hostile: fills the job's memory cgroup from several processes, so that the kernel's OOM killer must pick someone.

Up to fourteen forked processes each touch about 96 MB (a few times the warm zygote's resident memory), and
together pass the job's memory cap; the OOM killer then chooses a victim among the processes in that cgroup, the
largest first. The zygote (root) must not be among them (it stays outside the job's group, with oom_score_adj
-1000; jobs have +1000).

expect: 0
weak-safe: yes
"""

import os
import time


def _fill(mb: int) -> None:
    chunks = []
    try:
        for _ in range(mb // 8):
            block = bytearray(8 << 20)
            for i in range(0, len(block), 4096):
                block[i] = 1  # touch every page: resident memory, charged to the cgroup
            chunks.append(block)
    except MemoryError:
        pass
    time.sleep(5)


def perceptron(X, y, max_epochs=1000, offset=True):
    kids = []
    for _ in range(14):
        try:
            pid = os.fork()
        except OSError:
            break
        if pid == 0:
            _fill(96)
            os._exit(0)
        kids.append(pid)
    _fill(96)
    return None

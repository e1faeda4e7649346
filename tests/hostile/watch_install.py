"""Hostile: tries to watch the shared read-only install and other processes (inotify, fanotify, pidfd_getfd,
memfd_secret, io_setup, landlock), to see what concurrent sandboxes and the grader open.

Each call is made through ctypes; the allow-list leaves them out, so each fails with EPERM. It returns the
(result, errno) pairs as its theta, which is never a right answer.

expect: 0
weak-safe: yes
"""

import ctypes
import platform

CALLS = {"x86_64": {"inotify_init1": 294, "fanotify_init": 300, "pidfd_getfd": 438, "memfd_secret": 447,
                    "io_setup": 206, "landlock_create_ruleset": 444},
         "aarch64": {"inotify_init1": 26, "fanotify_init": 262, "pidfd_getfd": 438, "memfd_secret": 447,
                     "io_setup": 0, "landlock_create_ruleset": 444}}
libc = ctypes.CDLL(None, use_errno=True)


def perceptron(X, y, max_epochs=1000, offset=True):
    got = []
    for name, nr in CALLS.get(platform.machine(), {}).items():
        ctypes.set_errno(0)
        rc = libc.syscall(ctypes.c_long(nr), ctypes.c_long(0), ctypes.c_long(0), ctypes.c_long(0))
        got.append((name, rc, ctypes.get_errno()))
    return got, 0.0, True

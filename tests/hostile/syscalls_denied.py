"""Hostile: tries every system call the seccomp filter denies, and AF_INET / netlink sockets; returns the errnos.

expect: 0
weak-safe: yes
"""

import ctypes
import errno
import platform
import socket

libc = ctypes.CDLL(None, use_errno=True)
NUMBERS = {"x86_64": {"ptrace": 101, "process_vm_readv": 310, "keyctl": 250, "add_key": 248, "bpf": 321,
                      "perf_event_open": 298, "userfaultfd": 323, "io_uring_setup": 425, "mount": 165,
                      "umount2": 166, "pivot_root": 155, "unshare": 272, "setns": 308, "kexec_load": 246,
                      "init_module": 175, "reboot": 169, "swapon": 167, "open_by_handle_at": 304}}


def perceptron(X, y, max_epochs=1000, offset=True):
    got = {}
    for name, nr in NUMBERS.get(platform.machine(), {}).items():
        ctypes.set_errno(0)
        rc = libc.syscall(nr, 0, 0, 0, 0, 0)
        got[name] = "allowed" if rc != -1 else errno.errorcode.get(ctypes.get_errno(), "?")
    for family in (socket.AF_INET, socket.AF_INET6, socket.AF_NETLINK, socket.AF_PACKET):
        try:
            socket.socket(family, socket.SOCK_RAW if family in (socket.AF_NETLINK, socket.AF_PACKET) else
                          socket.SOCK_STREAM).close()
            got[str(family)] = "allowed"
        except OSError as err:
            got[str(family)] = errno.errorcode.get(err.errno, "?")
    return got, 0.0, True

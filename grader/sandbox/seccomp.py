"""A seccomp-BPF filter for the sandboxed child: deny the system calls no perceptron needs (standalone)."""

# Loaded by path by zygote.py: stdlib only. Written by hand (classic BPF through ctypes) rather than through
# libseccomp's bindings: the zygote must stay stdlib + numpy, Debian's python3-seccomp is built for the system
# Python only, and the PyPI ctypes bindings are unmaintained. Each rule has its own test in tests/test_sandbox.py.
import ctypes
import errno
import platform
import struct

# Denied with EPERM: debugging other processes, kernel keyrings, eBPF, perf, userfaultfd, io_uring, mounts and
# namespaces, kernel modules and kexec, reboot and swap, and file handles (the "shocker" escape).
DENIED = ("ptrace", "process_vm_readv", "process_vm_writev", "keyctl", "add_key", "request_key", "bpf",
          "perf_event_open", "userfaultfd", "io_uring_setup", "io_uring_enter", "io_uring_register", "mount",
          "umount2", "pivot_root", "unshare", "setns", "open_tree", "move_mount", "fsopen", "fsconfig", "fsmount",
          "fspick", "mount_setattr", "kexec_load", "kexec_file_load", "init_module", "finit_module",
          "delete_module", "reboot", "swapon", "swapoff", "open_by_handle_at")
_NUMBERS = {
    "x86_64": dict(ptrace=101, process_vm_readv=310, process_vm_writev=311, keyctl=250, add_key=248,
                   request_key=249, bpf=321, perf_event_open=298, userfaultfd=323, io_uring_setup=425,
                   io_uring_enter=426, io_uring_register=427, mount=165, umount2=166, pivot_root=155, unshare=272,
                   setns=308, open_tree=428, move_mount=429, fsopen=430, fsconfig=431, fsmount=432, fspick=433,
                   mount_setattr=442, kexec_load=246, kexec_file_load=320, init_module=175, finit_module=313,
                   delete_module=176, reboot=169, swapon=167, swapoff=168, open_by_handle_at=304,
                   socket=41, socketpair=53, clone=56, clone3=435, seccomp=317, flock=73, fcntl=72),
    "aarch64": dict(ptrace=117, process_vm_readv=270, process_vm_writev=271, keyctl=219, add_key=217,
                    request_key=218, bpf=280, perf_event_open=241, userfaultfd=282, io_uring_setup=425,
                    io_uring_enter=426, io_uring_register=427, mount=40, umount2=39, pivot_root=41, unshare=97,
                    setns=268, open_tree=428, move_mount=429, fsopen=430, fsconfig=431, fsmount=432, fspick=433,
                    mount_setattr=442, kexec_load=104, kexec_file_load=294, init_module=105, finit_module=273,
                    delete_module=106, reboot=142, swapon=224, swapoff=225, open_by_handle_at=265,
                    socket=198, socketpair=199, clone=220, clone3=435, seccomp=277, flock=32, fcntl=25),
}
_AUDIT_ARCH = {"x86_64": 0xC000003E, "aarch64": 0xC00000B7}
CLONE_NEW_ANY = 0x00020000 | 0x02000000 | 0x04000000 | 0x08000000 | 0x10000000 | 0x20000000 | 0x40000000 | 0x00000080
AF_UNIX = 1
_X32_BIT = 0x40000000

_LD_W_ABS, _JEQ, _JSET, _JGE, _RET = 0x20, 0x15, 0x45, 0x35, 0x06
_ALLOW, _ERRNO = 0x7FFF0000, 0x00050000
_NR, _ARCH, _ARG0, _ARG1 = 0, 4, 16, 24  # offsets in struct seccomp_data (low 32 bits of args[i], little-endian)
# File locks: F_GETLK, F_SETLK, F_SETLKW and their open-file-description forms. Two sandboxes see the same inodes
# through their read-only binds (/etc/passwd, the Python install): a lock taken in one is seen by the other, a
# channel between submissions. No perceptron needs a lock, so every inode is unlockable inside (ENOLCK).
LOCK_COMMANDS = (5, 6, 7, 36, 37, 38)


def numbers() -> dict[str, int]:
    """This machine's system call numbers for the filtered calls; KeyError where the architecture is unknown."""
    return _NUMBERS[platform.machine()]


def _stmt(code: int, k: int) -> tuple:
    return code, 0, 0, k


def _jump(code: int, k: int, jt: int, jf: int) -> tuple:
    return code, jt, jf, k


def program() -> list[tuple]:
    """The filter as (code, jt, jf, k) instructions."""
    nr, deny = numbers(), _ERRNO | errno.EPERM
    prog = [_stmt(_LD_W_ABS, _ARCH), _jump(_JEQ, _AUDIT_ARCH[platform.machine()], 1, 0), _stmt(_RET, deny),
            _stmt(_LD_W_ABS, _NR), _jump(_JGE, _X32_BIT, 0, 1), _stmt(_RET, deny)]
    for name in DENIED:
        prog += [_jump(_JEQ, nr[name], 0, 1), _stmt(_RET, deny)]
    # clone3 passes its flags in memory, which a filter cannot read: ENOSYS makes libc fall back to clone.
    prog += [_jump(_JEQ, nr["clone3"], 0, 1), _stmt(_RET, _ERRNO | errno.ENOSYS)]
    prog += [_jump(_JEQ, nr["clone"], 0, 3), _stmt(_LD_W_ABS, _ARG0),
             _jump(_JSET, CLONE_NEW_ANY, 0, 1), _stmt(_RET, deny), _stmt(_LD_W_ABS, _NR)]
    nolock = _ERRNO | errno.ENOLCK
    prog += [_jump(_JEQ, nr["flock"], 0, 1), _stmt(_RET, nolock)]
    prog += [_jump(_JEQ, nr["fcntl"], 0, 2 + 2 * len(LOCK_COMMANDS)), _stmt(_LD_W_ABS, _ARG1)]
    for cmd in LOCK_COMMANDS:
        prog += [_jump(_JEQ, cmd, 0, 1), _stmt(_RET, nolock)]
    prog += [_stmt(_LD_W_ABS, _NR)]
    for name in ("socket", "socketpair"):  # only AF_UNIX sockets: no network, netlink, packet or vsock
        prog += [_jump(_JEQ, nr[name], 0, 4), _stmt(_LD_W_ABS, _ARG0), _jump(_JEQ, AF_UNIX, 1, 0),
                 _stmt(_RET, deny), _stmt(_LD_W_ABS, _NR)]
    return prog + [_stmt(_RET, _ALLOW)]


class _Prog(ctypes.Structure):
    _fields_ = [("len", ctypes.c_ushort), ("filter", ctypes.c_void_p)]


_prepared: tuple | None = None  # (buffer, struct sock_fprog, libc): built once, in the zygote, before any fork


def prepare() -> tuple:
    """Build the filter's program and the ctypes call once (the zygote does, so that each child only installs)."""
    global _prepared
    if _prepared is None:
        raw = b"".join(struct.pack("=HBBI", *ins) for ins in program())
        buf = ctypes.create_string_buffer(raw, len(raw))
        _prepared = (buf, _Prog(len(raw) // 8, ctypes.cast(buf, ctypes.c_void_p)), ctypes.CDLL(None, use_errno=True))
    return _prepared


def install() -> None:
    """Install the filter on every thread of the calling process (needs no_new_privs first); OSError if refused."""
    _, prog, libc = prepare()
    set_mode_filter, flag_tsync = 1, 1
    if libc.syscall(ctypes.c_long(numbers()["seccomp"]), ctypes.c_uint(set_mode_filter), ctypes.c_uint(flag_tsync),
                    ctypes.byref(prog)) != 0:
        err = ctypes.get_errno()
        raise OSError(err, f"seccomp: {errno.errorcode.get(err, err)}")

"""A seccomp-BPF allow-list for the sandboxed child: the system calls Python, numpy and the harness use (standalone)."""

# Loaded by path by zygote.py: stdlib only. Written by hand (classic BPF through ctypes) rather than through
# libseccomp's bindings: the zygote must stay stdlib + numpy, Debian's python3-seccomp is built for the system
# Python only, and the PyPI ctypes bindings are unmaintained. Like isolate's and DMOJ's filters it lists what is
# allowed: every other call fails with EPERM. The list is what benchmarks/measure_syscalls.py saw children make on
# the samples, the preset samples, notebooks and real student files, plus what the same runtime may need on
# other paths (threads, subprocesses, temp files, AF_UNIX sockets, signals, timers). A few calls keep a rule on
# their arguments: clone without new namespaces, clone3 ENOSYS (libc falls back to clone), no file locks (ENOLCK),
# AF_UNIX sockets only. tests/test_sandbox_hardening.py checks each DENIED call and that correct code still runs.
import ctypes
import errno
import platform
import struct

ALLOWED = tuple("""
    read write futex mmap munmap brk newfstatat fstat lseek ioctl close openat rt_sigaction rt_sigprocmask
    getpid clock_gettime poll ppoll mprotect madvise getrandom getdents64 readlink readv writev pread64
    pwrite64 preadv pwritev preadv2 pwritev2 open openat2 close_range creat stat lstat statx statfs fstatfs
    mremap msync rt_sigreturn rt_sigsuspend rt_sigtimedwait rt_sigpending sigaltstack pause alarm getitimer
    setitimer access faccessat faccessat2 pipe pipe2 dup dup2 dup3 fcntl flock getppid gettid getuid geteuid
    getgid getegid getgroups getresuid getresgid getpgrp getpgid getsid setsid setpgid uname getcwd chdir
    fchdir readlinkat getdents mkdir mkdirat rmdir unlink unlinkat rename renameat renameat2 fsync fdatasync
    ftruncate truncate fallocate fadvise64 chmod fchmod fchmodat umask utimensat utime utimes futimesat
    getrlimit setrlimit prlimit64 getrusage times sysinfo clock_getres clock_nanosleep nanosleep
    gettimeofday time futex_waitv set_robust_list get_robust_list set_tid_address rseq arch_prctl prctl
    sched_getaffinity sched_setaffinity sched_yield sched_getparam sched_getscheduler sched_get_priority_max
    sched_get_priority_min getpriority setpriority getcpu select pselect6 epoll_create epoll_create1
    epoll_ctl epoll_wait epoll_pwait epoll_pwait2 eventfd eventfd2 wait4 waitid kill tgkill tkill exit
    exit_group clone clone3 fork vfork execve execveat socket socketpair connect bind listen accept accept4
    sendto recvfrom sendmsg recvmsg sendmmsg recvmmsg shutdown getsockname getpeername setsockopt getsockopt
    sendfile copy_file_range splice tee membarrier mincore restart_syscall
""".split())
# Absent from ALLOWED, named so that a test checks each: debugging other processes, keyrings, eBPF, perf,
# userfaultfd, io_uring and AIO, mounts and namespaces, modules, kexec, reboot, swap, file handles, inotify and
# fanotify (what other sandboxes open in the shared read-only install), pidfds, memfds, Landlock, identities.
DENIED = tuple("""
    ptrace process_vm_readv process_vm_writev keyctl add_key request_key bpf perf_event_open userfaultfd
    io_uring_setup io_uring_enter io_uring_register io_setup io_submit io_getevents io_destroy io_cancel
    mount umount2 pivot_root unshare setns open_tree move_mount fsopen fsconfig fsmount fspick mount_setattr
    kexec_load kexec_file_load init_module finit_module delete_module reboot swapon swapoff
    open_by_handle_at name_to_handle_at inotify_init inotify_init1 inotify_add_watch fanotify_init
    fanotify_mark pidfd_open pidfd_getfd pidfd_send_signal memfd_secret memfd_create landlock_create_ruleset
    landlock_add_rule landlock_restrict_self seccomp setuid setgid setreuid setregid setresuid setresgid
    setgroups chroot acct syslog personality process_madvise kcmp mknod mknodat link linkat symlink
    symlinkat chown fchown lchown fchownat timerfd_create signalfd4
""".split())
_NUMBERS = {
    "x86_64": dict(
        read=0, write=1, futex=202, mmap=9, munmap=11, brk=12, newfstatat=262, fstat=5, lseek=8, ioctl=16,
        close=3, openat=257, rt_sigaction=13, rt_sigprocmask=14, getpid=39, clock_gettime=228, poll=7,
        ppoll=271, mprotect=10, madvise=28, getrandom=318, getdents64=217, readlink=89, readv=19, writev=20,
        pread64=17, pwrite64=18, preadv=295, pwritev=296, preadv2=327, pwritev2=328, open=2, openat2=437,
        close_range=436, creat=85, stat=4, lstat=6, statx=332, statfs=137, fstatfs=138, mremap=25, msync=26,
        rt_sigreturn=15, rt_sigsuspend=130, rt_sigtimedwait=128, rt_sigpending=127, sigaltstack=131,
        pause=34, alarm=37, getitimer=36, setitimer=38, access=21, faccessat=269, faccessat2=439, pipe=22,
        pipe2=293, dup=32, dup2=33, dup3=292, fcntl=72, flock=73, getppid=110, gettid=186, getuid=102,
        geteuid=107, getgid=104, getegid=108, getgroups=115, getresuid=118, getresgid=120, getpgrp=111,
        getpgid=121, getsid=124, setsid=112, setpgid=109, uname=63, getcwd=79, chdir=80, fchdir=81,
        readlinkat=267, getdents=78, mkdir=83, mkdirat=258, rmdir=84, unlink=87, unlinkat=263, rename=82,
        renameat=264, renameat2=316, fsync=74, fdatasync=75, ftruncate=77, truncate=76, fallocate=285,
        fadvise64=221, chmod=90, fchmod=91, fchmodat=268, umask=95, utimensat=280, utime=132, utimes=235,
        futimesat=261, getrlimit=97, setrlimit=160, prlimit64=302, getrusage=98, times=100, sysinfo=99,
        clock_getres=229, clock_nanosleep=230, nanosleep=35, gettimeofday=96, time=201, futex_waitv=449,
        set_robust_list=273, get_robust_list=274, set_tid_address=218, rseq=334, arch_prctl=158, prctl=157,
        sched_getaffinity=204, sched_setaffinity=203, sched_yield=24, sched_getparam=143,
        sched_getscheduler=145, sched_get_priority_max=146, sched_get_priority_min=147, getpriority=140,
        setpriority=141, getcpu=309, select=23, pselect6=270, epoll_create=213, epoll_create1=291,
        epoll_ctl=233, epoll_wait=232, epoll_pwait=281, epoll_pwait2=441, eventfd=284, eventfd2=290,
        wait4=61, waitid=247, kill=62, tgkill=234, tkill=200, exit=60, exit_group=231, clone=56, clone3=435,
        fork=57, vfork=58, execve=59, execveat=322, socket=41, socketpair=53, connect=42, bind=49,
        listen=50, accept=43, accept4=288, sendto=44, recvfrom=45, sendmsg=46, recvmsg=47, sendmmsg=307,
        recvmmsg=299, shutdown=48, getsockname=51, getpeername=52, setsockopt=54, getsockopt=55,
        sendfile=40, copy_file_range=326, splice=275, tee=276, membarrier=324, mincore=27,
        restart_syscall=219, ptrace=101, process_vm_readv=310, process_vm_writev=311, keyctl=250,
        add_key=248, request_key=249, bpf=321, perf_event_open=298, userfaultfd=323, io_uring_setup=425,
        io_uring_enter=426, io_uring_register=427, io_setup=206, io_submit=209, io_getevents=208,
        io_destroy=207, io_cancel=210, mount=165, umount2=166, pivot_root=155, unshare=272, setns=308,
        open_tree=428, move_mount=429, fsopen=430, fsconfig=431, fsmount=432, fspick=433, mount_setattr=442,
        kexec_load=246, kexec_file_load=320, init_module=175, finit_module=313, delete_module=176,
        reboot=169, swapon=167, swapoff=168, open_by_handle_at=304, name_to_handle_at=303, inotify_init=253,
        inotify_init1=294, inotify_add_watch=254, fanotify_init=300, fanotify_mark=301, pidfd_open=434,
        pidfd_getfd=438, pidfd_send_signal=424, memfd_secret=447, memfd_create=319,
        landlock_create_ruleset=444, landlock_add_rule=445, landlock_restrict_self=446, seccomp=317,
        setuid=105, setgid=106, setreuid=113, setregid=114, setresuid=117, setresgid=119, setgroups=116,
        chroot=161, acct=163, syslog=103, personality=135, process_madvise=440, kcmp=312, mknod=133,
        mknodat=259, link=86, linkat=265, symlink=88, symlinkat=266, chown=92, fchown=93, lchown=94,
        fchownat=260, timerfd_create=283, signalfd4=289),
    "aarch64": dict(
        read=63, write=64, futex=98, mmap=222, munmap=215, brk=214, newfstatat=79, fstat=80, lseek=62,
        ioctl=29, close=57, openat=56, rt_sigaction=134, rt_sigprocmask=135, getpid=172, clock_gettime=113,
        ppoll=73, mprotect=226, madvise=233, getrandom=278, getdents64=61, readv=65, writev=66, pread64=67,
        pwrite64=68, preadv=69, pwritev=70, preadv2=286, pwritev2=287, openat2=437, close_range=436,
        statx=291, statfs=43, fstatfs=44, mremap=216, msync=227, rt_sigreturn=139, rt_sigsuspend=133,
        rt_sigtimedwait=137, rt_sigpending=136, sigaltstack=132, getitimer=102, setitimer=103, faccessat=48,
        faccessat2=439, pipe2=59, dup=23, dup3=24, fcntl=25, flock=32, getppid=173, gettid=178, getuid=174,
        geteuid=175, getgid=176, getegid=177, getgroups=158, getresuid=148, getresgid=150, getpgid=155,
        getsid=156, setsid=157, setpgid=154, uname=160, getcwd=17, chdir=49, fchdir=50, readlinkat=78,
        mkdirat=34, unlinkat=35, renameat=38, renameat2=276, fsync=82, fdatasync=83, ftruncate=46,
        truncate=45, fallocate=47, fadvise64=223, fchmod=52, fchmodat=53, umask=166, utimensat=88,
        getrlimit=163, setrlimit=164, prlimit64=261, getrusage=165, times=153, sysinfo=179,
        clock_getres=114, clock_nanosleep=115, nanosleep=101, gettimeofday=169, futex_waitv=449,
        set_robust_list=99, get_robust_list=100, set_tid_address=96, rseq=293, prctl=167,
        sched_getaffinity=123, sched_setaffinity=122, sched_yield=124, sched_getparam=121,
        sched_getscheduler=120, sched_get_priority_max=125, sched_get_priority_min=126, getpriority=141,
        setpriority=140, getcpu=168, pselect6=72, epoll_create1=20, epoll_ctl=21, epoll_pwait=22,
        epoll_pwait2=441, eventfd2=19, wait4=260, waitid=95, kill=129, tgkill=131, tkill=130, exit=93,
        exit_group=94, clone=220, clone3=435, execve=221, execveat=281, socket=198, socketpair=199,
        connect=203, bind=200, listen=201, accept=202, accept4=242, sendto=206, recvfrom=207, sendmsg=211,
        recvmsg=212, sendmmsg=269, recvmmsg=243, shutdown=210, getsockname=204, getpeername=205,
        setsockopt=208, getsockopt=209, sendfile=71, copy_file_range=285, splice=76, tee=77, membarrier=283,
        mincore=232, restart_syscall=128, ptrace=117, process_vm_readv=270, process_vm_writev=271,
        keyctl=219, add_key=217, request_key=218, bpf=280, perf_event_open=241, userfaultfd=282,
        io_uring_setup=425, io_uring_enter=426, io_uring_register=427, io_setup=0, io_submit=2,
        io_getevents=4, io_destroy=1, io_cancel=3, mount=40, umount2=39, pivot_root=41, unshare=97,
        setns=268, open_tree=428, move_mount=429, fsopen=430, fsconfig=431, fsmount=432, fspick=433,
        mount_setattr=442, kexec_load=104, kexec_file_load=294, init_module=105, finit_module=273,
        delete_module=106, reboot=142, swapon=224, swapoff=225, open_by_handle_at=265,
        name_to_handle_at=264, inotify_init1=26, inotify_add_watch=27, fanotify_init=262, fanotify_mark=263,
        pidfd_open=434, pidfd_getfd=438, pidfd_send_signal=424, memfd_secret=447, memfd_create=279,
        landlock_create_ruleset=444, landlock_add_rule=445, landlock_restrict_self=446, seccomp=277,
        setuid=146, setgid=144, setreuid=145, setregid=143, setresuid=147, setresgid=149, setgroups=159,
        chroot=51, acct=89, syslog=116, personality=92, process_madvise=440, kcmp=272, mknodat=33,
        linkat=37, symlinkat=36, fchown=55, fchownat=54, timerfd_create=85, signalfd4=74),
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
    """This machine's system call numbers of the listed calls (an architecture's table lacks the calls it does not
    have, e.g. aarch64's open); KeyError where the architecture is unknown."""
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
    for name in ALLOWED:  # the hottest calls come first in the list
        if name in nr:
            prog += [_jump(_JEQ, nr[name], 0, 1), _stmt(_RET, _ALLOW)]
    return prog + [_stmt(_RET, deny)]


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

"""A loaded child's split (standalone): a fork answers the visible cases; the parent, once that fork ended, the hidden.

The student's file is imported once. Its fork is made before any case is sent, so it never holds a hidden case; the
parent holds no case until the fork has ended as told and every other process of the sandbox is gone, and its own
output then goes nowhere. Whatever the file set up at import (threads, descriptors, shared memory, files in /tmp)
only ever carries data from the visible side to the hidden one. The grader stops reading the child's output before
it sends the first hidden case, so nothing written after that can reach the student whoever writes it.
"""

# Loaded by path by harness.py inside the sandboxed child: stdlib only, besides the channel module it is given.
import os
import signal
import warnings

channel = None  # set by bind()
MAX_REAPS = 1 << 16  # processes a sweep collects at most (pids.max and RLIMIT_NPROC bound them far lower)


def bind(wire) -> None:
    """Give this module the channel module the zygote loaded."""
    global channel
    channel = wire


def visible() -> bool:
    """Fork the visible child. In it: True (it answers the load and runs the visible cases). In the parent: False
    once the fork ended with `end`, the sandbox swept and the output muted; on any other end of the fork the parent
    reports it (a `gone` frame with the wait status) and exits. No fork possible: True (no split)."""
    mask = signal.pthread_sigmask(signal.SIG_BLOCK, signal.valid_signals())  # no handler of the file runs meanwhile
    try:
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            pid = os.fork()
    except OSError:
        signal.pthread_sigmask(signal.SIG_SETMASK, mask)
        return True  # this process stays the visible one; the grader sends the hidden cases to a fresh child
    if pid == 0:
        os.setpgid(0, 0)
        signal.pthread_sigmask(signal.SIG_SETMASK, mask)
        return True
    _, status = os.waitpid(pid, 0)
    sweep(pid)
    if not (os.WIFEXITED(status) and os.WEXITSTATUS(status) == channel.EXIT_END):
        channel.write_all(4, channel.frame(channel.dumps({"k": "gone", "status": status})))
        os._exit(0)
    mute()
    signal.pthread_sigmask(signal.SIG_SETMASK, mask)
    return False


def sweep(pid: int) -> None:
    """Kill what the visible child left: as the PID namespace's init, every other process in it (reaping each);
    elsewhere (weak isolation) its process group, whose strays the zygote's sweep of the job takes."""
    if os.getpid() != 1:
        try:
            os.killpg(pid, signal.SIGKILL)
        except OSError:
            pass
        return
    for _ in range(MAX_REAPS):
        try:
            os.kill(-1, signal.SIGKILL)
        except OSError:
            pass
        try:
            os.waitpid(-1, 0)
        except ChildProcessError:
            return


def mute() -> None:
    """Point this process's stdout and stderr at /dev/null: what the hidden cases print goes nowhere."""
    null = os.open("/dev/null", os.O_WRONLY)
    os.dup2(null, 1)
    os.dup2(null, 2)
    os.close(null)

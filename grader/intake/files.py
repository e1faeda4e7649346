"""Read a submitted file safely: regular files only, never through a symbolic link, at most MAX_READ bytes."""

from __future__ import annotations

import os
import stat
from pathlib import Path

MAX_READ = 4 << 20  # bytes of a submission the grader reads (the sandbox refuses larger sources anyway)


def read_submission(path: Path) -> tuple[bytes, str, str]:
    """(source, filename, why not gradable): regular files only, never through a symlink, at most MAX_READ bytes."""
    try:
        info = os.lstat(path)
    except OSError as err:
        return b"", path.name, f"the file cannot be read ({err.strerror})"
    if stat.S_ISLNK(info.st_mode):
        return b"", path.name, "it is a symbolic link, not a file (submit the file itself)"
    if stat.S_ISDIR(info.st_mode):
        return b"", "folder", "a folder without exactly one .py or .ipynb file"
    if not stat.S_ISREG(info.st_mode):
        return b"", path.name, "it is not a regular file"
    try:
        fd = os.open(path, os.O_RDONLY | os.O_NOFOLLOW | os.O_NONBLOCK | os.O_CLOEXEC)
    except OSError as err:
        return b"", path.name, f"the file cannot be read ({err.strerror})"
    with os.fdopen(fd, "rb") as fh:
        if not stat.S_ISREG(os.fstat(fh.fileno()).st_mode):  # swapped for something else after the lstat
            return b"", path.name, "it is not a regular file"
        data = fh.read(MAX_READ + 1)
    if len(data) > MAX_READ:
        return b"", path.name, f"the file is larger than {MAX_READ >> 20} MiB"
    return data, path.name, ""

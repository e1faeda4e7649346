"""Files replaced whole: a reader sees the old content or the new, never a part (temp file + os.replace)."""

from __future__ import annotations

import itertools
import os
from pathlib import Path

_SERIAL = itertools.count()  # next() on it is atomic under the GIL: worker threads never share a temp name


def atomic_write(path: Path, text: str | bytes) -> None:
    """Write `text` (str, as UTF-8, or bytes) to `path` through a temp file beside it, then rename it into place.

    The temp name is unique to this process and call (`.NAME.PID.N.tmp`), created exclusively (O_EXCL): a file of
    that name left by a crash is removed first, since no live writer can own it.
    """
    path.parent.mkdir(parents=True, exist_ok=True)
    tmp = path.parent / f".{path.name}.{os.getpid()}.{next(_SERIAL)}.tmp"
    data = text.encode("utf-8") if isinstance(text, str) else bytes(text)
    flags = os.O_WRONLY | os.O_CREAT | os.O_EXCL | os.O_CLOEXEC | getattr(os, "O_NOFOLLOW", 0)
    try:
        fd = os.open(tmp, flags, 0o644)
    except FileExistsError:
        tmp.unlink()
        fd = os.open(tmp, flags, 0o644)
    try:
        with memoryview(data) as view:
            while view:
                view = view[os.write(fd, view):]
        os.close(fd)
        fd = -1
        os.replace(tmp, path)
    except BaseException:
        if fd >= 0:
            os.close(fd)
        tmp.unlink(missing_ok=True)
        raise

"""The top-level names a file defines, read from its text without running or parsing it (for messages only)."""

from __future__ import annotations

import re

DEFINED = re.compile(rb"^(?:async[ \t]+def|def|class)[ \t]+([A-Za-z_][A-Za-z0-9_]{0,63})\b"
                     rb"|^([A-Za-z_][A-Za-z0-9_]{0,63})[ \t]*=(?!=)", re.MULTILINE)
MAX_NAMES = 64


def defined_names(source: bytes) -> tuple[str, ...]:
    """Names defined at the start of a line (def, class, assignment), in order of first appearance, at most 64.

    A text scan, bounded and linear: what the harness finds at run time decides; this only tells which of
    a course's accepted names a student wrote, and which near names a batch defines instead."""
    out: dict[str, None] = {}
    for m in DEFINED.finditer(source):
        name = (m.group(1) or m.group(2)).decode("ascii")
        out.setdefault(name, None)
        if len(out) >= MAX_NAMES:
            break
    return tuple(out)


def used_names(functions, defined: tuple[str, ...]) -> dict[str, str]:
    """canonical -> the accepted name the file uses, for functions whose file uses another than the canonical."""
    out = {}
    for f in functions:
        used = next((n for n in f.names if n in defined), f.name)
        if used != f.name:
            out[f.name] = used
    return out

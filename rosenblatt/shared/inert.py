"""Make untrusted text (student output, file names) inert wherever it is shown: Markdown, terminals, CSV, paths."""

from __future__ import annotations

import hashlib
import re
import unicodedata

# C0/C1 controls and the Unicode format characters that reorder or hide text (bidi overrides, zero-width, BOM).
_UNSAFE = re.compile(r"[\x00-\x08\x0b-\x1f\x7f-\x9f\u061c\u200b-\u200f\u2028-\u202e\u2060-\u2069\ufeff\ufff9-\ufffb]")
_MD_SPECIAL = re.compile(r"([\\`*\[\]|~#$!{}]|(?<![A-Za-z0-9])_|_(?![A-Za-z0-9]))")  # intraword _ is inert
_HTML = {"&": "&amp;", "<": "&lt;", ">": "&gt;"}
_AUTOLINK = re.compile(r"(?i)(://|www\.|@)")
CSV_TRIGGERS = ("=", "+", "-", "@", "\t", "\r")
RESERVED_FOLDERS = frozenset({"gradebook.csv", "summary.html", "summary.json", "errors", ".rosenblatt"})
MAX_FOLDER_BYTES = 96


def _escape_char(match: re.Match) -> str:
    code = ord(match.group(0))
    return f"\\x{code:02x}" if code < 0x100 else f"\\u{code:04x}"


def visible(text: str, keep_newlines: bool = False) -> str:
    """Control and bidi/format characters shown as escapes (\\x1b, \\u202e); newlines kept only when asked."""
    text = str(text)
    if keep_newlines:
        return "\n".join(_UNSAFE.sub(_escape_char, line.replace("\t", "    ")) for line in text.split("\n"))
    return _UNSAFE.sub(_escape_char, text.replace("\n", "\\n").replace("\t", "\\t"))


def display_name(name: str, limit: int = 120) -> str:
    """A submission name safe to print on one line anywhere (terminal, Markdown heading, CSV), length-capped."""
    shown = visible(name)
    return shown if len(shown) <= limit else shown[: limit - 1] + "…"


def md_inline(text: object) -> str:
    """Text that renders literally inside a Markdown line: one line, no HTML, links, emphasis, code or tables."""
    line = visible(str(text))
    line = "".join(_HTML.get(ch, ch) for ch in line)
    line = _MD_SPECIAL.sub(r"\\\1", line)
    return _AUTOLINK.sub(lambda m: m.group(1).replace(":", "&#58;").replace(".", "&#46;").replace("@", "&#64;"),
                         line)


def _longest_ticks(text: str) -> int:
    """The longest run of backticks in text (one pass, no backtracking)."""
    longest = run = 0
    for ch in text:
        run = run + 1 if ch == "`" else 0
        longest = max(longest, run)
    return longest


def md_code(text: object, limit: int = 400) -> str:
    """Text shown verbatim inside a Markdown line: one line (controls escaped), at most `limit` characters, in a
    code span whose backtick fence is longer than any run inside, so no HTML, link, image or emphasis in it is live.

    This and `md_fence` (a block) are the one way a student's text enters Markdown as code; `md_inline` escapes it
    where it is prose. Empty text gives an empty string."""
    line = visible(str(text))
    line = line if len(line) <= limit else line[: limit - 1] + "…"
    if not line:
        return ""
    fence = "`" * (_longest_ticks(line) + 1)
    pad = " " if line[0] in "` " or line[-1] in "` " else ""
    return f"{fence}{pad}{line}{pad}{fence}"


def md_fence(text: object) -> str:
    """A fenced code block holding text verbatim: the fence is longer than any run of backticks inside."""
    body = visible(str(text), keep_newlines=True).rstrip("\n")
    fence = "`" * max(3, _longest_ticks(body) + 1)
    return f"{fence}\n{body}\n{fence}"


def terminal(text: object) -> str:
    """Multi-line text safe to print to a terminal: escape sequences and bidi controls shown, not obeyed."""
    return visible(str(text), keep_newlines=True)


def csv_cell(value: object) -> object:
    """A CSV cell a spreadsheet will not run: text starting with = + - @ tab or CR gets a leading quote (OWASP)."""
    if not isinstance(value, str):
        return value
    text = visible(value)
    return "'" + text if text.startswith(CSV_TRIGGERS) or value.startswith(CSV_TRIGGERS) else text


def folder_name(name: str) -> str:
    """The output folder for a submission: the name itself when plain, else a bounded slug plus a digest.

    Plain means ASCII letters, digits, `._-`, not starting with a dot, not one of the batch's own files, and at
    most MAX_FOLDER_BYTES long; everything else (spaces, Unicode, escapes, `gradebook.csv`) gets a suffix, so
    per-submission folders never collide with the batch's files and stay well inside NAME_MAX with temp names.
    """
    plain = re.fullmatch(r"[A-Za-z0-9_][A-Za-z0-9._-]*", name) is not None
    if plain and len(name) <= MAX_FOLDER_BYTES and name.lower() not in RESERVED_FOLDERS:
        return name
    ascii_name = unicodedata.normalize("NFKD", name).encode("ascii", "ignore").decode("ascii")
    slug = re.sub(r"[^A-Za-z0-9_-]+", "_", ascii_name).strip("_-")[:48] or "submission"
    return f"{slug}-{hashlib.sha256(name.encode('utf-8', 'surrogateescape')).hexdigest()[:12]}"

"""Read a .ipynb file into its cells with nbformat, bounded in bytes, cells and code before anything is parsed."""

from __future__ import annotations

from typing import Any

from rosenblatt.shared import SubmissionError

MAX_BYTES = 4 << 20  # the file (as read_submission reads at most)
MAX_CELLS = 2000  # cells of any kind
MAX_CODE = 256 << 10  # characters of code in all code cells together: the slowest parse stays under a second


class NotebookError(SubmissionError):
    """A notebook file that cannot be read (not JSON, not a notebook, too large); the message is one sentence."""


def read_cells(filename: str, raw: bytes) -> list[tuple[int, str, str, Any]]:
    """(position, cell type, source, execution count) of every cell, read by nbformat; NotebookError if unreadable."""
    if len(raw) > MAX_BYTES:
        raise NotebookError(f"{filename}: the notebook is larger than {MAX_BYTES >> 20} MiB")
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError:
        raise NotebookError(f"{filename}: not a Jupyter notebook (the file is not UTF-8 text)") from None
    import nbformat.reader  # here: a .py submission never needs nbformat (and jsonschema, which it imports)

    try:
        nb = nbformat.convert(nbformat.reader.reads(text), 4)
    except nbformat.reader.NotJSONError:
        raise NotebookError(f"{filename}: not a Jupyter notebook (the file is not JSON); save it from Jupyter "
                            "as .ipynb or submit a .py file") from None
    except (ValueError, TypeError, AttributeError, KeyError, IndexError, RecursionError, nbformat.ValidationError):
        raise NotebookError(f"{filename}: not a Jupyter notebook (the JSON lacks the notebook format's cells, "
                            "metadata and nbformat version)") from None  # the parser's message may echo content
    cells = nb.get("cells") if isinstance(nb, dict) else None
    if not isinstance(cells, list) or not all(isinstance(c, dict) and isinstance(c.get("cell_type"), str)
                                              and isinstance(c.get("source", ""), str) for c in cells):
        raise NotebookError(f"{filename}: not a Jupyter notebook (expected a list of cells, each with a type "
                            "and its source)")
    _bounded(filename, cells)
    return [(k, c["cell_type"], c.get("source", ""), c.get("execution_count")) for k, c in enumerate(cells, 1)]


def _bounded(filename: str, cells: list) -> None:
    """At most MAX_CELLS cells and MAX_CODE characters of code: a notebook built to make the grader's reading slow
    is refused in one sentence, before any of it is parsed."""
    if len(cells) > MAX_CELLS:
        raise NotebookError(f"{filename}: the notebook has {len(cells):,} cells; at most {MAX_CELLS:,} are read "
                            "(remove scratch cells, or submit a .py file)")
    code = sum(len(c.get("source", "")) for c in cells if c["cell_type"] == "code")
    if code > MAX_CODE:
        raise NotebookError(f"{filename}: the notebook's code cells hold {code:,} characters; at most {MAX_CODE:,} "
                            "are read (remove pasted data or outputs from code cells, or submit a .py file)")

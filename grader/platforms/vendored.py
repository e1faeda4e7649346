"""The copy of Rosenblatt that the Gradescope and PrairieLearn packages carry: its packages, in the wheel's layout."""

from __future__ import annotations

import importlib.util
from pathlib import Path

import grader
import rosenblatt
from rosenblatt.shared import UsageError, TEMPLATES

# Taken from the running code, so the copy is the same from a wheel, an editable install or a checkout: the three
# packages' folders, and the templates folder that rosenblatt.shared.templating uses (rosenblatt/_templates in a wheel, the
# top-level templates/ otherwise), placed where the wheel has it. Run with PYTHONPATH on the copy's folder.
PACKAGES = (("rosenblatt", Path(rosenblatt.__file__).resolve().parent),
            # the exercise flow is found, not imported: the grader does not run it, the copy's command line does
            ("exercises", Path(importlib.util.find_spec("exercises").origin).resolve().parent),
            ("grader", Path(grader.__file__).resolve().parent))
TEMPLATES_AT = "rosenblatt/_templates"


def _files(prefix: str, folder: Path, skip: str | None = None) -> dict[str, bytes]:
    out = {}
    for f in sorted(folder.rglob("*")):
        inner = f.relative_to(folder)
        if f.is_file() and "__pycache__" not in inner.parts and f.suffix != ".pyc" and inner.parts[0] != skip:
            out[f"{prefix}/{inner.as_posix()}"] = f.read_bytes()
    return out


def package_files() -> dict[str, bytes]:
    """Every file of the copy by its path in the wheel's layout, sorted (bytecode caches left out)."""
    files = {}
    for prefix, folder in PACKAGES:
        files.update(_files(prefix, folder, skip="_templates"))  # a wheel's own rosenblatt/_templates: added next
    files.update(_files(TEMPLATES_AT, TEMPLATES))
    return dict(sorted(files.items()))


def requirements() -> str:
    """Rosenblatt's own dependencies (not its extras') as a requirements.txt, from the installed metadata."""
    from importlib import metadata  # here, not at import: grading in the container never needs it

    try:
        wanted = metadata.requires("rosenblatt") or []
    except metadata.PackageNotFoundError:
        raise UsageError("Rosenblatt is not installed, and the package lists its dependencies from the installed "
                         "metadata: run `pip install .` (or `pip install -e .`) first") from None
    return "".join(f"{r}\n" for r in wanted if "extra" not in r.partition(";")[2])

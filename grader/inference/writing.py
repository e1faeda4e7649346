"""Writing an inferred preset: a module-level API's (preset.py) or a class API's (classpreset.py)."""

from __future__ import annotations

from pathlib import Path

from rosenblatt.shared import AssignmentError
from grader.inference import classpreset, preset
from grader.inference.classmodel import ClassInference
from grader.inference.model import Inference


def write(inf: Inference | ClassInference, out: Path) -> tuple[Path, Path]:
    """Write COURSE.yaml and its handout draft COURSE.md beside it (validated first; both or neither)."""
    if out.suffix not in (".yaml", ".yml"):
        raise AssignmentError(f"--out {out}: must be a .yaml file (the preset); its handout draft goes beside it")
    return classpreset.write(inf, out) if isinstance(inf, ClassInference) else preset.write(inf, out)

"""`prairielearn-package`: an example PrairieLearn course whose question is graded by Rosenblatt in the grader image."""

from __future__ import annotations

import hashlib
import json
import shutil
import tempfile
import uuid
from pathlib import Path

from rosenblatt import __version__
from rosenblatt.shared import UsageError, render
from grader.platforms import vendored
from grader.assignments import Assignment
from grader.platforms.prairielearn import CONFIG, SECRET

IMAGE = "prairielearn/grader-python"
TIMEOUT = 120  # seconds for the whole job: the assignment's budget plus start-up, within PrairieLearn's 600
MARKER = ".rosenblatt-output"


def stable_uuid(*parts: str) -> str:
    """A UUID derived from the parts (PrairieLearn wants a UUID per course and question; the same input, the same)."""
    return str(uuid.uuid5(uuid.NAMESPACE_URL, "rosenblatt:" + ":".join(parts)))


def _json(value: dict) -> str:
    return json.dumps(value, indent=2, ensure_ascii=False) + "\n"


def course_files(a: Assignment, assignment_path: Path, secret: str) -> dict[str, bytes]:
    """Every file of the example course, by relative path; the question's folder and UUIDs derive from the
    assignment and its hidden-case seed, so a retake's package coexists with the first in one course."""
    tag = hashlib.sha256(f"rosenblatt-pl|{a.name}|{a.digest}|{secret}".encode("utf-8")).hexdigest()[:8]
    qid = f"{a.name}_{tag}"
    timeout = min(600, max(TIMEOUT, int(a.total_seconds) + 60))
    info = {
        "uuid": stable_uuid("question", a.name, a.digest, tag), "type": "v3", "title": a.title, "topic": "Perceptron",
        "tags": ["rosenblatt", "code"], "gradingMethod": "External", "singleVariant": True,
        "externalGradingOptions": {"enabled": True, "image": IMAGE, "serverFilesCourse": ["rosenblatt/"],
                                   "entrypoint": "/grade/serverFilesCourse/rosenblatt/run.sh", "timeout": timeout},
    }
    course = {"uuid": stable_uuid("course", a.name, a.digest, tag), "name": "PERCEPTRON",
              "title": f"{a.title} (Rosenblatt example)", "topics": [{"name": "Perceptron", "color": "blue1"}],
              "tags": [{"name": "rosenblatt", "color": "gray1", "description": "Graded by Rosenblatt"},
                       {"name": "code", "color": "green1", "description": "Code submission"}]}
    handout = Path(a.handout).read_text(encoding="utf-8") if a.handout else ""
    names = {"qid": qid, "image": IMAGE, "config": CONFIG, "secret": SECRET, "function": a.function,
             "assignment": a.name, "assignment_file": assignment_path.name, "title": course["title"],
             "version": __version__}
    files = {
        "infoCourse.json": _json(course).encode(),
        "README.md": render("prairielearn/course_readme.md.j2", **names).encode(),
        f"questions/{qid}/info.json": _json(info).encode(),
        f"questions/{qid}/question.html": render("prairielearn/external_question.html", handout=handout,
                                                  function=a.function).encode(),
        f"questions/{qid}/tests/{CONFIG}": f"assignment: {assignment_path.name}\n".encode(),
        f"questions/{qid}/tests/{SECRET}": (secret + "\n").encode(),
        f"questions/{qid}/tests/{assignment_path.name}": assignment_path.read_bytes(),
        "serverFilesCourse/rosenblatt/run.sh": render("prairielearn/run.sh.j2", **names).encode(),
    }
    if a.handout:
        files[f"questions/{qid}/tests/{Path(a.handout).name}"] = Path(a.handout).read_bytes()
    files.update({f"serverFilesCourse/rosenblatt/{name}": data for name, data in vendored.package_files().items()})
    return files


def write_course(files: dict[str, bytes], out: Path) -> None:
    """Write into a hidden sibling folder, then rename into place; an existing `out` only if Rosenblatt wrote it."""
    if out.exists() and (not out.is_dir() or (any(out.iterdir()) and not (out / MARKER).exists())):
        raise UsageError(f"--out {out}: exists and was not written by rosenblatt; choose a new or empty folder")
    out.parent.mkdir(parents=True, exist_ok=True)
    tmp = Path(tempfile.mkdtemp(prefix=f".{out.name}.partial-", dir=out.parent))
    try:
        for name, data in files.items():
            path = tmp / name
            path.parent.mkdir(parents=True, exist_ok=True)
            path.write_bytes(data)
            path.chmod(0o755 if name.endswith(".sh") else 0o644)
        (tmp / MARKER).write_text(f"rosenblatt {__version__}\n", encoding="utf-8")
        if out.exists():
            shutil.rmtree(out)
        tmp.rename(out)
    finally:
        shutil.rmtree(tmp, ignore_errors=True)

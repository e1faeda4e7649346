"""The words of structural, probe and observed findings: rendered from templates/grader/findings.yaml.j2."""

from __future__ import annotations

import yaml

from rosenblatt.shared import render


def words(name: str, **data) -> tuple[str, str]:
    """(title, hint) of one finding, from the data it is about (rendered, then read as YAML)."""
    doc = yaml.safe_load(render("grader/findings.yaml.j2", which=name, d=data))
    return str(doc["title"]), " ".join(str(doc["hint"]).split())

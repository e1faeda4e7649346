"""The bundled course presets: their folder and their names, found without reading a YAML file (for help texts)."""

from __future__ import annotations

from pathlib import Path

BUNDLED = Path(__file__).resolve().parent


def preset_names() -> list[str]:
    """The bundled presets' names, sorted (each is a `NAME.yaml` beside its handout `NAME.md`)."""
    return sorted(p.stem for p in BUNDLED.glob("*.yaml"))

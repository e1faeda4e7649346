"""Packaging: the wheel carries every template, and what the packagers ship runs on its own, away from the checkout."""

from __future__ import annotations

import importlib.util
import json
import os
import shutil
import subprocess
import sys
import zipfile
from fnmatch import fnmatch
from importlib import metadata
from pathlib import Path

import pytest

import grader.sandbox as sandbox_module
from exercises.cli.main import main

ROOT = Path(__file__).resolve().parent.parent
SUBMISSIONS = ROOT / "submissions"
BUILT_FROM = ("pyproject.toml", "README.md", "rosenblatt", "exercises", "grader", "templates")  # what the wheel is built from
REAL = hasattr(sandbox_module, "Sandbox")
# No PYTHONPATH: the commands must import what was installed or shipped, not this checkout.
CLEAN_ENV = {k: v for k, v in os.environ.items() if k not in ("PYTHONPATH", "PYTHONHOME")}


def _run(argv: list[str], cwd: Path, env: dict[str, str] | None = None) -> str:
    res = subprocess.run(argv, cwd=cwd, env=env or CLEAN_ENV, capture_output=True, text=True, timeout=300)
    assert res.returncode == 0, f"{argv} exited {res.returncode}:\n{res.stdout}\n{res.stderr}"
    return res.stdout


def _folders(top: Path) -> list[Path]:
    return [p.relative_to(top) for p in sorted([top, *top.rglob("*")]) if p.is_dir() and "__pycache__" not in p.parts]


def test_pyproject_lists_every_folder_and_template_type():
    tomllib = pytest.importorskip("tomllib")
    config = tomllib.loads((ROOT / "pyproject.toml").read_text())["tool"]["setuptools"]
    found = {".".join((top, *folder.parts)) for top in ("rosenblatt", "exercises", "grader") for folder in _folders(ROOT / top)}
    found |= {".".join(("rosenblatt._templates", *folder.parts)) for folder in _folders(ROOT / "templates")}
    assert set(config["packages"]) == found  # a folder missing here would be missing from the wheel
    assert config["package-dir"] == {"rosenblatt._templates": "templates"}
    globs = [g.removeprefix("**/") for g in config["package-data"]["rosenblatt._templates"]]
    templates = [p for p in (ROOT / "templates").rglob("*") if p.is_file() and "__pycache__" not in p.parts]
    assert templates and [p for p in templates if not any(fnmatch(p.name, g) for g in globs)] == []


@pytest.mark.skipif(not REAL, reason="needs the real sandbox (the copy grades in a subprocess)")
def test_the_gradescope_copy_of_rosenblatt_runs_on_its_own(tmp_path):
    zpath = tmp_path / "autograder.zip"
    assert main(["gradescope-package", "--assignment", "default", "--out", str(zpath)]) == 0
    source = tmp_path / "autograder" / "source"
    zipfile.ZipFile(zpath).extractall(source)
    copy = source / "rosenblatt"
    assert not (copy / "templates").exists() and (copy / "requirements.txt").read_text().startswith("numpy")
    env = {**CLEAN_ENV, "PYTHONPATH": str(copy)}  # as run_autograder runs it
    where = _run([sys.executable, "-c", "import rosenblatt.shared.templating as r; print(r.TEMPLATES)"], tmp_path, env)
    assert Path(where.strip()) == copy / "rosenblatt" / "_templates"
    (tmp_path / "submission").mkdir()
    shutil.copy(SUBMISSIONS / "correct.py", tmp_path / "submission" / "perceptron.py")
    _run([sys.executable, "-m", "exercises", "gradescope", "--assignment", str(source / "assignment/default.yaml"),
          "--submission-dir", "submission", "--results", "results.json", "--secret-file", str(source / "secret.txt")],
         tmp_path, env)
    results = json.loads((tmp_path / "results.json").read_text())
    assert results["score"] == results["max_score"] > 0


def _cannot_build() -> str:
    """Why this Python cannot build the wheel offline (--no-build-isolation), or ''."""
    try:
        version = tuple(int(part) for part in metadata.version("setuptools").split(".")[:2])
    except metadata.PackageNotFoundError:
        return "setuptools is not installed"
    if version < (64, 0):
        return f"setuptools {version} is older than the 64 that pyproject.toml asks for"
    if version < (70, 1) and importlib.util.find_spec("wheel") is None:
        return "setuptools before 70.1 needs the `wheel` package (in the test extra) to build a wheel"
    return ""


@pytest.fixture(scope="module")
def wheel(tmp_path_factory) -> Path:
    """The wheel, built offline from a copy of the checkout (an in-tree build would leave build/ and egg-info here,
    and a stale build/lib could slip removed files into the wheel)."""
    if reason := _cannot_build():
        pytest.skip(reason)
    base = tmp_path_factory.mktemp("wheel")
    (base / "src").mkdir()
    for name in BUILT_FROM:
        if (ROOT / name).is_dir():
            shutil.copytree(ROOT / name, base / "src" / name, ignore=shutil.ignore_patterns("__pycache__", "*.pyc"))
        else:
            shutil.copy(ROOT / name, base / "src" / name)
    _run([sys.executable, "-m", "pip", "wheel", "-q", "--no-deps", "--no-build-isolation", "--no-index",
          "-w", str(base / "dist"), str(base / "src")], base)
    (found,) = (base / "dist").glob("rosenblatt-*.whl")
    return found


@pytest.fixture(scope="module")
def venv(wheel, tmp_path_factory) -> Path:
    """A fresh venv that sees this Python's packages (numpy, sympy, jinja2, ...) with the wheel installed offline."""
    folder = tmp_path_factory.mktemp("venv") / "v"
    _run([sys.executable, "-m", "venv", "--system-site-packages", "--without-pip", str(folder)], folder.parent)
    # When the tests run in a virtual environment (the README's .venv), its packages are not the base Python's
    # "system" ones: a .pth file lets the new venv see them too (the checkout itself is not on that path).
    import sysconfig

    here = sysconfig.get_paths()["purelib"]
    (site,) = (folder / "lib").glob("python*/site-packages")
    (site / "_tested_env.pth").write_text(here + "\n", encoding="utf-8")
    _run([str(folder / "bin/python"), "-m", "pip", "install", "-q", "--no-index", str(wheel)], folder.parent)
    return folder


@pytest.mark.slow
def test_the_wheel_holds_every_template(wheel):
    names = set(zipfile.ZipFile(wheel).namelist())
    templates = {f"rosenblatt/_templates/{p.relative_to(ROOT / 'templates').as_posix()}"
                 for p in (ROOT / "templates").rglob("*") if p.is_file() and "__pycache__" not in p.parts}
    import rosenblatt  # the one place the version is written; pyproject.toml reads it (dynamic = ["version"])
    import exercises  # the one place the version is written; pyproject.toml reads it (dynamic = ["version"])
    assert wheel.name.startswith(f"rosenblatt-{rosenblatt.__version__}-")


@pytest.mark.slow
def test_an_installed_wheel_generates_grades_and_packages(venv, wheel, tmp_path):
    bin_ = venv / "bin"
    where = _run([str(bin_ / "python"), "-c", "import exercises, grader, rosenblatt.shared.templating as r\n"
                  "print(exercises.__file__, grader.__file__, r.TEMPLATES)"], tmp_path).split()
    assert all(Path(p).resolve().is_relative_to(venv.resolve()) for p in where), where
    _run([str(bin_ / "rosenblatt"), "generate", "--out", "ex"], tmp_path)
    assert (tmp_path / "ex/problems.html").stat().st_size > 1000 and (tmp_path / "ex/key.md").read_text().strip()
    _run([str(bin_ / "rosenblatt"), "grade", str(SUBMISSIONS / "correct.py"), str(SUBMISSIONS / "strict_less_than.py"),
          "--out", "gr", "--no-progress"], tmp_path)
    right, wrong = (json.loads((tmp_path / f"gr/{n}/results.json").read_text())
                    for n in ("correct", "strict_less_than"))
    assert right["score"] == right["max_score"] > wrong["score"]
    assert "strict" in (tmp_path / "gr/strict_less_than/feedback.md").read_text()
    _run([str(bin_ / "rosenblatt"), "gradescope-package", "--assignment", "default", "--out", "ag.zip"], tmp_path)
    shipped = {n.removeprefix("rosenblatt/") for n in zipfile.ZipFile(tmp_path / "ag.zip").namelist()
               if n.startswith("rosenblatt/")}
    packaged = {n for n in zipfile.ZipFile(wheel).namelist() if not n.startswith("rosenblatt-")}
    assert packaged and shipped == packaged | {"requirements.txt"}  # the copy it ships is the wheel's packages
    _run([str(bin_ / "rosenblatt"), "prairielearn-package", "--out", "pl", "--secret", "s"], tmp_path)
    assert (tmp_path / "pl/serverFilesCourse/rosenblatt/rosenblatt/_templates/grader/feedback.md.j2").is_file()
    assert "prairielearn-package" in (tmp_path / "pl/README.md").read_text()


def test_no_tracked_file_is_over_one_megabyte():
    """The repository carries source, samples and small fixtures, never wheels or generated bulk."""
    if shutil.which("git") is None or not (ROOT / ".git").exists():
        pytest.skip("not a git checkout")
    names = subprocess.run(["git", "ls-files", "-z"], cwd=ROOT, capture_output=True, check=True).stdout.split(b"\0")
    big = [n.decode() for n in names if n and (ROOT / n.decode()).is_file()
           and (ROOT / n.decode()).stat().st_size > 1 << 20]
    assert big == []

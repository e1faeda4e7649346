"""Stand-ins serve the imports a submission writes, never an installed library's optional ones (sympy's probing of
gmpy2 and python-flint crashed on a stand-in's version: a correct real file got 0)."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
PROBE = r"""
import importlib.util, json, sys
spec = importlib.util.spec_from_file_location("_standins", sys.argv[1])
standins = importlib.util.module_from_spec(spec)
spec.loader.exec_module(standins)
sys.path.insert(0, sys.argv[2])
standins.install(["*"], student="submission.py")
code = compile(sys.argv[3], "submission.py", "exec")
space = {"__name__": "submission"}
exec(code, space)
print(json.dumps({k: v for k, v in space.items() if k.startswith("got_")}))
"""
LIBRARY = '''
try:
    import optional_accel  # an optional speed-up, with its own fallback when it is missing
    VERSION = optional_accel.version()
    if not isinstance(VERSION, str):
        raise TypeError("expected a version string")
except ImportError:
    VERSION = None
'''


def _run(tmp_path: Path, student: str) -> dict:
    (tmp_path / "fakelib").mkdir()
    (tmp_path / "fakelib" / "__init__.py").write_text(LIBRARY)
    res = subprocess.run([sys.executable, "-c", PROBE, str(ROOT / "grader" / "sandbox" / "standins.py"),
                          str(tmp_path), student], capture_output=True, text=True, cwd=tmp_path)
    assert res.returncode == 0, res.stderr[-2000:]
    return json.loads(res.stdout)


def test_a_librarys_optional_import_gets_its_own_fallback(tmp_path):
    got = _run(tmp_path, "import fakelib\nimport utils\ngot_version = fakelib.VERSION\n"
                         "got_utils = type(utils).__name__\n")
    assert got == {"got_version": None, "got_utils": "module"}  # utils (the student's own import) is stood in


def test_every_dependency_and_common_library_imports_inside_a_submission(tmp_path):
    imports = ["sympy", "numpy", "yaml", "jinja2", "nbformat", "latex2mathml.converter", "pandas", "scipy.optimize",
               "sklearn.svm", "matplotlib.pyplot", "importlib"]
    code = "".join(f"import {m}\n" for m in imports) + "got_ok = [sympy.Rational(1, 2) + sympy.Rational(1, 2) == 1]\n"
    code += "got_ok.append(type(importlib.import_module('course_utils')).__name__)\n"
    assert _run(tmp_path, code) == {"got_ok": [True, "module"]}

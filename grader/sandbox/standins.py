"""Stand-ins for modules a course's files import but the grading environment lacks (standalone, child side).

Loaded by path by harness.py inside the sandboxed child; imports only stdlib and numpy. An assignment lists the
top-level names (matplotlib, scipy, pandas, utils, ...), or "*" for any; a finder placed after the real ones answers
only for those that are not installed. Importing a stand-in always works and so does using it while the file loads
(a plot drawn at import does nothing); a graded call that uses it raises, with one sentence naming the module.
`pylab` stands in as numpy's namespace (as the real pylab is) plus the plotting names.
"""

import importlib.abc
import importlib.machinery
import sys
import types

import numpy as np

PLOTTING = ("plot", "figure", "show", "title", "xlabel", "ylabel", "legend", "scatter", "subplot", "subplots",
            "xlim", "ylim", "axis", "grid", "savefig", "close", "clf", "cla", "hist", "imshow", "colorbar", "text",
            "annotate", "axhline", "axvline", "fill_between", "contour", "contourf", "bar", "errorbar",
            "tight_layout", "pause", "ion", "ioff", "draw", "gca", "gcf", "rc", "style", "cm", "use")
_state = {"calling": False, "student": None}  # the submission's file name, as its code was compiled


class StandInError(ModuleNotFoundError):
    """A graded call used a module the grading environment does not have."""


def calling(on: bool) -> None:
    """The harness says when a graded call runs (stand-ins then refuse to be used)."""
    _state["calling"] = bool(on)


class Absent:
    """Any name reached through a stand-in module: inert while the file loads, an error inside a graded call."""

    def __init__(self, path: str):
        object.__setattr__(self, "_path", path)

    def _refuse(self):
        root = self._path.split(".")[0]
        raise StandInError(f"{root} is not installed where this assignment is graded, so the call to "
                           f"{self._path} cannot run (a graded function must not need {root})", name=root)

    def __getattr__(self, name):
        if name.startswith("__"):
            raise AttributeError(name)
        return Absent(f"{self._path}.{name}")

    def __call__(self, *args, **kwargs):
        if _state["calling"]:
            self._refuse()
        return Absent(self._path)

    def __setattr__(self, name, value):
        if _state["calling"]:
            self._refuse()

    def __getitem__(self, key):
        return self.__call__()

    def __setitem__(self, key, value):
        self.__setattr__("item", value)

    def __enter__(self):
        return self.__call__()

    def __exit__(self, *exc):
        return False

    def __iter__(self):  # `fig, ax = plt.subplots()` while the file loads
        if _state["calling"]:
            self._refuse()
        return iter((Absent(f"{self._path}[0]"), Absent(f"{self._path}[1]")))

    def __bool__(self):
        if _state["calling"]:
            self._refuse()
        return True

    def __repr__(self):
        return f"<stand-in for {self._path}>"


def _module(name: str) -> types.ModuleType:
    module = types.ModuleType(name, f"stand-in for {name}, which is not installed where this assignment is graded")
    module.__path__ = []  # a package: `import matplotlib.pyplot` finds its submodules here too

    def missing(attr):  # PEP 562: any other name of the module
        if attr.startswith("__"):
            raise AttributeError(attr)
        return Absent(f"{name}.{attr}")

    module.__getattr__ = missing
    if name.split(".")[-1] in ("pylab", "pyplot"):
        exported = list(PLOTTING)
        if name.split(".")[-1] == "pylab":  # the real pylab is numpy's namespace with pyplot's functions
            for source in (np, np.fft, np.random, np.linalg):
                names = getattr(source, "__all__", None) or [n for n in dir(source) if not n.startswith("_")]
                for n in names:
                    if hasattr(source, n):
                        module.__dict__[n] = getattr(source, n)
                        exported.append(n)
            module.__dict__["np"] = np
        for n in PLOTTING:
            module.__dict__.setdefault(n, Absent(f"{name}.{n}"))
        module.__all__ = sorted(set(exported))
    else:
        module.__all__ = []
    return module


def _asked_by_student() -> bool:
    """Whether the import being resolved was written in the submission: the first frame outside the import system
    is the student's code (a library's `try: import gmpy2` is not, and must get its ModuleNotFoundError)."""
    frame = sys._getframe(2)
    while frame is not None and (frame.f_code.co_filename.startswith("<frozen importlib")
                                 or frame.f_globals.get("__name__", "").split(".")[0] == "importlib"):
        frame = frame.f_back
    return frame is not None and _state["student"] is not None and frame.f_code.co_filename == _state["student"]


class _Finder(importlib.abc.MetaPathFinder, importlib.abc.Loader):
    """After the real finders: a stand-in for a listed module that nothing else found."""

    def __init__(self, roots):
        self.roots = frozenset(roots)

    def find_spec(self, fullname, path=None, target=None):
        root = fullname.split(".")[0]
        if root not in self.roots and ("*" not in self.roots or root in NEVER):
            return None
        if not _asked_by_student():  # an installed library's optional import (sympy probing gmpy2): its own fallback
            return None
        return importlib.machinery.ModuleSpec(fullname, self, is_package=True)

    def create_module(self, spec):
        return _module(spec.name)

    def exec_module(self, module):
        return None


NEVER = frozenset(("numpy", "grader", "exercises", "rosenblatt", "builtins", "sys", "os"))  # with "*" (any)
PYTHON2 = {"xrange": range, "raw_input": input, "unicode": str, "basestring": str, "long": int, "unichr": chr}
NUMPY_ALIASES = {"float": float, "int": int, "bool": bool, "object": object, "str": str, "complex": complex,
                 "long": int, "unicode": str}  # removed in NumPy 1.24; a course's older files still use them


def install(roots, legacy: bool = False, student: str | None = None) -> None:
    """Stand in for these top-level modules when they are not installed (a list of plain names), for imports that
    the submission (compiled as the file name `student`) writes itself; with `legacy`,
    the Python 2 builtins (xrange, raw_input, unicode, basestring, long, unichr, reduce) and NumPy's removed
    aliases (np.float, np.int, ..., np.asscalar) that a course's older files use."""
    if type(roots) is not list or not all(type(r) is str and (r.isidentifier() or r == "*") for r in roots):
        raise ValueError("malformed stand-ins")
    _state["student"] = student
    if roots:
        sys.meta_path.append(_Finder(roots))
    if legacy is True:
        import builtins
        import functools
        for name, value in PYTHON2.items():
            setattr(builtins, name, value)
        builtins.reduce = functools.reduce
        for name, value in NUMPY_ALIASES.items():
            if name not in np.__dict__:
                setattr(np, name, value)
        if "asscalar" not in np.__dict__:  # removed in NumPy 1.23
            np.asscalar = lambda a: a.item()

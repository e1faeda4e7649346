"""Child-side readers of a submission (standalone, loaded by path by harness.py): the course's single-step update
wrapped to record its calls, and the file's function signatures, both as plain data."""

# Loaded inside the sandboxed child: stdlib and numpy only.
import inspect

import numpy as np


def _plain_copy(value):
    """A copy of an argument or a result as plain data (arrays and numbers; tuples and lists of them)."""
    if type(value) is np.ndarray and value.dtype.kind in "iufb":
        return value.astype(np.float64)
    if type(value) in (int, float, bool) or isinstance(value, np.generic):
        return float(value)
    if type(value) in (tuple, list):
        return [_plain_copy(v) for v in value[:4]]
    return None


class Spy:
    """Wraps the student's own helper (the course's single-step update) for one call of their perceptron, and
    records each call's arguments and result as plain data: the update sequence without the student's help."""

    def __init__(self, module, names, limit: int):
        self.module, self.records, self.calls, self.saved, self.limit = module, [], 0, {}, limit
        for name in names if type(names) is list else []:
            original = module.__dict__.get(name) if module is not None and type(name) is str else None
            if callable(original):
                self.saved[name] = original
                module.__dict__[name] = self._wrap(original)

    def _wrap(self, original):
        def spied(*args, **kwargs):
            # Records only grow: a call that starts with them full is counted, and copies nothing (a large case
            # calls the helper tens of thousands of times past the limit).
            before = [_plain_copy(v) for v in args[:6]] if len(self.records) < self.limit else None
            result = original(*args, **kwargs)
            self.calls += 1
            if before is not None and len(self.records) < self.limit:
                self.records.append(before + [_plain_copy(result)])
            return result
        return spied

    def restore(self):
        for name, original in self.saved.items():
            self.module.__dict__[name] = original


MAX_SIGNATURES = 200


def signatures(module, wanted) -> dict:
    """The parameters of the file's top-level functions (and of the wanted names first), as plain data:
    {name: [[parameter, kind, default or None], ...]} from inspect.signature, for a signature finding."""
    kinds = {"POSITIONAL_ONLY": "positional", "POSITIONAL_OR_KEYWORD": "positional", "VAR_POSITIONAL": "*",
             "KEYWORD_ONLY": "keyword", "VAR_KEYWORD": "**"}
    names = [n for n in (wanted if type(wanted) is list else []) if type(n) is str]
    names += [n for n, v in list(module.__dict__.items()) if type(n) is str and inspect.isfunction(v)
              and getattr(v, "__module__", None) == module.__name__]  # the file's own, not `from pylab import *`
    out, own = {}, {}
    for name in dict.fromkeys(names):
        if len(out) >= MAX_SIGNATURES:
            break
        try:
            own_name = getattr(module.__dict__[name], "__name__", name)
            own[name] = own_name if type(own_name) is str else name
            params = inspect.signature(module.__dict__[name]).parameters.values()
            out[name] = [[p.name, kinds.get(p.kind.name, "positional"),
                          None if p.default is p.empty else _short_repr(p.default)] for p in params]
        except BaseException:  # noqa: BLE001 - not a function, a builtin without a signature, a hostile __repr__
            continue
    return {"signatures": out, "names": own}


def _short_repr(value) -> str:
    try:
        text = repr(value) if type(value) in (int, float, bool, str, type(None), dict, list, tuple) else "…"
    except BaseException:  # noqa: BLE001
        text = "…"
    return text if len(text) <= 40 else text[:39] + "…"

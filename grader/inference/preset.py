"""The inferred preset as YAML (each inferred key commented with the probe that decided it) and its handout draft,
both rendered through templates/, validated by the assignment loader, and written together or not at all."""

from __future__ import annotations

import re
from fractions import Fraction
from pathlib import Path

import yaml

from rosenblatt.shared import AssignmentError, atomic_write, render
from grader.assignments import MAX_NAMES, parse
from grader.inference.model import Function, Inference

TIMES = {"case_seconds": 2, "large_seconds": 3, "total_seconds": 40, "load_seconds": 20}


FULL_CAP = 50  # a fixed cap from which a reference that makes every pass needs the longer large-data limit
LARGE_FULL_CAP = 10  # seconds: 100 passes over the large family's 20,000 points in a plain loop (cs4780's limit)
LARGE_ONE_PASS = 10  # seconds: one call is one pass, with room for text built for output at every point (udacity's)


def _times(inf: Inference) -> list[dict]:
    """The time limits (policy): the large-data limit allows every pass where a function's cap is a fixed number."""
    caps = [f.get("epochs") for f in inf.functions if isinstance(f.get("epochs"), int)]
    out = []
    for key, value in TIMES.items():
        if key == "large_seconds" and caps and max(caps) >= FULL_CAP:
            out.append(_entry(key, LARGE_FULL_CAP, "", f"not inferred (policy): a reference capped at {max(caps)} "
                                                        f"passes may make all of them on the large data"))
        elif key == "large_seconds" and caps and max(caps) == 1:
            out.append(_entry(key, LARGE_ONE_PASS, "", "not inferred (policy): one call is one pass; room for text "
                                                       "built for output at every point"))
        else:
            out.append(_entry(key, value))
    return out


def _flow(value) -> str:
    if isinstance(value, Fraction):
        return str(value) if value.denominator != 1 else str(value.numerator)
    return yaml.safe_dump(value, default_flow_style=True, width=10_000, sort_keys=False).strip().removesuffix("\n...").strip()


def case_twin(name: str) -> str | None:
    """The name in the other case style: perceptron_update <-> perceptronUpdate; None where it has no clear twin
    (one word, capitals in a row, a leading capital, digits, or both styles at once)."""
    if not name.isidentifier() or not name.isascii() or any(c.isdigit() for c in name) or name[0] in "_" or \
            name[0].isupper() or re.search(r"[A-Z]{2}", name):
        return None
    if "_" in name:
        parts = name.split("_")
        if not all(parts) or any(not p.islower() for p in parts):
            return None
        return parts[0] + "".join(p.capitalize() for p in parts[1:])
    words = re.split(r"(?=[A-Z])", name)
    return "_".join(w.lower() for w in words) if len(words) > 1 else None


def _entry(key: str, value, probe: str = "", why: str = "") -> dict:
    return {"key": key, "value": value, "text": _flow(value), "probe": probe, "why": why}


def _families(f: Function, tie: str, features, mutation: str, epochs) -> dict:
    if f.shape.single_step:
        out = {"mistake": 4, "correct": 4, "tie": 4, "fractional": 3}
        if f.get("always") == "either":  # correct points are where the two kinds of update differ
            del out["correct"]
    elif f.shape.predicts:
        out = {"points": 3, "tie": 3, "single-point": 1, "one-dimensional": 1, "input-mutation": 1}
    else:
        out = {"separable": 6, "non-separable": 6, "single-point": 3, "tie": 4, "one-dimensional": 2,
               "fractional": 2, "large": 2, "input-mutation": 1, "interface": 1}
        if epochs == "none":
            del out["non-separable"]
    if tie == "avoid":
        out.pop("tie", None)
    if features != "any":
        out.pop("one-dimensional", None)
    if mutation != "forbidden":
        out.pop("input-mutation", None)
    return out


def _bias(f: Function) -> list[dict]:
    d = f.decision("bias")
    if d is None or f.shape.predicts:
        return []
    if d.value in ("first", "last"):
        who = f.decision("appended")
        return [_entry("bias", d.value, d.probe), _entry("appended_by", who.value if who else "student", d.probe)]
    if d.value == "none":
        return [_entry("bias", "none", d.probe)]
    off, choice = f.decision("offset"), f.decision("offset-choice")
    if choice:
        return [_entry("offset", "choice", choice.probe)]
    return [_entry("offset", "always" if off.value else "never", off.probe)] if off else []


def _step(f: Function) -> list[dict]:
    p = f.signature.param("step")
    if p is not None:
        steps = [Fraction(1, 64), Fraction(1, 128)]
        try:
            default = Fraction(p.default) if p.default else None
        except (ValueError, ZeroDivisionError):
            default = None
        if default is not None and default not in steps and 0 < default <= 1024:
            steps.append(yaml.safe_load(p.default))
        return [_entry("step", [str(s) if isinstance(s, Fraction) else s for s in steps], "signature")]
    d = f.decision("step")
    return [_entry("step", d.value, d.probe)] if d and d.value not in (None, 1) else []


def _convention(f: Function, top: dict) -> list[dict]:
    """The function's own convention keys (those that differ from the top level's)."""
    out = []
    if f.given_weights and not f.signature.has("theta0"):
        out.append(_entry("bias", "none", "signature"))
    tie = f.decision("tie")
    if tie and top.get("tie") != tie.value:
        merged = tie.why if tie.why.startswith("the references differ") else ""  # merge.py's reason
        out.append(_entry("tie", "positive" if tie.value == "positive" else tie.value, tie.probe, merged))
    if f.shape.single_step and f.get("always"):
        d = f.decision("always")
        out.append(_entry("update", "either" if d.value == "either" else "always", d.probe,
                          d.why if d.value == "either" else ""))
    if f.shape.single_step:
        out.append(_entry("mutation", "allowed"))
    if f.signature.role == "train":
        out += [e for e in _bias(f) if top.get(e["key"]) != e["value"]]
        if f.signature.has("theta"):
            out.append(_entry("start", "given", "signature"))
        epochs = f.decision("epochs")
        if epochs.value != "argument":
            out.append(_entry("epochs", epochs.value, epochs.probe, epochs.why))
        order = f.decision("order")
        if top.get("order") != order.value:
            out.append(_entry("order", order.value, order.probe, order.why))
        out += _step(f)
        if f.get("theta_shape") == "column" and f.get("layout") == "rows":
            out.append(_entry("theta_shape", "column", f.decision("theta_shape").probe))
        if f.decision("mutation"):
            out.append(_entry("mutation", "allowed", f.decision("mutation").probe))
        if f.get("features") != "any":
            out.append(_entry("features", f.get("features"), f.decision("features").probe))
    return out


def _call(f: Function, taken: frozenset[str]) -> list[dict]:
    sig = f.signature
    args = [p.slot for p in sig.parameters if p.slot and not p.keyword]
    kw = {p.name: p.slot for p in sig.parameters if p.slot and p.keyword}
    spelled = [sig.name, *f.aliases]
    twins = [t for t in map(case_twin, spelled) if t and t not in spelled and t not in taken]
    twins = twins[:MAX_NAMES - len(spelled)]
    why = ("the references' spellings of one function" if f.aliases else "") + \
        (f"{'; ' if f.aliases else ''}{', '.join(twins)}: the other case style, as a course's notebooks spell one "
         "function both ways from term to term" if twins else "")
    spelled += twins
    out = [_entry("function", spelled if len(spelled) > 1 else sig.name, "signature", why),
           _entry("task", f.task, "layout" if f.shape.trains else f.decisions[0].probe),
           _entry("arguments", args, "signature")]
    if kw:
        out.append(_entry("keywords", kw, "signature"))
    if f.params:
        out.append(_entry("params", dict(f.params), "epochs"))
    out.append(_entry("returns", list(f.returns), f.decisions[0].probe))
    return out


def document(inf: Inference, name: str) -> tuple[list[dict], list[list[dict]], dict]:
    """The top-level entries, each function's entries, and the plain document they make (for validation)."""
    first = next((f for f in inf.functions if f.signature.role == "train"), inf.functions[0])
    top = [_entry("name", name), _entry("title", f"{name}: {', '.join(f.signature.name for f in inf.functions)}"),
           _entry("handout", f"{name}.md")]
    layout = next((f.decision("layout") for f in inf.functions if f.decision("layout")), None)
    if layout:
        top.append(_entry("data", layout.value, layout.probe))
    labels = next((f.decision("labels") for f in inf.functions if f.decision("labels")), None)
    if labels:
        top.append(_entry("labels", list(labels.value), labels.probe))
    trains = [f for f in inf.functions if not f.shape.predicts]
    if trains and trains[0].decision("tie"):
        tie = trains[0].decision("tie")
        top.append(_entry("tie", tie.value, tie.probe))
    if first.signature.role == "train":
        order = first.decision("order")
        if order.value != "free" or all(f.signature.role == "train" for f in inf.functions):
            top.append(_entry("order", order.value, order.probe, order.why))  # else the trainer's own key
        top += [e for e in _bias(first) if e["key"] == "offset"]
    else:
        off = next((f.decision("offset") for f in inf.functions
                    if f.decision("offset") and f.signature.has("theta0")), None)
        if off:
            top.append(_entry("offset", "always" if off.value else "never", off.probe))
    several = sorted({f.container for f in inf.functions if f.container != "single"})
    if several:
        top.append(_entry("container", "any", "", f"not inferred (policy): the reference returns a "
                                                  f"{' or a '.join(several)}; write tuple if the course's checker "
                                                  f"rejects a list"))
    top.append(_entry("terms", _terms(inf), "signature"))
    top += [_entry("stand_ins", "any"), _entry("legacy_names", True)] + _times(inf)
    topmap = {e["key"]: e["value"] for e in top}
    functions, taken = [], frozenset(n for f in inf.functions for n in (f.signature.name, *f.aliases))
    for f in inf.functions:
        conv = _convention(f, topmap)
        entries = _call(f, taken) + conv + [_entry("visible_points", 5)]
        hidden = _families(f, f.get("tie"), f.get("features", "any"), f.get("mutation", "forbidden"),
                           f.get("epochs"))
        entries.append(_entry("hidden", hidden))
        functions.append(entries)
    doc = {e["key"]: e["value"] for e in top}
    doc["functions"] = [{e["key"]: e["value"] for e in entries} for entries in functions]
    return top, functions, doc


def _terms(inf: Inference) -> dict:
    terms = {}
    for f in sorted(inf.functions, key=lambda f: f.signature.role != "train"):
        for p in f.signature.parameters:
            if p.slot in ("theta", "theta0", "data", "labels", "epochs", "point", "label", "step"):
                terms.setdefault(p.slot, p.name)
        for key, slot in f.params:
            terms["epochs"] = key
    return terms


def write(inf: Inference, out: Path) -> tuple[Path, Path]:
    """Write COURSE.yaml and COURSE.md beside it, after the YAML passes the assignment loader."""
    if out.suffix not in (".yaml", ".yml"):
        raise AssignmentError(f"--out {out}: must be a .yaml file (the preset); its handout draft goes beside it")
    top, functions, doc = document(inf, out.stem)
    text = render("grader/inference/preset.yaml.j2", top=top, functions=functions, inf=_plain(inf))
    handout = render("grader/inference/handout.md.j2", doc=doc, inf=_plain(inf), verbs=_verbs(inf))
    return save(text, handout, out)


def save(text: str, handout: str, out: Path) -> tuple[Path, Path]:
    """Validate the preset's YAML with the assignment loader, then write it and its handout, both or neither."""
    checked = yaml.safe_load(text)
    checked.pop("handout", None)
    parse(checked, out.name, text.encode("utf-8"))  # an AssignmentError here is a bug: the loader is the judge
    md = out.with_suffix(".md")
    atomic_write(md, handout)
    atomic_write(out, text)
    return out, md


def _plain(inf: Inference) -> dict:
    return {"reference": inf.reference, "helpers": list(inf.helpers), "probes": inf.probes_run,
            "skipped": [{"name": n, "why": w} for n, w in inf.skipped]}


def _verbs(inf: Inference) -> list[dict]:
    out = []
    for f in inf.functions:
        sig = f.signature
        out.append({"name": sig.name, "aliases": list(f.aliases), "task": f.task,
                    "params": [p.name for p in sig.parameters],
                    "returns": list(f.returns), "container": f.container,
                    "fields": {d.field: d.value if not isinstance(d.value, tuple) else list(d.value)
                               for d in f.decisions}, "keys": [k for k, _ in f.params],
                    "step_default": (sig.param("step").default if sig.param("step") else None)})
    return out

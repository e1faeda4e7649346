"""A class API's inferred preset as YAML (each key commented with its probe) and its handout draft."""

from __future__ import annotations

from pathlib import Path

from rosenblatt.shared import render
from grader.inference.classmodel import ClassInference, ClassMethod
from grader.inference.preset import _entry, save

TIMES = {"case_seconds": 2, "large_seconds": 5, "total_seconds": 60, "load_seconds": 20}  # the bundled cs188's
NN_LARGE_POINTS = 2000  # the bundled cs188-nn's
HIDDEN = {
    "classify": {"points": 5, "tie": 5, "single-point": 2},
    "update": {"mistake": 5, "correct": 5, "tie": 5, "fractional": 2},
    "perceptron": {"separable": 20, "single-point": 5, "tie": 5, "one-dimensional": 5, "fractional": 5, "large": 5,
                   "many-passes": 5},
}
VISIBLE = {"classify": 4, "update": 4, "perceptron": 10}


def _klass(inf: ClassInference) -> dict:
    modules = {m: (s if isinstance(s, str) else dict(s)) for m, s in inf.modules}
    out = {"name": inf.name, "init": ["dimensions"], "weights": inf.weights.value}
    if inf.values != "arrays":
        out["values"] = inf.values
    out["modules"] = modules
    return out


def _method(m: ClassMethod, inf: ClassInference, top_tie: str) -> list[dict]:
    out = [_entry("method", m.name, "class-text"), _entry("task", m.task, m.decisions[0].probe)]
    if m.shape.trains:
        out += [_entry("bias", "last", "class-train", "the course module's points end with the constant 1"),
                _entry("appended_by", "grader", "class-train"),
                _entry("epochs", "none", m.decision("epochs").probe, m.decision("epochs").why),
                _entry("order", "fixed", m.decision("order").probe, m.decision("order").why)]
    else:
        out.append(_entry("bias", "none", "class-text", "the point is given whole: its last coordinate is the 1"))
    tie = m.decision("tie")
    if tie.value != top_tie:
        out.append(_entry("tie", tie.value, tie.probe, tie.why))
    out += [_entry("arguments", list(m.arguments), "class-text"), _entry("returns", list(m.returns),
                                                                        m.decisions[0].probe),
            _entry("visible_points", VISIBLE[m.task])]
    hidden = dict(HIDDEN[m.task])
    if m.shape.trains and inf.start.value == "course":
        hidden.pop("tie")  # a random start: no trace with a zero score can be planned (as the bundled cs188-nn)
    out.append(_entry("hidden", hidden))
    return out


def document(inf: ClassInference, name: str) -> tuple[list[dict], list[list[dict]]]:
    classify = next((m for m in inf.methods if m.shape.predicts), inf.methods[0])
    tie = classify.decision("tie")
    top = [_entry("name", name), _entry("title", f"{name}: class {inf.name}"), _entry("handout", f"{name}.md"),
           _entry("data", "rows", "class-train", "the course module yields one point at a time, the bias last"),
           _entry("labels", [-1, 1], "class-train", "the course module's labels")]
    top.append(_entry("tie", tie.value, tie.probe, tie.why))
    if inf.start.value != "zero":
        top.append(_entry("start", inf.start.value, inf.start.probe, inf.start.why))
    top.append(_entry("class", _klass(inf), inf.module_probe.probe,
                      f"{inf.module_probe.why}; {inf.weights.value}() returns the weights"))
    if inf.terms:
        top.append(_entry("terms", dict(inf.terms), "class-text", "the point and the update as the file spells them; the "
                                                              "rest are the grader's words"))
    top += [_entry("stand_ins", "any")] + [_entry(k, v) for k, v in TIMES.items()]
    if inf.values == "nn":  # the course's nn module: CS188's, whose PerceptronDataset has 500 points
        top.append(_entry("large_points", NN_LARGE_POINTS, "class-text", "the course's nn module is CS188's, whose "
                          "data set has 500 points: the large case has four times as many"))
    return top, [_method(m, inf, tie.value) for m in inf.methods]


def write(inf: ClassInference, out: Path) -> tuple[Path, Path]:
    """Write COURSE.yaml and its handout draft COURSE.md beside it, after the YAML passes the assignment loader."""
    return save(*text(inf, out.stem), out)


def text(inf: ClassInference, name: str) -> tuple[str, str]:
    """The preset's YAML and its handout draft."""
    top, methods = document(inf, name)
    plain = {"reference": inf.reference, "probes": inf.probes_run, "helpers": [], "what": "method",
             "skipped": [{"name": n, "why": w} for n, w in inf.skipped]}
    yaml_text = render("grader/inference/preset.yaml.j2", top=top, functions=methods, inf=plain)
    verbs = [{"name": m.name, "task": m.task, "arguments": list(m.arguments), "returns": list(m.returns),
              "tie": m.get("tie")} for m in inf.methods]
    handout = render("grader/inference/class_handout.md.j2", preset=name, inf=inf, verbs=verbs,
                     modules=dict(_klass(inf)["modules"]))
    return yaml_text, handout

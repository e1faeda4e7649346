"""Inference of a class API's preset: read the class from the text, then probe it in the sandbox with each course
module candidate (for nn, the Fall 2018 Parameter.update(direction, multiplier) and the train_model term's
update(multiplier, direction)) until one makes the class train as the perceptron."""

from __future__ import annotations

from grader.inference import classprobe, classread
from grader.inference.classmodel import ClassInference, ClassMethod
from grader.inference.model import Decision, NotAPerceptron
from grader.inference.runner import Runner

CLASS_SETUP = {"stand_ins": ["*"], "legacy": True}


def infer_class(source: bytes, filename: str, wanted: tuple[str, ...], isolation: str) -> ClassInference:
    """The first class built from the dimensions whose methods behave as a CS188 perceptron; else one sentence."""
    reading = classread.read(source, filename)
    found = classread.candidates(reading)
    if not found:
        names = ", ".join(c.name for c in reading.classes) or "none"
        raise NotAPerceptron(f"probe class-text: {filename} defines no function with a perceptron's parameters and "
                             f"no class built from one argument, the dimensions (its classes: {names})")
    cls = found[0]
    mods = classread.modules(reading, filename, cls.name)
    variants = classprobe.NN_VARIANTS if mods[0][1] == classread.NN else (None,)
    count, first_error = 0, None
    for variant in variants:
        modules = ((classread.NN, variant),) if variant else tuple(mods)
        try:
            result = _probe(source, filename, cls, modules, wanted, isolation, count, reading.updates)
        except _Untrained as err:
            count, first_error = err.count, first_error or err.message
            continue
        return result
    raise NotAPerceptron(first_error)


class _Untrained(NotAPerceptron):
    """No method trains as the perceptron with this course-module candidate (the next one may)."""

    def __init__(self, sentence: str, count: int):
        super().__init__(sentence)
        self.count = count


def _probe(source, filename, cls, modules, wanted, isolation, count, updates) -> ClassInference:
    values = "nn" if modules[0][1] in classprobe.NN_VARIANTS else "arrays"
    setup = {**CLASS_SETUP, "modules": {m: s if isinstance(s, str) else dict(s) for m, s in modules},
             "names": [cls.name]}
    with Runner(source, filename, isolation, setup) as runner:
        p = classprobe.Probing(runner, cls.name, values)
        weights, w = classprobe.weights(p, cls.methods)
        start = classprobe.start(p, w)
        graded, skipped = _methods(p, cls, w, wanted, weights.value)
        count += runner.count
    trains = [m for m in graded if m.shape.trains]
    if not trains:
        tried = sorted((_rank(s), s[s.index("probe class-train"):]) for _, s in skipped if "probe class-train" in s)
        tried = [s for _, s in tried]
        why = tried[0] if tried else "probe class-train: no method without arguments or with a dataset trains"
        raise _Untrained(why, count)
    block = modules[0][1] if isinstance(modules[0][1], str) else "data-stream"
    found = Decision("modules", block, "class-train", f"the class trains as the perceptron with the course's "
                                                      f"{block} module")
    return ClassInference(filename, cls.name, cls.init, weights, values, tuple(modules), found, start,
                          tuple(graded), count, tuple(skipped), _terms(cls, graded, updates))


def _terms(cls, graded, updates) -> tuple[tuple[str, str], ...]:
    """The names feedback uses: the classify method's point, the update call the trainer makes."""
    point = next((m.params[0] for g in graded if g.shape.predicts for m in cls.methods if m.name == g.name), "x")
    terms = [("theta", "weights"), ("data", point), ("labels", "y"), ("epochs", "passes")]
    step = next((g.name for g in graded if g.shape.single_step), None)
    update = f"self.{step}" if step else next((u for u in updates if u != "self.update"), None)
    return tuple(terms + ([("update", update)] if update else []))


def _rank(sentence: str) -> int:
    """Which failed trainer to name: one that trained to other weights, then one that is not a score method."""
    if "weights after training" in sentence:
        return 0
    return 2 if "a score, not a label" in sentence else 1


def _methods(p, cls, w, wanted, weights) -> tuple[list[ClassMethod], list[tuple[str, str]]]:
    """Each method by its parameters: one (a point, or a dataset), two (a point and a label), none (trains on the
    course module's stream); classify first, since its tie rule is the others' first guess."""
    graded, skipped = [], []
    others = [m for m in cls.methods if m.name != weights and (not wanted or m.name in wanted)]
    tie, not_labels = "positive", {}
    for m in [m for m in others if len(m.params) == 1]:
        got = classprobe.classify(p, m.name, w)
        if isinstance(got, ClassMethod):
            graded.append(got)
            tie = graded[0].get("tie")
        else:
            not_labels[m.name] = got
    for m in others:
        if any(g.name == m.name for g in graded):
            continue
        if len(m.params) == 2:
            got = classprobe.update(p, m.name, w, tie)
        elif len(m.params) <= 1:
            got = classprobe.train(p, m, w, tie)
        else:
            got = f"probe class-text: {len(m.params)} parameters: no class preset's method takes them"
        if isinstance(got, ClassMethod):
            graded.append(got)
        else:
            skipped.append((m.name, f"{not_labels[m.name]}; {got}" if m.name in not_labels else got))
    return sorted(graded, key=lambda m: (m.shape.trains, m.shape.single_step)), skipped  # classify, update, train

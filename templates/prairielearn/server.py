"""PrairieLearn server code written by Rosenblatt: pick one of the pregenerated variants, grade answers exactly.

It needs only the standard library and the two files beside it: variants.json (the pool, with its answers; files
outside clientFilesQuestion/ are never sent to students) and rosenblatt_answers.py (the answer grammar and checks of
`rosenblatt check-answers`). Rosenblatt itself is not needed on the PrairieLearn server.
"""

import importlib.util
import os


def _here(data):
    return data.get("options", {}).get("question_path") or os.path.dirname(os.path.abspath(__file__))


def _answers(data):
    spec = importlib.util.spec_from_file_location("rosenblatt_answers", os.path.join(_here(data), "rosenblatt_answers.py"))
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def _pool(data):
    return _answers(data).load_pool(os.path.join(_here(data), "variants.json"))["variants"]


def generate(data):
    """One variant per PrairieLearn variant, chosen by its seed (the same seed gives the same variant)."""
    pool = _pool(data)
    index = int(data["variant_seed"]) % len(pool)
    variant = pool[index]
    data["params"]["variant"] = index
    data["params"]["label"] = variant["label"]
    data["params"]["question"] = variant["question"]
    for part in variant["parts"]:
        data["correct_answers"].update(part.get("shown", {}))


def grade(data):
    """Each part scores 0 or 1 (a trace says which update is the first wrong one); the question scores their mean."""
    answers = _answers(data)
    variant = _pool(data)[int(data["params"]["variant"])]
    scores = []
    for part in variant["parts"]:
        names = part["names"]
        given = {name: data["submitted_answers"].get(name) for name in names}
        score, feedback = answers.check_part(part, given, variant["data"])
        filled = [name for name in names if given[name] not in (None, "")] or names[:1]
        for name in names:
            data["partial_scores"].pop(name, None)
        data["partial_scores"][filled[0]] = {"score": score, "weight": 1, "feedback": feedback}
        data["feedback"][filled[0]] = feedback
        scores.append(score)
    data["score"] = sum(scores) / len(scores) if scores else 0.0

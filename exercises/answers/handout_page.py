"""The offline self-check page handout.html: questions, figures and answer boxes, checked in the browser."""

from __future__ import annotations

import re

from rosenblatt import __version__
from exercises.answers.digests import scheme_json
from rosenblatt.shared import render

FIELDS = {"point": "point", "theta": "θ after", "theta0": "θ₀ after"}
PLACEHOLDERS = {"point": "1", "theta": "[1, 2]", "theta0": "1"}
PAGE_KEYS = ("number", "kind", "data", "parts")  # what the page's script needs of each exercise (not the question)


def _dom(part_id: str) -> str:
    """A part id as an HTML id fragment (`origin.separable` -> `origin_separable`)."""
    return part_id.replace(".", "_")


def _part_view(exercise: dict, part: dict) -> dict:
    view = {"id": part["id"], "dom": _dom(part["id"]), "label": part["label"], "type": part["type"],
            "example": part.get("example", "")}
    if part["type"] == "sequence":
        view.update(item_keys=part["item_keys"], fields=FIELDS, placeholders=PLACEHOLDERS)
    elif part["type"] == "certificate":
        data, example = exercise["data"], part.get("example", "")
        theta = re.search(r"\.theta: (\[[^\]]*\])", example)
        weights = re.search(r"\.weights: (\[[^\]]*\])", example)  # the kind's placeholders, which prove nothing
        view.update(name=part["id"].split(".")[0], offset=part["id"].startswith("offset."),
                    theta_example=theta.group(1) if theta else "[" + ", ".join(["…"] * len(data["X"][0])) + "]",
                    weights_example=weights.group(1) if weights else "[" + ", ".join(["…"] * len(data["X"])) + "]")
    return view


def render_handout_page(handout: dict, questions_html: list[str]) -> str:
    """The page of one sheet: the handout's data and digests drive the checks; questions are the HTML fragments."""
    exercises = [{"number": e["number"], "question": q, "parts": [_part_view(e, p) for p in e["parts"]]}
                 for e, q in zip(handout["exercises"], questions_html)]
    data = {"title": handout["title"], "sheet": handout["sheet"], "student": handout["student"],
            "salt": handout["salt"], **scheme_json(handout),
            "exercises": [{k: e[k] for k in PAGE_KEYS} for e in handout["exercises"]]}
    return render("exercises/handout.html", title=handout["title"], sheet=handout["sheet"],
                  student=handout["student"], kdf=handout.get("kdf"), lock=handout.get("digest"), exercises=exercises,
                  data=data, version=__version__)

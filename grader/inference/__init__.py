"""Inference: a course preset worked out from the instructor's reference solution, run in the sandbox on probe data
built to tell the conventions apart (`rosenblatt preset infer`), and written as a commented preset YAML with its
handout draft.

It may import rosenblatt.shared, grader.assignments (the conventions, the exact reference, the validator),
grader.intake (reading the file) and grader.sandbox (running it). Nothing the reference returns is unpickled or
evaluated: only plain data come back, compared with exact runs. Names load on first use (PEP 562): the command's
help text (cli.py, in this room) loads none of them."""

from __future__ import annotations

from typing import TYPE_CHECKING

from rosenblatt.shared import lazy

_HOME = {"infer": "infer", "infer_all": "infer", "write": "writing", "Decision": "model", "Function": "model", "Inference": "model",
         "NotAPerceptron": "model"}
__all__ = sorted(_HOME)
__getattr__, __dir__ = lazy(__name__, _HOME, globals())

if TYPE_CHECKING:
    from grader.inference.infer import infer, infer_all
    from grader.inference.model import Decision, Function, Inference, NotAPerceptron
    from grader.inference.writing import write

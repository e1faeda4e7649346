"""The one table of graded-function shapes: what an assignment may say of each (its returns, its hidden families)
and what it stands for (trains, averages, one step, predicts). Its cases, calls and mistakes are its module's in
grader/tasks/, found by the shape's name."""

from __future__ import annotations

from dataclasses import dataclass

TRAINING_FAMILIES = ("separable", "offset-only", "non-separable", "single-point", "tie", "one-dimensional",
                     "fractional", "large", "input-mutation", "interface", "many-passes")


@dataclass(frozen=True)
class Shape:
    """A graded function's shape: what it is given, what it returns, which hidden families it has."""

    name: str  # the `task:` of an assignment, and the name of its module in grader/tasks/
    returns: tuple[str, ...]  # the fields an assignment may list under `returns`, in the reference's order
    families: tuple[str, ...]  # the hidden families an assignment may give points to
    data: tuple[str, ...]  # the slots that carry its data (a method's course module may feed training data)
    trains: bool = False  # runs the perceptron over a data set from a start (its weights are a training result)
    averages: bool = False  # returns the average of the weights over every visit
    single_step: bool = False  # one update of given weights on one point (a method: a sequence from zero)
    predicts: bool = False  # labels points with given weights
    needs_theta: bool = False  # a module-level function's returns must include theta


SHAPES = {s.name: s for s in (
    Shape("perceptron", ("theta", "theta0", "converged", "mistakes"), TRAINING_FAMILIES, ("data", "labels"),
          trains=True, needs_theta=True),
    Shape("averaged", ("theta", "theta0"), tuple(f for f in TRAINING_FAMILIES if f != "offset-only"),
          ("data", "labels"), trains=True, averages=True, needs_theta=True),
    Shape("update", ("theta", "theta0", "changed"),
          ("mistake", "correct", "tie", "one-dimensional", "fractional", "input-mutation", "interface"),
          ("point", "label"), single_step=True, needs_theta=True),
    Shape("classify", ("predictions",),
          ("points", "tie", "single-point", "one-dimensional", "input-mutation", "interface"), ("data",),
          predicts=True),
)}

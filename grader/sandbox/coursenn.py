"""CS188's `nn` module (Fall 2018 on) and its datasets, written for the grader: the same names, shapes and checks."""

# Standalone, like harness.py: loaded by path inside the sandboxed child; imports only numpy. Written from the
# course's published API (models.py's docstrings and the students' calls): node classes holding a `data` array,
# Parameter(*shape) with update(direction, multiplier), the batched node functions' shape rules, as_scalar, and
# a dataset whose iterate_once(batch_size) yields (Constant x, Constant y) batches in order. A check that fails
# raises AssertionError with the course's kind of message, as the course's module does.
import numpy as np


def _require(ok, message: str) -> None:
    if not ok:
        raise AssertionError(message)


def _shape(shape) -> str:
    return "x".join(map(str, shape)) if shape else "()"


def _matrix(data, what: str) -> None:
    _require(data.ndim == 2, f"{what} should have 2 dimensions, instead has {data.ndim}")


class Node:
    """Every node holds its value in `data`."""

    def __repr__(self):
        return f"<{type(self).__name__} shape={_shape(self.data.shape)} at {hex(id(self))}>"


class DataNode(Node):
    """A node whose value is given (Parameter, Constant)."""

    def __init__(self, data):
        self.parents = []
        self.data = data


GRID = 64  # the start is drawn on multiples of 1/64 (dyadic: float updates on dyadic data stay exact)


class Parameter(DataNode):
    """Weights: a 2-D array drawn uniformly (on the 1/64 grid) in ±sqrt(3 / mean(shape)), changed only through
    update(). The grader draws the same numbers from the case's seed (grader/assignments/starts.py)."""

    seed = 0  # set per case by the harness: the draw is reproducible and the same in both children

    def __init__(self, *shape):
        _require(len(shape) == 2, f"Shape must have 2 dimensions, instead has {len(shape)}")
        _require(all(isinstance(d, int) and d > 0 for d in shape),
                 f"Shape must consist of positive integers, got {shape!r}")
        k = int(np.floor(np.sqrt(3.0 / np.mean(shape)) * GRID))
        drawn = np.random.default_rng(Parameter.seed).integers(-k, k + 1, size=shape)
        super().__init__(drawn.astype(np.float64) / GRID)

    def update(self, direction, multiplier):
        _require(isinstance(direction, Constant),
                 f"Update direction must be a Constant node, instead has type {type(direction).__name__!r}")
        _require(direction.data.shape == self.data.shape,
                 f"Update direction shape {_shape(direction.data.shape)} does not match parameter shape "
                 f"{_shape(self.data.shape)}")
        _require(isinstance(multiplier, (int, float)),
                 f"Multiplier must be a Python scalar, instead has type {type(multiplier).__name__!r}")
        self.data += multiplier * direction.data
        _require(np.all(np.isfinite(self.data)), "Parameter contains NaN or infinity after update, cannot continue")


class MultiplierFirstParameter(Parameter):
    """The Parameter of the CS188 term whose starter names train_model(dataset) and run(x_point): students call
    update(multiplier, direction) (the scalar first: `self.w.update(nn.as_scalar(y), x)`, `p.update(-rate, grad)`);
    the checks and their messages are the same."""

    def update(self, multiplier, direction):
        Parameter.update(self, direction, multiplier)


MultiplierFirstParameter.__name__ = MultiplierFirstParameter.__qualname__ = "Parameter"  # as messages name it


class EitherOrderParameter(Parameter):
    """The Parameter of a preset that spans CS188 terms with train(dataset) whose nn differ in update's argument
    order (Fall 2018: update(direction, multiplier); a later term's: update(multiplier, direction), real files call
    `self.w.update(nn.as_scalar(y), x)` in train): a Python number and a Constant are taken in either order; any
    other pair gets the Fall 2018 checks and messages."""

    def update(self, direction, multiplier):
        if isinstance(direction, (int, float)) and not isinstance(direction, bool) and isinstance(multiplier, Constant):
            direction, multiplier = multiplier, direction  # the later term's order; by keyword, the names decide
        Parameter.update(self, direction, multiplier)


EitherOrderParameter.__name__ = EitherOrderParameter.__qualname__ = "Parameter"
EitherOrderParameter.update.__qualname__ = "Parameter.update"  # as Python's messages name it


class Constant(DataNode):
    """Input features and labels (the dataset makes them): a float array."""

    def __init__(self, data):
        _require(isinstance(data, np.ndarray),
                 f"Data should be a numpy array, instead has type {type(data).__name__!r}")
        _require(np.issubdtype(data.dtype, np.floating), f"Data should be a float array, instead has data type "
                                                         f"{data.dtype!r}")
        super().__init__(data)


class FunctionNode(Node):
    """A value computed from other nodes (forward only: the perceptron needs no gradients)."""

    def __init__(self, *parents):
        _require(all(isinstance(p, Node) for p in parents),
                 f"Inputs must be node objects, instead got types {tuple(type(p).__name__ for p in parents)!r}")
        self.parents = parents
        self.data = self._forward(*(p.data for p in parents))


def _two(inputs) -> None:
    _require(len(inputs) == 2, f"Expected 2 inputs, got {len(inputs)}")
    _matrix(inputs[0], "First input")
    _matrix(inputs[1], "Second input")


class Add(FunctionNode):
    @staticmethod
    def _forward(*inputs):
        _two(inputs)
        _require(inputs[0].shape == inputs[1].shape, f"Input shapes should match, instead got "
                 f"{_shape(inputs[0].shape)} and {_shape(inputs[1].shape)}")
        return inputs[0] + inputs[1]


def _row_against(inputs) -> None:
    _two(inputs)
    _require(inputs[1].shape[0] == 1, f"First dimension of second input should be 1, instead got shape "
             f"{_shape(inputs[1].shape)}")
    _require(inputs[0].shape[1] == inputs[1].shape[1], f"Second dimension of inputs should match, instead got "
             f"shapes {_shape(inputs[0].shape)} and {_shape(inputs[1].shape)}")


class AddBias(FunctionNode):
    @staticmethod
    def _forward(*inputs):
        _row_against(inputs)
        return inputs[0] + inputs[1]


class DotProduct(FunctionNode):
    """DotProduct(features (batch x d), weights (1 x d)): the (batch x 1) scores."""

    @staticmethod
    def _forward(*inputs):
        _row_against(inputs)
        return np.dot(inputs[0], inputs[1].T)


class Linear(FunctionNode):
    @staticmethod
    def _forward(*inputs):
        _two(inputs)
        _require(inputs[0].shape[1] == inputs[1].shape[0], "Second dimension of first input should match first "
                 f"dimension of second input, instead got shapes {_shape(inputs[0].shape)} and "
                 f"{_shape(inputs[1].shape)}")
        return np.dot(inputs[0], inputs[1])


class ReLU(FunctionNode):
    @staticmethod
    def _forward(*inputs):
        _require(len(inputs) == 1, f"Expected 1 input, got {len(inputs)}")
        _matrix(inputs[0], "Input")
        return np.maximum(inputs[0], 0)


def gradients(loss, parameters):
    """Not provided: only the perceptron (question 1) is graded, and it needs no gradients."""
    raise NotImplementedError("the grader's nn module provides only what the perceptron question uses")


def as_scalar(node):
    """The one number a node holds, as a Python float."""
    _require(isinstance(node, Node), f"Input must be a node object, instead has type {type(node).__name__!r}")
    _require(node.data.size == 1, f"Node has shape {_shape(node.data.shape)}, cannot convert to a scalar")
    return node.data.item()


class Dataset:
    """The case's points: iterate_once(batch_size) yields (Constant x, Constant y) in order; the monitor reads the
    model's weights after each whole pass."""

    def __init__(self, x, y, feed=None):
        self.x = np.asarray(x, dtype=np.float64)
        self.y = np.asarray(y, dtype=np.float64).reshape(-1, 1)
        self.feed = feed

    def iterate_once(self, batch_size):
        _require(isinstance(batch_size, int) and batch_size > 0,
                 f"Batch size should be a positive integer, got {batch_size!r}")
        _require(self.x.shape[0] % batch_size == 0,
                 f"Dataset size {self.x.shape[0]:d} is not divisible by batch size {batch_size:d}")
        for i in range(0, self.x.shape[0], batch_size):
            yield Constant(self.x[i:i + batch_size].copy()), Constant(self.y[i:i + batch_size].copy())
        if self.feed is not None and self.feed.model is not None:
            self.feed.after_pass(self.feed.model)

    def iterate_forever(self, batch_size):
        while True:
            yield from self.iterate_once(batch_size)

    def get_validation_accuracy(self):
        raise NotImplementedError("No validation data is available for this dataset.")


# The nn modules a preset may name (classapi.py's module blocks): the Fall 2018 one, and the term whose Parameter
# takes (multiplier, direction); each maps an attribute to what this module gives under that name.
VARIANTS = ("nn", "nn-multiplier-first", "nn-either-order")
NAMES = ("Node", "DataNode", "Parameter", "Constant", "FunctionNode", "Add", "AddBias", "DotProduct", "Linear",
         "ReLU", "gradients", "as_scalar", "Dataset")
NODE_TYPES = (Constant, Parameter, MultiplierFirstParameter, EitherOrderParameter, DotProduct, Add, AddBias, Linear,
              ReLU)


PARAMETERS = {"nn-multiplier-first": MultiplierFirstParameter, "nn-either-order": EitherOrderParameter}


def names(variant: str) -> dict:
    """The attributes of one variant of the module: the shared names, with that variant's Parameter."""
    out = {attr: globals()[attr] for attr in NAMES}
    out["np"] = np  # the course's nn.py imports numpy as np at its top, and students reach it as nn.np
    if variant in PARAMETERS:
        out["Parameter"] = PARAMETERS[variant]
    return out

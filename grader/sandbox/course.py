"""Course modules a class API imports (a data stream, datasets, a small nn), built in the child from plain data."""

# Standalone, like harness.py: loaded by path inside the sandboxed child; imports only stdlib and numpy. The grader
# describes these modules in the load message (names of building blocks, never code); the data arrive per case.
import types

import numpy as np

MAX_PASSES_KEPT = 200  # weights read after each pass (for feedback); later passes are counted only


class Feed:
    """The current case's data and what the course module observed (set by the harness around each case)."""

    def __init__(self):
        self.x = self.y = None
        self.values = "arrays"
        self.weights = "get_weights"
        self.seed = 0
        self.passes, self.pass_count = [], 0

    def reset(self, x, y, values: str, weights: str, seed: int) -> None:
        self.x, self.y, self.values, self.weights, self.seed = x, y, values, weights, seed
        self.passes, self.pass_count = [], 0

    def after_pass(self, model) -> None:
        """The course's monitor: read the model's weights after each pass."""
        self.pass_count += 1
        w = getattr(model, self.weights)()
        if len(self.passes) < MAX_PASSES_KEPT:
            self.passes.append(unwrap(w))


class Constant:
    """nn.Constant: a fixed array (the course's input node)."""

    def __init__(self, data):
        self.data = np.array(data, dtype=np.float64)


class Parameter:
    """nn.Parameter: a trainable array, initialised uniformly in ±sqrt(3 / mean(shape)) as the course does."""

    feed = None

    def __init__(self, *shape):
        limit = np.sqrt(3.0 / np.mean(shape))
        rng = np.random.default_rng(Parameter.feed.seed if Parameter.feed else 0)
        self.data = rng.uniform(low=-limit, high=limit, size=shape)

    def update(self, direction, multiplier):
        if not isinstance(direction, Constant) or direction.data.shape != self.data.shape:
            raise ValueError(f"Parameter.update needs a Constant of shape {self.data.shape}")
        self.data += float(multiplier) * direction.data


class DotProduct:
    """nn.DotProduct(features, weights): the (batch, 1) scores features · weightsᵀ."""

    def __init__(self, features, weights):
        self.data = np.dot(features.data, weights.data.T)


def as_scalar(node) -> float:
    if node.data.size != 1:
        raise ValueError(f"as_scalar needs a node with one number, got shape {node.data.shape}")
    return float(node.data.reshape(()))


class Dataset:
    """A course dataset: iterate_once(batch_size) yields (x, y) batches as nn.Constant nodes, in order."""

    def __init__(self, x, y, values: str):
        self.x, self.y, self.values = x, y.reshape(-1, 1), values

    def iterate_once(self, batch_size):
        if type(batch_size) is not int or batch_size < 1 or self.x.shape[0] % batch_size:
            raise ValueError("batch_size must be a positive int that divides the dataset size")
        for i in range(0, self.x.shape[0], batch_size):
            x, y = self.x[i:i + batch_size], self.y[i:i + batch_size]
            yield (Constant(x), Constant(y)) if self.values == "nn" else (x, y)


def unwrap(value):
    """The array inside the course's own node types (exact type checks); anything else as is."""
    if type(value) in (Constant, Parameter, DotProduct):
        return value.data.copy()
    if type(value) is np.ndarray:
        return value.copy()
    return value


def _data_stream(feed: Feed):
    def make_get_data_and_monitor():
        x, y = feed.x, feed.y

        def get_data_and_monitor(model):
            for i in range(len(x)):
                yield x[i], y[i]
            feed.after_pass(model)

        return get_data_and_monitor

    return make_get_data_and_monitor


def build_module(name: str, spec, feed: Feed) -> types.ModuleType:
    """A module from its description: the nn block, or a mapping of attribute names to building blocks."""
    module = types.ModuleType(name)
    if spec == "nn":
        Parameter.feed = feed
        for attr, value in (("Constant", Constant), ("Parameter", Parameter), ("DotProduct", DotProduct),
                            ("as_scalar", as_scalar), ("Dataset", Dataset)):
            setattr(module, attr, value)
        return module
    blocks = {"data-stream": _data_stream}
    for attr, block in spec.items():
        setattr(module, attr, blocks[block](feed))
    return module


def wrap(value, kind: str, values: str):
    """A case's plain array as the student's method receives it: as is, an nn.Constant, or a Dataset."""
    if kind == "dataset":
        return Dataset(value[0], value[1], values)
    if kind == "point" and values == "nn":
        return Constant(np.asarray(value, dtype=np.float64).reshape(1, -1))
    return value

"""Course modules a class API imports (a data stream, datasets, a small nn), built in the child from plain data."""

# Standalone, like harness.py: loaded by path inside the sandboxed child; imports only stdlib and numpy. The grader
# describes these modules in the load message (names of building blocks, never code); the data arrive per case.
import argparse
import sys
import types

import numpy as np


nn = None  # CS188's nn module as the grader writes it (coursenn.py): set by the harness, which loads both by path

MAX_PASSES_KEPT = 200  # weights read after each pass (for feedback); later passes are counted only


class Feed:
    """The current case's data and what the course module observed (set by the harness around each case)."""

    def __init__(self):
        self.x = self.y = None
        self.values = "arrays"
        self.weights = "get_weights"
        self.seed = 0
        self.passes, self.pass_count, self.model = [], 0, None

    def reset(self, x, y, values: str, weights: str, seed: int) -> None:
        self.x, self.y, self.values, self.weights, self.seed = x, y, values, weights, seed
        self.passes, self.pass_count, self.model = [], 0, None
        nn.Parameter.seed = seed

    def after_pass(self, model) -> None:
        """The course's monitor: read the model's weights after each pass."""
        self.pass_count += 1
        w = getattr(model, self.weights)()
        if len(self.passes) < MAX_PASSES_KEPT:
            self.passes.append(unwrap(w))


class Dataset:
    """A dataset of plain arrays: iterate_once(batch_size) yields (x, y) batches in order."""

    def __init__(self, x, y):
        self.x, self.y = x, y.reshape(-1, 1)

    def iterate_once(self, batch_size):
        if type(batch_size) is not int or batch_size < 1 or self.x.shape[0] % batch_size:
            raise ValueError("batch_size must be a positive int that divides the dataset size")
        for i in range(0, self.x.shape[0], batch_size):
            yield self.x[i:i + batch_size], self.y[i:i + batch_size]


def unwrap(value):
    """The array inside the course's own node types (exact type checks) or a torch tensor; anything else as is."""
    if type(value) in nn.NODE_TYPES:
        return value.data.copy()
    torch = sys.modules.get("torch")
    if torch is not None and isinstance(value, torch.Tensor):
        return value.detach().to("cpu", torch.float64).numpy().copy()
    if type(value) is np.ndarray:
        return value.copy()
    return value


def torch_dataset(x, y, feed: Feed | None):
    """CS188's torch dataset (Summer 2024 on): item i is {'x': (d,), 'label': (1,)} float32 tensors, for a
    DataLoader (the course's train shuffles with batch_size=1); the monitor reads the weights after each n items."""
    import torch  # the student's file imported it already

    class PerceptronDataset(torch.utils.data.Dataset):
        def __init__(self):
            self.x = np.asarray(x, dtype=np.float64)
            self.y = np.asarray(y, dtype=np.float64).reshape(-1, 1)
            self.served = 0

        def __len__(self):
            return len(self.x)

        def __getitem__(self, idx):
            if torch.is_tensor(idx):
                idx = idx.tolist()
            item = {"x": torch.tensor(self.x[idx], dtype=torch.float32),
                    "label": torch.tensor(self.y[idx], dtype=torch.float32)}
            self.served += 1
            if feed is not None and feed.model is not None and self.served % len(self.x) == 0:
                feed.after_pass(feed.model)
            return item

    return PerceptronDataset()


def _data_stream(feed: Feed):
    def make_get_data_and_monitor():
        x, y = feed.x, feed.y

        def get_data_and_monitor(model):
            for i in range(len(x)):
                yield x[i], y[i]
            feed.after_pass(model)

        return get_data_and_monitor

    return make_get_data_and_monitor


def _make_classification(feed: Feed):
    """sklearn.datasets.make_classification as NPFL129 calls it: the case's points and labels 0/1 (copies)."""

    def make_classification(n_samples=100, *args, **kwargs):
        if feed.x is None or n_samples != len(feed.x):
            n = 0 if feed.x is None else len(feed.x)
            raise ValueError(f"the grader's make_classification gives the case's {n} points: n_samples must be "
                             f"args.data_size, got {n_samples!r}")
        return feed.x.copy(), ((np.asarray(feed.y) + 1) // 2).astype(np.int64)

    return make_classification


def install(name: str, module: types.ModuleType) -> None:
    """Put a course module in sys.modules; a dotted one also under its parents (`import sklearn.datasets`)."""
    sys.modules[name] = module
    parts = name.split(".")
    for k in range(len(parts) - 1, 0, -1):
        parent = sys.modules.get(".".join(parts[:k]))
        if not getattr(parent, "__rosenblatt_course__", False):  # never an installed package's own module
            parent = types.ModuleType(".".join(parts[:k]))
            parent.__rosenblatt_course__ = True
            parent.__path__ = []  # a package, so that `import a.b` works
            sys.modules[parent.__name__] = parent
        setattr(parent, parts[k], sys.modules[".".join(parts[:k + 1])])


def namespace(module, values: dict):
    """The script's argparse namespace: its own module-level parser's defaults, then the grader's values."""
    parser = module.__dict__.get("parser") if module is not None else None
    if isinstance(parser, argparse.ArgumentParser):
        args = parser.parse_args([])
    else:
        args = argparse.Namespace()
    for key, value in values.items():
        setattr(args, key, value)
    return args


def build_module(name: str, spec, feed: Feed) -> types.ModuleType:
    """A module from its description: the nn block, or a mapping of attribute names to building blocks."""
    module = types.ModuleType(name)
    if spec in nn.VARIANTS:
        nn.Parameter.seed = feed.seed
        for attr, value in nn.names(spec).items():
            setattr(module, attr, value)
        return module
    blocks = {"data-stream": _data_stream, "make-classification": _make_classification}
    for attr, block in spec.items():
        setattr(module, attr, blocks[block](feed))
    return module


def wrap(value, kind: str, values: str, feed: Feed | None = None):
    """A case's plain array as the student's method receives it: as is, an nn.Constant, or a Dataset."""
    if kind == "dataset":
        if values == "torch":
            return torch_dataset(value[0], value[1], feed)
        return nn.Dataset(value[0], value[1], feed) if values == "nn" else Dataset(value[0], value[1])
    if kind == "point" and values == "nn":
        return nn.Constant(np.asarray(value, dtype=np.float64).reshape(1, -1))
    if kind == "point" and values == "torch":
        import torch  # the student's file imported it already
        return torch.tensor(np.asarray(value, dtype=np.float32).reshape(1, -1))
    return value

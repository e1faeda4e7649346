"""Rosenblatt's exercise side: the exact perceptron math core, exercise kinds and bundled specs."""

__version__ = "0.1.0"

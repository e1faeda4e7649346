"""`python -m exercises` runs the `rosenblatt` command line."""

from exercises.cli import entry

entry()

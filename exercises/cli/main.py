"""The `rosenblatt` console script: argument parsing, dispatch to the command modules, and the error boundary."""

from __future__ import annotations

import argparse
import importlib
import sys
from typing import Sequence

from rosenblatt import __version__
from rosenblatt.shared import RosenblattError, UsageError

# Each module defines register(subparsers); a parser it adds sets `run=callable(args) -> int`. COMMANDS says which
# module registers which command, so that a command imports its own module only (a test keeps the two in step).
COMMAND_MODULES = ("exercises.cli.core_commands", "exercises.cli.exercise_commands", "grader.cli",
                   "grader.platforms.prairielearn_cli", "grader.inference.cli")
COMMANDS = {
    "trace": 0, "separable": 0, "bound": 0, "cover": 0,
    "list": 1, "generate": 1, "show": 1, "check-answers": 1,
    "grade": 2, "check": 2, "similarity": 2, "gradescope": 2, "gradescope-package": 2,
    "prairielearn": 3, "prairielearn-package": 3,
    "preset": 4,
}


class _Parser(argparse.ArgumentParser):
    """argparse, but usage mistakes become UsageError (one line, exit 2) instead of a usage dump."""

    def error(self, message: str) -> None:  # type: ignore[override]
        command = self.prog.removeprefix("rosenblatt").strip()  # the error boundary prints `rosenblatt: ` itself
        raise UsageError(f"{command + ': ' if command else ''}{message} (see {self.prog} --help)")


def build_parser(command: str | None = None) -> argparse.ArgumentParser:
    """The parser; given a known command's name, only the module that registers it is imported (else all are)."""
    parser = _Parser(
        prog="rosenblatt",
        description="Exact perceptron exercises with worked answer keys, and an autograder for perceptron code.",
    )
    parser.add_argument("--version", action="version", version=f"rosenblatt {__version__}")
    sub = parser.add_subparsers(dest="command", metavar="COMMAND", parser_class=_Parser)
    sub.required = True
    own = COMMANDS.get(command or "")
    for name in COMMAND_MODULES if own is None else (COMMAND_MODULES[own],):
        importlib.import_module(name).register(sub)
    return parser


def _command_name(argv: Sequence[str]) -> str | None:
    """The command word: the first argument not starting with `-` (the top-level options take no values)."""
    return next((a for a in argv if not a.startswith("-")), None)


def main(argv: Sequence[str] | None = None) -> int:
    """Run one command; user mistakes print one sentence and exit with the error's code (2)."""
    try:
        argv = sys.argv[1:] if argv is None else list(argv)
        args = build_parser(_command_name(argv)).parse_args(argv)
        return int(args.run(args) or 0)
    except RosenblattError as err:
        print(f"rosenblatt: {err.message}", file=sys.stderr)
        return err.exit_code
    except KeyboardInterrupt:
        print("rosenblatt: interrupted", file=sys.stderr)
        return 130
    except BrokenPipeError:
        return 0


def entry() -> None:
    sys.exit(main())


if __name__ == "__main__":
    entry()

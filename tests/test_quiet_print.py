"""A graded file's print: what goes to its standard output is dropped without formatting the values; a print to
another file is Python's own (the harness's quiet_print; the sample udacity/prints_every_step.py grades it)."""

from __future__ import annotations

import io
import sys

from grader.sandbox.harness import quiet_print


class Loud:
    def __str__(self) -> str:
        raise AssertionError("formatted")


def test_standard_output_is_dropped_unformatted(capsys):
    quiet_print("x:", Loud())
    quiet_print(Loud(), file=sys.stdout, flush=True)
    assert capsys.readouterr().out == ""


def test_a_print_to_another_file_is_pythons():
    out = io.StringIO()
    quiet_print("a", 1, sep="-", end="!", file=out)
    assert out.getvalue() == "a-1!"

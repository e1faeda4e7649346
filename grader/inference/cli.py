"""The `rosenblatt preset` command: `preset infer REFERENCE [REFERENCE...] [--function NAME...] --out COURSE.yaml`."""

from __future__ import annotations

import argparse
import sys
from pathlib import Path


def register(sub: argparse._SubParsersAction) -> None:
    p = sub.add_parser("preset", help="work with course presets: infer one from a reference solution")
    inner = p.add_subparsers(dest="preset_command", metavar="ACTION")
    inner.required = True
    q = inner.add_parser("infer", help="infer a preset (COURSE.yaml and a handout draft COURSE.md) from the "
                                       "instructor's reference solution, run in the sandbox on probe data",
                         description="Run the reference solution (.py or .ipynb) in the sandbox on probe data and "
                                     "write the preset it follows, each key commented with the probe that decided "
                                     "it, and a handout draft beside it. Exit 2, writing nothing, when the reference "
                                     "does not behave like a perceptron or the probes disagree. Several "
                                     "correct solutions of one course are merged: each function is the first "
                                     "reference's, with the others' spellings accepted too; where one's update "
                                     "checks for the mistake and another's does not, either is accepted; where "
                                     "their classifiers label a zero score differently, it is not tested; any "
                                     "other difference is refused.")
    q.add_argument("reference", type=Path, nargs="*", metavar="REFERENCE",
                   help="the reference solution (.py or .ipynb), or several correct solutions of one course")
    q.add_argument("--function", nargs="+", action="extend", default=[], metavar="NAME",
                   help="the functions (or a class's methods) to grade (default: every function with a "
                        "perceptron's parameters; a file with classes only is read as a CS188 class API)")
    q.add_argument("--out", type=Path, required=True, metavar="COURSE.yaml",
                   help="the preset to write; the handout draft COURSE.md goes beside it")
    q.add_argument("--isolation", choices=("auto", "strong", "weak"), default="auto",
                   help="the sandbox's isolation, as for grade")
    q.set_defaults(run=run_infer)


def run_infer(args: argparse.Namespace) -> int:
    from rosenblatt.shared import UsageError
    from grader import inference

    if args.out.suffix not in (".yaml", ".yml"):
        raise UsageError(f"--out {args.out}: must be a .yaml file (the handout draft goes beside it as .md)")
    misplaced = [n for n in args.function if not n.isidentifier()]
    if misplaced:
        raise UsageError(f"--function {misplaced[0]}: a function's name must be a Python name; --function takes every "
                         "word after it, so give the REFERENCE files before --function")
    if not args.reference:
        raise UsageError("preset infer: give at least one REFERENCE, the reference solution (.py or .ipynb)")
    for path in args.reference:
        if not path.is_file():
            raise UsageError(f"{path}: no such file")
    result = inference.infer_all(tuple(args.reference), tuple(args.function), args.isolation)
    yaml_path, md_path = inference.write(result, args.out)
    print(f"inferred {result.describe()} from {', '.join(map(str, args.reference))} in {result.probes_run} probe calls; wrote {yaml_path} and "
          f"{md_path} (grade with --assignment {yaml_path})")
    for name, why in result.skipped:
        print(f"note: {name} is not graded: {why}", file=sys.stderr)
    return 0

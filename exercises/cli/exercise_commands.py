"""The exercise commands: `list` (bundled specs and course presets), `generate` (problem sets, keys, handouts),
`show` (one variant) and `check-answers`.

Only argparse (and the digests' default for the help text) is imported up front; each command imports what it uses
(numpy and the kinds for `generate` and `show`, the answer checker for `check-answers`, the specs' YAML and the
presets for `list`), so `rosenblatt --help` and `check-answers` start fast.
"""

from __future__ import annotations

import argparse
import os
import sys
import time
from pathlib import Path

from rosenblatt.shared import UsageError
from exercises.answers import DEFAULT_GUESS_MS

MAX_JOBS = 64
DEFAULT_SPEC = "problem_set"  # the bundled spec that `generate` and `show` use when none is named

SECRET_ENV = "ROSENBLATT_COURSE_SECRET"


def register(sub: argparse._SubParsersAction) -> None:
    p = sub.add_parser("list", help="list the bundled exercise specs and grading assignments (course presets)")
    p.set_defaults(run=run_list)
    _register_generate(sub.add_parser("generate", help="generate problem sets, answer keys and student handouts "
                                                        "from YAML specs"))
    p = sub.add_parser("show", help="print one variant of a spec (question, and --key for the solution) as Markdown")
    p.add_argument("specs", nargs="*", metavar="SPEC", help=f"spec files or bundled names (default `{DEFAULT_SPEC}`)")
    p.add_argument("--seed", type=int, default=0, help="base seed (default 0)")
    p.add_argument("--variant", type=int, default=1, metavar="K", help="which variant of that seed (default 1)")
    p.add_argument("--key", action="store_true", help="also print the worked solution")
    p.set_defaults(run=run_show)
    p = sub.add_parser("check-answers", help="check your answers against a handout (never shows the answers); "
                                             "instructors: check a class's answer files against the key")
    p.add_argument("handout", type=Path, metavar="HANDOUT|KEY_DIR",
                   help="the handout.json your instructor gave you; or, for a class, the folder generate wrote")
    p.add_argument("answers", type=Path, metavar="ANSWERS|ANSWERS_DIR",
                   help="your answers (YAML; start from answers.yaml); or a folder of <student id>.yaml files")
    p.add_argument("--roster", type=Path, default=None, metavar="FILE",
                   help="class mode: the roster CSV (id[, name]) the variants were generated from")
    p.add_argument("--out", type=Path, default=Path("answers-report"),
                   help="class mode: where gradebook.csv, summary.json and summary.html go (default answers-report)")
    p.set_defaults(run=run_check)


def _register_generate(p: argparse.ArgumentParser) -> None:
    p.add_argument("specs", nargs="*", metavar="SPEC",
                   help=f"spec files or bundled spec names (default: the bundled `{DEFAULT_SPEC}`)")
    p.add_argument("--seed", type=int, default=0, help="base seed (default 0); same seed, same output")
    how = p.add_mutually_exclusive_group()
    how.add_argument("--variants", type=int, default=None, metavar="K", help="make K variants (default 1)")
    how.add_argument("--roster", type=Path, default=None, metavar="FILE",
                     help="make one variant per student of this CSV roster (columns id[, name])")
    p.add_argument("--secret", default=None,
                   help=f"course secret for per-student seeds (or set {SECRET_ENV}); required with --roster")
    p.add_argument("--format", default="md,tex,html,json",
                   help="comma-separated formats: md, tex, html, json (problem sets, keys, JSON), and exports: "
                        "prairielearn (a question per exercise of the spec, its variants a pool, graded exactly by "
                        "a standalone server.py), moodle (moodle.xml: a category per exercise, a cloze question per "
                        "variant), qti (qti.zip for Canvas: a quiz per exercise drawing one variant per student)")
    p.add_argument("--out", type=Path, default=Path("out/exercises"), help="output directory (default out/exercises)")
    p.add_argument("--guess-ms", type=int, default=DEFAULT_GUESS_MS, metavar="MS",
                   help=f"what one guess at an answer costs a student, in milliseconds on the calibrated fastest "
                        f"engine (default {DEFAULT_GUESS_MS}); the handouts' time-lock digests cost the generator "
                        "about a millisecond each whatever this is")
    p.add_argument("--kdf-iterations", type=int, default=None, metavar="N",
                   help="make the old handouts (format v2) with PBKDF2 digests of N iterations instead: these cost "
                        "the generator as much as a guess")
    p.add_argument("--jobs", type=int, default=None, metavar="N",
                   help="worker processes for the sheets (default: every core once there are 16 sheets or more); "
                        "the files are the same bytes whatever N is")
    p.add_argument("--quiet", action="store_true", help="print nothing on success")
    p.set_defaults(run=run_generate)


def _formats(text: str) -> tuple[str, ...]:
    from exercises.export import EXPORTS
    from exercises.generate import FORMATS

    chosen = [f.strip().lower() for f in text.split(",") if f.strip()]
    bad = [f for f in chosen if f not in FORMATS + EXPORTS]
    if bad or not chosen:
        shown = bad[0] if bad else repr(text)
        raise UsageError(f"--format: unknown format {shown}; choose from {', '.join(FORMATS + EXPORTS)}")
    return tuple(f for f in FORMATS + EXPORTS if f in chosen)


def _seeds(args: argparse.Namespace, spec) -> list[tuple[str, str, int]]:
    from exercises.generation import variant_seeds
    from rosenblatt.shared import read_roster, student_seed

    if args.roster is None:
        return variant_seeds(spec, args.seed, 1 if args.variants is None else args.variants)
    secret = args.secret if args.secret is not None else os.environ.get(SECRET_ENV)
    if not secret:
        raise UsageError(f"--roster needs a course secret: pass --secret TEXT or set {SECRET_ENV} "
                         "(keep it private: it decides every student's variant)")
    students = read_roster(args.roster)
    if not students:
        raise UsageError(f"--roster {args.roster}: the roster lists no students")
    return [(s.id, s.name, student_seed(secret, s.id, spec.name) ^ args.seed) for s in students]


def run_list(args: argparse.Namespace) -> int:
    from grader import assignments  # the command line is where the two flows meet
    from rosenblatt.shared import render
    from exercises.generation import BUNDLED, bundled_names, outline

    specs = [outline(name) for name in bundled_names()]
    presets = [assignments.outline(name) for name in assignments.preset_names()]
    print(render("exercises/list.txt.j2", specs=specs, folder=str(BUNDLED), assignments=presets,
                 assignment_folder=str(assignments.BUNDLED)), end="")
    return 0


def run_generate(args: argparse.Namespace) -> int:
    from exercises.generate import pool_size, write_outputs
    from exercises.answers import DigestPlan
    from rosenblatt.shared import render
    from exercises.generation import load_spec, merge_specs
    from exercises.generation import build_sheets

    start = time.perf_counter()
    formats = _formats(args.format)
    plan = DigestPlan(args.kdf_iterations, args.guess_ms)
    problem = plan.problem()
    if problem:
        raise UsageError(problem)
    if args.jobs is not None and not 1 <= args.jobs <= MAX_JOBS:
        raise UsageError(f"--jobs must be between 1 and {MAX_JOBS}, got {args.jobs}")
    spec = merge_specs([load_spec(name) for name in (args.specs or [DEFAULT_SPEC])])
    seeds = _seeds(args, spec)
    sheets = build_sheets(spec, seeds, pool_size(len(seeds), args.jobs))  # drafted on the same workers as written
    written = write_outputs(spec, sheets, formats, args.out, plan, args.jobs)
    if not args.quiet:
        first = sorted(p.name for p in (args.out / "variants").iterdir())[0]
        print(render("exercises/generated.txt.j2", spec=spec, sheets=len(sheets), out=str(args.out),
                     files=written, seconds=f"{time.perf_counter() - start:.1f}", key="json" in formats,
                     roster=str(args.roster) if args.roster else "", first=first), end="")
    return 0


def run_show(args: argparse.Namespace) -> int:
    from exercises.generation import render_variant
    from exercises.generate import render_page
    from exercises.generation import load_spec, merge_specs
    from exercises.generation import MAX_VARIANTS, build_sheets, variant_seeds

    spec = merge_specs([load_spec(name) for name in (args.specs or [DEFAULT_SPEC])])
    if not 1 <= args.variant <= MAX_VARIANTS:
        raise UsageError(f"--variant must be between 1 and {MAX_VARIANTS}, got {args.variant}")
    label, name, seed = variant_seeds(spec, args.seed, args.variant)[-1]
    sheet = build_sheets(spec, [(label, name, seed)])[0]
    roles = ("question", "key") if args.key else ("question",)
    sections = [{"heading": f"Variant {label} (seed {args.seed})", "body": "".join(
        render_variant(v, ["term"])["term"][role] for v in sheet.variants for role in roles)}]
    print(render_page("term", "key" if args.key else "question", spec, sections), end="")
    return 0


def run_check(args: argparse.Namespace) -> int:
    from exercises.answers import check_answers
    from rosenblatt.shared import render

    if args.handout.is_dir() or args.answers.is_dir():
        return _run_class_check(args)
    if args.roster is not None:
        raise UsageError("--roster is for a class: give the folder generate wrote and a folder of answer files")
    handout, report = check_answers(args.handout, args.answers)
    print(render("exercises/check.txt.j2", handout=handout, report=report), end="")
    sys.stdout.flush()
    return 0 if all(r.correct for _, results in report for r in results) else 1


def _run_class_check(args: argparse.Namespace) -> int:
    from exercises.answers import check_class, summary
    from exercises.answers import write_report
    from rosenblatt.shared import render

    if not (args.handout.is_dir() and args.answers.is_dir()):
        raise UsageError(f"check-answers: for a class give two folders (the one generate wrote, then the answer files); "
                         f"{args.handout if not args.handout.is_dir() else args.answers} is not a folder")
    title, sheets, entries = check_class(args.handout, args.answers, args.roster)
    doc = summary(title, sheets, entries)
    files = write_report(args.out, doc, entries)
    print(render("exercises/class_check.txt.j2", s=doc, out=str(args.out), files=files), end="")
    return 0

"""The PrairieLearn commands: `prairielearn` (inside the grading container) and `prairielearn-package`."""

from __future__ import annotations

import argparse
import os
import sys
from pathlib import Path


GRADE_ROOT = Path("/grade")


def register(sub: argparse._SubParsersAction) -> None:
    p = sub.add_parser(
        "prairielearn", help="grade one submission inside PrairieLearn's external grader container",
        description="Grade the submission in /grade/student (a .py file or a .ipynb notebook) and write "
                    "/grade/results/results.json in PrairieLearn's format: score in [0, 1], tests with points, "
                    "messages and output, the figure of a failing 2-D case; a file that cannot be graded gets "
                    "gradable false with format_errors. The assignment comes from --assignment, else "
                    "params.rosenblatt_assignment in data.json, else tests/rosenblatt.yaml (assignment: NAME|FILE), "
                    "else the default; tests/secret.txt seeds the hidden cases.")
    p.add_argument("--assignment", metavar="NAME|FILE", help="bundled assignment name or a YAML file")
    p.add_argument("--grade-dir", type=Path, default=GRADE_ROOT, metavar="DIR",
                   help="the job folder PrairieLearn mounts (default /grade)")
    p.add_argument("--student-dir", type=Path, metavar="DIR", help="the student's files (default DIR/student)")
    p.add_argument("--data", type=Path, metavar="FILE", help="the question's data (default DIR/data/data.json)")
    p.add_argument("--tests-dir", type=Path, metavar="DIR", help="the question's tests/ (default DIR/tests)")
    p.add_argument("--results", type=Path, metavar="FILE", help="where to write (default DIR/results/results.json)")
    p.set_defaults(run=run_prairielearn)
    p = sub.add_parser(
        "prairielearn-package", help="write an example PrairieLearn course with a question graded by Rosenblatt",
        description="Write a PrairieLearn course folder: infoCourse.json, an externally graded question "
                    "(info.json with externalGradingOptions for the prairielearn/grader-python image, question.html, "
                    "tests/ with the assignment and a hidden-case secret) and serverFilesCourse/rosenblatt "
                    "(Rosenblatt's source and the entrypoint run.sh).")
    p.add_argument("--assignment", metavar="NAME|FILE", help="bundled assignment name or a YAML file (default: default)")
    p.add_argument("--out", type=Path, default=Path("prairielearn-course"), help="folder to write "
                   "(default prairielearn-course)")
    p.add_argument("--secret", help="hidden-case seed written to tests/secret.txt (default: $ROSENBLATT_SECRET, "
                                    "else a fresh random one)")
    p.set_defaults(run=run_package)


def _sandbox_factory(a):
    from grader.sandbox import Limits, Sandbox

    return Sandbox(Limits(case_seconds=a.case_seconds, total_seconds=a.total_seconds, load_seconds=a.load_seconds))


def run_prairielearn(args: argparse.Namespace) -> int:
    from grader.platforms.prairielearn import Job, grade_job

    job = Job.under(args.grade_dir, student=args.student_dir, data=args.data, tests=args.tests_dir,
                    results=args.results)
    return grade_job(job, args.assignment, _sandbox_factory)


def run_package(args: argparse.Namespace) -> int:
    import secrets

    from grader import assignments
    from grader.platforms.prairielearn_course import course_files, write_course

    a = assignments.load(args.assignment)
    secret = args.secret or os.environ.get("ROSENBLATT_SECRET") or secrets.token_hex(16)
    files = course_files(a, assignments.resolve(args.assignment), secret)
    write_course(files, args.out)
    qid = next(name.split("/")[1] for name in files if name.startswith("questions/"))
    print(f"wrote {args.out}: a PrairieLearn course with the question questions/{qid} (see its README.md)",
          file=sys.stderr)
    return 0

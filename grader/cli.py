"""The grading commands: `grade`, `check`, `similarity`, `gradescope` and `gradescope-package`."""

from __future__ import annotations

import argparse
import os
import sys
from pathlib import Path

from rosenblatt.shared import UsageError


def register(sub: argparse._SubParsersAction) -> None:
    p = sub.add_parser("grade", help="grade student perceptron files: results.json, feedback, gradebook.csv")
    p.add_argument("paths", nargs="+", type=Path, metavar="PATH", help="submission files or folders of them")
    _assignment_arg(p)
    p.add_argument("--out", type=Path, default=Path("grades"), help="output folder (default: grades)")
    p.add_argument("--jobs", type=int, default=None,
                   help="submissions graded at once (default: min(4, cores); with --cluster, twice the workers' "
                        "threads)")
    p.add_argument("--seed", help="hidden-case seed (default: the course secret in $ROSENBLATT_SECRET, "
                                  "else a fresh seed recorded under --out and reused on reruns)")
    p.add_argument("--force", action="store_true", help="regrade submissions already graded with the same inputs")
    p.add_argument("--roster", type=Path, default=None, metavar="FILE",
                   help="CSV roster (id, name): the class summary shows names next to submissions named by id")
    p.add_argument("--no-progress", action="store_true", help="no progress bar")
    p.add_argument("--isolation", choices=("auto", "strong", "weak"), default="auto",
                   help="auto: namespaces where available, else process limits (reported as weak isolation); "
                        "strong: fail rather than fall back; weak: process limits only")
    p.add_argument("--cluster", metavar="ADDRESS|local:N",
                   help="run the submissions on a Dask cluster: a scheduler address (tcp://host:8786) or local:N "
                        "for N worker processes here; results are still written here (needs rosenblatt[cluster])")
    p.add_argument("--similarity", action="store_true",
                   help="also compare the submissions with each other (similarity.json, similarity.html and a "
                        "section of the class view; see `rosenblatt similarity`)")
    _solution_arg(p)
    p.set_defaults(run=run_grade)
    p = sub.add_parser("check", help="run the visible checks on your perceptron file before submitting",
                       description="Run the visible checks on your file. Exit status: 0 all visible checks pass, "
                                   "1 some fail, 2 the file cannot be graded (or a usage mistake), 3 the grader "
                                   "itself failed; use it in scripts.")
    p.add_argument("file", type=Path, help="your Python file or Jupyter notebook (.py or .ipynb)")
    _assignment_arg(p)
    p.set_defaults(run=run_check)
    _register_gradescope(sub)
    _register_similarity(sub)


def _register_similarity(sub: argparse._SubParsersAction) -> None:
    p = sub.add_parser("similarity", help="find submissions that share code of their own (similarity.json, .html)",
                       description="Compare a class's submissions with each other and with earlier terms': what "
                                   "is written, not how it is spelled, less the template and common code. A flag "
                                   "is a reason to read two files, not a verdict.")
    p.add_argument("paths", nargs="+", type=Path, metavar="SUBS", help="submission files or folders of them")
    from grader.assignments import preset_names  # the presets' file names only

    p.add_argument("--assignment", metavar="NAME|FILE",
                   help=f"compare only its graded functions and subtract its handout's code (a bundled assignment: "
                        f"{', '.join(preset_names())}, or an assignment YAML file; default: whole files)")
    p.add_argument("--out", type=Path, default=Path("similarity"), help="output folder (default: similarity)")
    p.add_argument("--template", type=Path, nargs="+", default=[], metavar="FILE",
                   help="starter code the course hands out (.py or .ipynb): subtracted from every submission")
    _solution_arg(p)
    p.add_argument("--archive", type=Path, nargs="+", default=[], metavar="DIR",
                   help="earlier terms' submissions: compared with this term's, not with each other")
    p.add_argument("--threshold", type=float, default=None, metavar="S",
                   help="flag pairs scoring at least S, in (0, 1] (default 0.45; see docs/similarity.md)")
    p.add_argument("--common", type=float, default=None, metavar="SHARE",
                   help="subtract code that more than SHARE of the class has (default 0.2), as MOSS's -m")
    p.add_argument("--jobs", type=int, default=None, help="processes reading submissions (default: min(4, cores))")
    p.add_argument("--cluster", metavar="ADDRESS|local:N",
                   help="fingerprint the submissions on a Dask cluster's workers (a scheduler address or local:N); "
                        "they are read, paired and scored here (needs rosenblatt[cluster])")
    p.set_defaults(run=run_similarity)


def _solution_arg(p: argparse.ArgumentParser) -> None:
    p.add_argument("--solution", type=Path, nargs="+", default=[], metavar="FILE",
                   help="the instructor's reference solution (.py or .ipynb): subtracted from every submission by "
                        "the similarity check, like the template (a bundled --assignment adds its own)")


def _solutions(args: argparse.Namespace) -> tuple[Path, ...]:
    """--solution's files, and the bundled preset's reference solution when --assignment names a preset."""
    from grader import assignments

    spec = getattr(args, "assignment", None)
    own = assignments.solution(spec) if spec and assignments.resolve(spec).parent == assignments.BUNDLED else None
    return tuple(args.solution) + ((own,) if own else ())


def _register_gradescope(sub: argparse._SubParsersAction) -> None:
    p = sub.add_parser("gradescope", help="grade inside Gradescope's autograder container")
    _assignment_arg(p)
    p.add_argument("--submission-dir", type=Path, default=Path("/autograder/submission"), metavar="DIR",
                   help="the student's files (default /autograder/submission, where Gradescope puts them)")
    p.add_argument("--results", type=Path, default=Path("/autograder/results/results.json"), metavar="FILE",
                   help="where to write Gradescope's results.json (default /autograder/results/results.json)")
    p.add_argument("--secret-file", type=Path, default=Path("/autograder/source/secret.txt"), metavar="FILE",
                   help="the hidden-case seed, one line (default /autograder/source/secret.txt, from the package)")
    p.set_defaults(run=run_gradescope)
    p = sub.add_parser("gradescope-package", help="build a Gradescope autograder zip (setup.sh, run_autograder)")
    _assignment_arg(p)
    p.add_argument("--out", type=Path, default=Path("autograder.zip"), help="zip to write (default autograder.zip)")
    p.set_defaults(run=run_package)


def _assignment_arg(p: argparse.ArgumentParser) -> None:
    from grader.assignments import preset_names  # the presets' file names only: no YAML is read for a help text

    p.add_argument("--assignment", metavar="NAME|FILE",
                   help=f"bundled assignment name (see `rosenblatt list`: {', '.join(preset_names())}) or an "
                        "assignment YAML file (default: default)")


def _sandbox_factory(a, isolation: str = "auto", ahead: bool = False):
    """Sandboxes for this assignment; `ahead` (batches): each builds its next child while the last is judged."""
    from grader.sandbox import Limits, Sandbox

    limits = Limits(case_seconds=a.case_seconds, total_seconds=a.total_seconds, load_seconds=a.load_seconds)
    return lambda: Sandbox(limits, isolation=isolation, ahead=ahead)


def run_grade(args: argparse.Namespace) -> int:
    from rosenblatt.shared import read_roster
    from grader import assignments
    from grader.batch import discover, grade_batch, preset_samples, run_seed

    top = 4096 if args.cluster else 64
    if args.jobs is not None and not 1 <= args.jobs <= top:
        raise UsageError(f"--jobs must be between 1 and {top}, got {args.jobs}")
    a = assignments.require(assignments.load(args.assignment))
    subs = discover(args.paths)
    for folder in [f for p in args.paths if p.is_dir() for f in preset_samples(p)]:
        print(f"skipped {folder}: sample submissions of the bundled assignment {folder.name} "
              f"(grade them with --assignment {folder.name})", file=sys.stderr)
    progress = False if args.no_progress else None
    names = {s.id: s.name for s in read_roster(args.roster) if s.name} if args.roster else {}
    if args.cluster:  # connect first: an unreachable cluster leaves nothing behind in --out
        rows = _grade_on_cluster(args, a, assignments.resolve(args.assignment).read_bytes(), subs, progress, names)
    else:
        seed = run_seed(args.out, args.seed or os.environ.get("ROSENBLATT_SECRET"))
        jobs = args.jobs or min(4, os.cpu_count() or 1)
        boxes = _sandbox_factory(a, args.isolation, ahead=True)
        rows = grade_batch(a, subs, args.out, seed, jobs, args.force, boxes, progress, names=names)
    graded = sum(r["status"] == "graded" for r in rows)
    skipped = sum(r["skipped"] for r in rows)
    where = f" on the cluster {args.cluster}" if args.cluster else ""
    print(f"graded {len(rows)} submission{'s' if len(rows) != 1 else ''}{where} ({graded} gradable, {skipped} "
          f"unchanged since the last run) with assignment {a.name}; see {args.out}/gradebook.csv and "
          f"{args.out}/summary.html (summary.json for scripts)")
    from grader.reports import fit_warnings

    for warning in fit_warnings(a, rows):
        print(f"note: {warning['text']}", file=sys.stderr)
    if args.similarity:
        _grade_similarity(args, a, subs, rows, names)
    return 0


def _grade_similarity(args: argparse.Namespace, a, subs, rows: list[dict], names: dict) -> None:
    """`grade --similarity`: similarity.json and .html beside the grades, then the class view again with them."""
    from grader import similarity
    from grader.reports import write_gradebook

    options = similarity.Options(graded=a.names, handout=a.handout, solutions=_solutions(args),
                                 jobs=min(4, os.cpu_count() or 1))
    doc = similarity.write(args.out, similarity.compare([(s.name, s.path) for s in subs], options))
    write_gradebook(args.out, a, rows, names)  # the class view reads similarity.json for its section
    flagged = sum(p["flagged"] for p in doc["pairs"])
    print(f"similarity: {flagged} pair{'s' if flagged != 1 else ''} flagged; see {args.out}/similarity.html",
          file=sys.stderr)


def run_similarity(args: argparse.Namespace) -> int:
    from rosenblatt.shared import display_name
    from grader import assignments, similarity
    from grader.batch import discover

    if args.out.exists() and not args.out.is_dir():
        raise UsageError(f"--out {args.out}: a file is in the way (expected a folder to write similarity.json in)")
    a = assignments.load(args.assignment) if args.assignment else None
    term = discover(args.paths)
    archive = [(f"{d.name}/{s.name}", s.path) for d in args.archive for s in discover([d])]
    defaults = {"threshold": similarity.THRESHOLD, "common": similarity.COMMON}
    options = similarity.Options(
        threshold=defaults["threshold"] if args.threshold is None else args.threshold,
        common=defaults["common"] if args.common is None else args.common,
        graded=a.names if a else (), handout=a.handout if a else None, templates=tuple(args.template),
        solutions=_solutions(args),
        jobs=min(4, os.cpu_count() or 1) if args.jobs is None else args.jobs)
    result = _similarity_on(args.cluster, lambda spread: similarity.compare(
        [(s.name, s.path) for s in term], options, archive, spread))
    doc = similarity.write(args.out, result)
    flagged = sum(p["flagged"] for p in doc["pairs"])
    print(f"compared {doc['compared']} submissions ({len(archive)} from earlier terms): {flagged} pair"
          f"{'s' if flagged != 1 else ''} flagged at {options.threshold}; see {args.out}/similarity.html "
          f"(similarity.json for scripts)")
    for s in doc["not_compared"]:
        print(f"not compared: {display_name(s['name'])}: {s['why']}", file=sys.stderr)
    return 0


def _similarity_on(spec: str | None, compare):
    """`compare(spread)` here, or with its fingerprinting spread over a Dask cluster's workers."""
    if not spec:
        return compare(None)
    from grader import cluster

    client = cluster.connect(spec)
    try:
        return compare(lambda fn, tasks: client.gather(client.map(fn, tasks, pure=False, retries=cluster.RETRIES)))
    finally:
        cluster.close(client)


def _grade_on_cluster(args: argparse.Namespace, a, raw: bytes, subs, progress, names: dict) -> list[dict]:
    from grader import cluster
    from grader.batch import grade_batch, run_seed

    client = cluster.connect(args.cluster)
    try:
        seed = run_seed(args.out, args.seed or os.environ.get("ROSENBLATT_SECRET"))
        jobs = args.jobs or 2 * cluster.worker_threads(client)
        box = cluster.RemoteSandbox(client, a, raw, seed, args.isolation)
        return grade_batch(a, subs, args.out, seed, jobs, args.force, lambda: box, progress, names=names)
    finally:
        cluster.close(client)


def run_check(args: argparse.Namespace) -> int:
    from grader import assignments

    a = assignments.require(assignments.load(args.assignment))
    if not args.file.is_file():
        raise UsageError(f"{args.file}: no such file")
    _check_format(args.file)
    boot = _Boot(_sandbox_factory(a))  # the zygote boots in its own process while this one imports the grader
    try:
        from grader.grading import grade
        from grader.reports import check_text
        from grader.suite import Suite

        suite = Suite(a, None, hidden=False)
    except BaseException:
        with boot.result():  # closed on the way out
            raise
    with boot.result() as box:
        report = grade(box, suite, args.file.stem, args.file.name, args.file.read_bytes())
    print(check_text(report, a), end="")
    if report.status != "graded":
        return 3 if report.status == "grader_error" else 2
    return 0 if all(r.verdict.passed for r in report.results if r.case.visible) else 1


class _Boot:
    """A sandbox started on a thread: the thread only waits (in select) for the zygote, a process of its own."""

    def __init__(self, factory):
        import threading

        self.box, self.error = None, None
        self.thread = threading.Thread(target=self._start, args=(factory,), daemon=True)
        self.thread.start()

    def _start(self, factory) -> None:
        try:
            self.box = factory()
        except BaseException as err:  # handed to the caller by result(), raised there
            self.error = err

    def result(self):
        """The started sandbox (waiting for it), or the error its start raised."""
        self.thread.join()
        if self.error is not None:
            raise self.error
        return self.box


def _check_format(path: Path) -> None:
    """A file `check` cannot grade is the user's mistake: one sentence, exit 2 (a graded batch gives it a zero)."""
    from grader.intake import read_cells

    if path.suffix not in (".py", ".ipynb"):
        raise UsageError(f"{path}: unknown format {path.suffix or '(no extension)'}; expected a Python file (.py) "
                         "or a Jupyter notebook (.ipynb)")
    if path.suffix == ".ipynb":
        read_cells(str(path), path.read_bytes())


def run_gradescope(args: argparse.Namespace) -> int:
    from grader import assignments
    from grader.platforms import grade_in_container

    a = assignments.require(assignments.load(args.assignment))
    return grade_in_container(a, args.submission_dir, args.results, args.secret_file, _sandbox_factory(a))


def run_package(args: argparse.Namespace) -> int:
    from grader import assignments
    from grader.platforms import build_package

    a = assignments.load(args.assignment)
    build_package(a, assignments.resolve(args.assignment), args.out)
    print(f"wrote {args.out}: upload it as the autograder of a Gradescope programming assignment", file=sys.stderr)
    return 0

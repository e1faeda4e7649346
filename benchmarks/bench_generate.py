"""Benchmark the exercise generator: variants per second per kind (JSON + Markdown), and a 1,000-student roster.

Run: python benchmarks/bench_generate.py [--count 400] [--students 1000] [--kdf-iterations 1000]
Prints one line per measurement. Every sheet also gets handout digests (PBKDF2, one per answer part and trace
update), which dominate at the default 200,000 iterations (about 60 ms each here, so a 3-kind sheet costs about
0.8 s); the per-kind figures and the roster therefore use --kdf-iterations (default 1,000 here) to measure the
generator itself, and the roster line is repeated for 20 students at the default count. Targets at 1,000
iterations: hand_trace >= 100/s (each variant now also renders its self-check page, handout.html, about
70 kB), separability >= 50/s, 1,000 students x 3 kinds x 4 formats < 60 s.
"""

from __future__ import annotations

import argparse
import csv
import tempfile
import time
from pathlib import Path

from exercises.cli.main import main
from exercises.answers import DigestPlan
from exercises.answers.kdf import DEFAULT_ITERATIONS
from exercises.generate import write_outputs
from exercises.generation.variants import build_sheets, variant_seeds
from exercises.kinds import KIND_NAMES
from exercises.generation.spec import load_spec


SCRATCH = Path("out")


def _scratch() -> Path:
    """Where the output goes (default out/ in the working directory, like `rosenblatt generate`).

    File creation dominates on slow filesystems (each variant writes problems.md, key.md, handout.json and
    answers.yaml); pass --dir /dev/shm to measure the generator itself.
    """
    SCRATCH.mkdir(parents=True, exist_ok=True)
    return SCRATCH


ITERATIONS = 1000


def per_kind(count: int) -> None:
    for kind in KIND_NAMES:
        spec = load_spec(kind)
        with tempfile.TemporaryDirectory(dir=_scratch()) as tmp:  # warm-up: compile the templates once
            write_outputs(spec, build_sheets(spec, variant_seeds(spec, 1, 3)), ("md", "json"), Path(tmp) / "out",
                          DigestPlan(ITERATIONS))
        with tempfile.TemporaryDirectory(dir=_scratch()) as tmp:
            start, cpu = time.perf_counter(), time.process_time()
            sheets = build_sheets(spec, variant_seeds(spec, 0, count))
            write_outputs(spec, sheets, ("md", "json"), Path(tmp) / "out", DigestPlan(ITERATIONS))
            seconds, cpu = time.perf_counter() - start, time.process_time() - cpu
        print(f"{kind:15s} {count} variants, md+json: {seconds:6.2f} s wall = {count / seconds:7.1f} variants/s "
              f"({cpu:.2f} s CPU = {count / cpu:.1f} variants per CPU-second)")


def roster(students: int, iterations: int) -> None:
    with tempfile.TemporaryDirectory(dir=_scratch()) as tmp:
        path = Path(tmp) / "roster.csv"
        with path.open("w", newline="", encoding="utf-8") as f:
            writer = csv.writer(f)
            writer.writerow(["id", "name"])
            writer.writerows([f"s{i:05d}", f"Student {i}"] for i in range(students))
        start, cpu = time.perf_counter(), time.process_time()
        code = main(["generate", "three_kinds", "--roster", str(path), "--secret", "bench", "--out",
                     str(Path(tmp) / "out"), "--format", "md,tex,html,json", "--quiet", "--kdf-iterations",
                     str(iterations)])
        seconds, cpu = time.perf_counter() - start, time.process_time() - cpu
    print(f"roster: {students} students x 3 kinds x 4 formats, {iterations:,} PBKDF2 iterations: {seconds:.1f} s wall, "
          f"{cpu:.1f} s CPU (exit {code})")


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--count", type=int, default=400)
    parser.add_argument("--students", type=int, default=1000)
    parser.add_argument("--dir", type=Path, default=SCRATCH, help="scratch directory for the output (default out/)")
    parser.add_argument("--kdf-iterations", type=int, default=ITERATIONS)
    args = parser.parse_args()
    SCRATCH, ITERATIONS = args.dir, args.kdf_iterations
    per_kind(args.count)
    roster(args.students, ITERATIONS)
    roster(20, DEFAULT_ITERATIONS)

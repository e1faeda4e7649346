"""Benchmark the handout digests: one PBKDF2 guess in Python and in headless Chromium, and what brute force costs.

Run: python benchmarks/bench_handout.py [--iterations 200000] [--no-browser]
Prints the median time of one digest (a guess) with hashlib, with hashlib on every core at once, and with
WebCrypto in Chromium (selenium + Debian's chromedriver, when installed), then, per part of each bundled
kind, the candidate answers a blind guesser would have to try (sized from the bundled specs' ranges) and how
long that takes at the measured browser speed.  Also the time to generate and check one default sheet.
"""

from __future__ import annotations

import argparse
import contextlib
import io
import json
import os
import statistics
import sys
import tempfile
import time
from pathlib import Path

import yaml

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "tests"))

from exercises.cli.main import main
from exercises.answers.kdf import DEFAULT_ITERATIONS, Kdf

# part, how a blind guesser would enumerate it, number of candidates (default specs: 2-D grid -3..3, 4 points)
SPACES = [
    ("any verdict (separable? same as the perceptron?)", "yes or no", 2),
    ("hand_trace.updates, item k once item k-1 is known", "θ_k = θ_{k-1} + y_i x_i: one per point", 4),
    ("hand_trace.mistakes, single_point counts", "0 to 60", 61),
    ("hand_trace.theta (blind)", "integer vectors, entries within ±18", 37 ** 2),
    ("mistake_bound.R", "sqrt(r), r = ‖x‖² ≤ 18", 18),
    ("mistake_bound.gamma", "m/sqrt(s), m ≤ 36, s = ‖w*‖² ≤ 18", 36 * 18),
    ("mistake_bound.bound (blind)", "R² s / m², as above", 18 * 18 * 36),
    ("hinge_update.gradient", "-y x: a grid point", 7 ** 2),
    ("max_margin.support", "a nonempty subset of 4 points", 15),
    ("max_margin.w_max (blind)", "rational vectors, denominators ≤ 12, |entries| ≤ 3", (2 * 3 * 46 + 1) ** 2),
    ("cover_count.count (blind)", "integers up to 2^30", 2 ** 30),
]


def _median(fn, reps: int) -> float:
    times = []
    for _ in range(reps):
        start = time.perf_counter()
        fn()
        times.append(time.perf_counter() - start)
    return statistics.median(times)


def python_costs(iterations: int) -> tuple[float, float]:
    kdf = Kdf("0123456789abcdef0123456789abcdef", iterations)
    one = _median(lambda: kdf.digest("1.theta", "[1, -2]"), 7)
    cores = os.cpu_count() or 1
    batch = [(f"1.k{k}", str(k)) for k in range(4 * cores)]
    many = _median(lambda: kdf.digests(batch), 3) / len(batch)
    return one, many


def browser_cost(iterations: int) -> float | None:
    try:
        from browser_helpers import chromium
        with tempfile.TemporaryDirectory() as tmp, chromium() as driver:
            out = Path(tmp) / "o"
            main(["generate", "single_point", "--out", str(out), "--quiet", "--kdf-iterations", str(iterations)])
            driver.get((out / "variants" / "v01" / "handout.html").as_uri())
            ms = driver.execute_async_script(
                "const done = arguments[arguments.length - 1]; const times = [];"
                "(async () => { for (let k = 0; k < 9; k++) { const t = performance.now();"
                " await Rosenblatt.digest('1.theta', '[1, -2]'); times.push(performance.now() - t); }"
                " times.sort((a, b) => a - b); done(times[4]); })().catch(e => done(String(e)));")
            return float(ms) / 1000
    except BaseException as exc:  # noqa: BLE001 - a benchmark without a browser still reports Python
        print(f"(no browser measurement: {type(exc).__name__}: {exc})")
        return None


def sheet_costs(iterations: int) -> tuple[float, float, int]:
    """Generate the default sheet, then check every hashed part answered right (from the key in exercises.json)."""
    with tempfile.TemporaryDirectory() as tmp:
        out = Path(tmp) / "o"
        start = time.perf_counter()
        main(["generate", "--out", str(out), "--quiet", "--format", "json", "--kdf-iterations", str(iterations)])
        gen = time.perf_counter() - start
        answers: dict = {}
        for v in json.loads((out / "exercises.json").read_text())["variants"]:
            answers[v["exercise"]] = dict(v["key"])
        digests = sum(len(t) + 1 if isinstance(t, list) else 1 for a in answers.values() for t in a.values())
        (out / "mine.yaml").write_text(yaml.safe_dump(answers), encoding="utf-8")
        start = time.perf_counter()
        with contextlib.redirect_stdout(io.StringIO()):
            main(["check-answers", str(out / "variants" / "v01" / "handout.json"), str(out / "mine.yaml")])
        return gen, time.perf_counter() - start, digests


def _human(seconds: float) -> str:
    for unit, size in (("years", 365 * 86400), ("days", 86400), ("hours", 3600), ("min", 60), ("s", 1)):
        if seconds >= size:
            return f"{seconds / size:,.1f} {unit}"
    return f"{seconds * 1000:.0f} ms"


def main_() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--iterations", type=int, default=DEFAULT_ITERATIONS)
    parser.add_argument("--no-browser", action="store_true")
    args = parser.parse_args()
    one, many = python_costs(args.iterations)
    print(f"PBKDF2-HMAC-SHA256, {args.iterations:,} iterations")
    print(f"python hashlib, one guess: {one * 1000:.1f} ms; on all {os.cpu_count()} cores: {many * 1000:.1f} ms per guess")
    web = None if args.no_browser else browser_cost(args.iterations)
    if web is not None:
        print(f"chromium WebCrypto, one guess: {web * 1000:.1f} ms")
    gen, check, digests = sheet_costs(args.iterations)
    print(f"default problem set, one sheet ({digests} digests): generate {gen:.2f} s, check-answers with every "
          f"hashed part answered {check:.2f} s")
    per = web if web is not None else one
    print(f"\nblind brute force at {per * 1000:.1f} ms per guess (one browser tab):")
    for part, how, n in SPACES:
        print(f"  {part:52s} {n:>13,} candidates ({how}): {_human(n * per)}")


if __name__ == "__main__":
    main_()

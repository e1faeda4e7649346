"""Benchmark `rosenblatt similarity`: a class of 1,000 submissions end to end, and growth toward 10,000 (a MOOC),
each beside an all-pairs baseline that scores every pair in full on the same fingerprints.

The class is generated: each student's perceptron is drawn from a grammar of the ways real submissions differ
(set-up, loop, mistake test, update, stopping rule, helpers, extra functions) with their own names, plus a few
lines of their own; 5% of the class are renamed, reordered copies of another student. Run:

    python benchmarks/bench_similarity.py [--sizes 1000,2000,5000,10000] [--jobs 2]

The machine is shared: compare figures from the same run. Each line gives the wall time, the CPU time (user +
system, this process and its workers) and the load average when it ended: on a loaded machine the wall time
grows, the CPU time much less.
"""

from __future__ import annotations

import argparse
import os
import random
import resource
import re
import subprocess
import sys
import tempfile
import time
from itertools import combinations
from pathlib import Path

from grader import similarity
from grader.similarity.check import COMMON_FLOOR, LEAST  # the baseline scores with the same rules
from grader.similarity.index import own_prints, score

INIT = ["{w} = np.zeros({d})", "{w} = np.zeros(({d},))", "{w} = [0.0] * {d}", "{w} = np.zeros({d}, dtype=float)"]
TEST = ["{y}[{i}] * (np.dot({w}, {X}[{i}]) + {b}) <= 0", "np.sign({X}[{i}] @ {w} + {b}) != {y}[{i}]",
        "{y}[{i}] * ({X}[{i}].dot({w}) + {b}) <= 0.0", "not {y}[{i}] * (sum(a * c for a, c in zip({w}, {X}[{i}])) + {b}) > 0"]
UPDATE = [["{w} += {y}[{i}] * {X}[{i}]", "{b} += {y}[{i}]"], ["{w} = {w} + {y}[{i}] * {X}[{i}]", "{b} = {b} + {y}[{i}]"],
          ["{w} = np.add({w}, {lr} * {y}[{i}] * {X}[{i}])", "{b} += {lr} * {y}[{i}]"]]
EXTRA = ["def {f}({X}, {w}, {b}):\n    return np.sign({X} @ {w} + {b})\n",
         "def {f}({X}, {y}, {w}, {b}):\n    {o} = 0\n    for {i} in range(len({y})):\n        if np.sign({X}[{i}] @ {w} + {b}) == {y}[{i}]:\n            {o} += 1\n    return {o} / len({y})\n",
         "def {f}({X}):\n    return np.hstack([{X}, np.ones(({X}.shape[0], 1))])\n",
         "def {f}({w}):\n    return np.linalg.norm({w})\n",
         "def {f}({X}, {y}):\n    {o} = {X}[{y} > 0]\n    return {o}.mean(axis=0) - {X}[{y} < 0].mean(axis=0)\n",
         "def {f}({w}, {b}):\n    if {w}[1] == 0:\n        return None\n    return -{w}[0] / {w}[1], -{b} / {w}[1]\n",
         "def {f}({X}, {y}, {w}, {b}):\n    {o} = {y} * ({X} @ {w} + {b})\n    return {o}.min() / np.linalg.norm({w})\n",
         "def {f}({n}, {d}):\n    {o} = np.random.default_rng({n})\n    return {o}.normal(size=({n}, {d}))\n"]
WORDS = ["w", "theta", "weights", "vec", "th", "b", "bias", "theta_0", "off", "X", "data", "feats", "y", "labels",
         "ys", "i", "j", "k", "idx", "t", "epoch", "d", "dim", "n", "count", "lr", "eta", "rate", "ok", "done", "m",
         "acc", "out", "res", "tmp", "cur", "val", "pt"]
OPS = ["+", "-", "*", "/", "//", "%", "**"]


def _names(rng: random.Random) -> dict[str, str]:
    picks = rng.sample(WORDS, 11)
    keys = ["w", "b", "X", "y", "i", "e", "d", "n", "lr", "ok", "o"]
    names = {k: f"{p}{rng.randint(0, 99)}" for k, p in zip(keys, picks)}
    names["f"] = f"helper_{rng.randint(0, 999)}"
    return names


NP = ["abs", "sqrt", "exp", "log1p", "tanh", "sign", "floor", "ceil", "round", "square", "cumsum", "mean", "max",
      "min", "sum", "prod", "std", "var", "median", "ptp", "argmax", "argmin", "sort", "unique", "diff", "clip",
      "nan_to_num", "atleast_1d", "ravel", "flip"]
CALLS = ["len", "abs", "float", "int", "round", "max", "min", "sum", "np.mean", "np.sum", "np.linalg.norm", "np.dot",
         "np.outer", "np.maximum", "np.minimum", "np.hypot", "np.arctan2", "np.power", "np.mod", "np.where"]


def _own_lines(rng: random.Random, v: dict[str, str]) -> str:
    """Lines only this student wrote: calls and arithmetic drawn from a wide vocabulary of library names (which
    count, unlike identifiers and literals), chained so that none is dead code."""
    lines, last = [], v["lr"]
    for k in range(rng.randint(8, 16)):
        a = rng.choice([v["w"], v["b"], v["n"], v["d"], v["lr"]])
        call = rng.choice(CALLS)
        arg = f"{a}, {rng.randint(1, 9)}" if call.startswith("np.") and call not in ("np.mean", "np.sum") else a
        lines.append(f"    {v['o']}_{k} = np.{rng.choice(NP)}({last}) {rng.choice(OPS)} {call}({arg})")
        if rng.random() < 0.3:
            lines.append(f"    if {v['o']}_{k} {rng.choice(['>', '<', '=='])} {rng.randint(0, 9)}:\n"
                         f"        {v['o']}_{k} = {rng.choice(CALLS)}({v['o']}_{k})")
        last = f"{v['o']}_{k}"
    lines.append(f"    {v['ok']} = {v['ok']} or {last} is None")  # used: dead code would not count
    return "\n".join(lines)


def program(structure: random.Random, names: random.Random) -> str:
    """One student's file: the structure drawn from `structure`, identifiers and own lines from `names`."""
    v = _names(names)
    test = structure.choice(TEST)
    body = [f"    {v['n']}, {v['d']} = {v['X']}.shape", "    " + structure.choice(INIT).format(**v), f"    {v['b']} = 0.0",
            f"    {v['lr']} = 1.0", f"    for {v['e']} in range(max_epochs):", f"        {v['ok']} = True"]
    loop = (f"        for {v['i']} in range({v['n']}):" if structure.random() < 0.6 else
            f"        {v['i']} = 0\n        while {v['i']} < {v['n']}:")
    if structure.random() < 0.3:
        body.insert(5, f"        np.random.shuffle({v['X']})")
    body += [loop, "            if " + test.format(**v) + ":"]
    first, second = (update.format(**v) for update in structure.choice(UPDATE))
    if structure.random() < 0.5:
        second = f"if offset:\n                    {second}"
    body += ["                " + first, "                " + second, f"                {v['ok']} = False"]
    if "while" in loop:
        body.append(f"            {v['i']} += 1")
    stop = structure.choice([f"        if {v['ok']}:\n            return {v['w']}, {v['b']}, True",
                             f"        if {v['ok']}:\n            break"])
    body += [stop, _own_lines(names, v), f"    return {v['w']}, {v['b']}, {v['ok']}"]
    funcs = ["def perceptron(X, y, max_epochs=1000, offset=True):\n"
             f"    {v['X']}, {v['y']} = X, y\n" + "\n".join(body) + "\n"]
    for k, extra in enumerate(structure.sample(EXTRA, structure.randint(1, 3))):
        funcs.append(extra.format(**{**v, "f": f"{v['f']}_{k}"}))
    structure.shuffle(funcs)
    return "import numpy as np\n\n\n" + "\n\n".join(funcs)


def _renamed(text: str, rng: random.Random) -> str:
    """A light copy: every identifier the student chose (`name12`, `helper_3_0`) renamed."""
    mine = sorted(set(re.findall(r"\b[a-z_]+[0-9]+(?:_[0-9]+)?\b", text)))
    fresh = {old: f"{rng.choice(WORDS)}_{k}" for k, old in enumerate(mine)}
    return re.sub(r"\b[a-z_]+[0-9]+(?:_[0-9]+)?\b", lambda m: fresh.get(m.group(0), m.group(0)), text)


def write_class(folder: Path, size: int, seed: int = 0) -> set[frozenset[str]]:
    """`size` submissions; every 20th is an earlier student's file with every identifier renamed.
    Returns the planted (copy, source) pairs."""
    rng = random.Random(seed)
    texts: list[str] = []
    planted: set[frozenset[str]] = set()
    for k in range(size):
        if k % 20 == 19:
            source = rng.randrange(len(texts))
            texts.append(_renamed(texts[source], rng))
            planted.add(frozenset((f"s{k:05d}", f"s{source:05d}")))
        else:
            texts.append(program(random.Random(rng.randrange(1 << 30)), random.Random(rng.randrange(1 << 30))))
        (folder / f"s{k:05d}.py").write_text(texts[-1], encoding="utf-8")
    return planted


def _cpu() -> float:
    """User + system CPU seconds of this process and its finished children (the worker processes, a subprocess)."""
    me, kids = resource.getrusage(resource.RUSAGE_SELF), resource.getrusage(resource.RUSAGE_CHILDREN)
    return me.ru_utime + me.ru_stime + kids.ru_utime + kids.ru_stime


def _load() -> str:
    return f"load {os.getloadavg()[0]:.1f}"


def all_pairs(result: similarity.Result) -> tuple[float, set[frozenset[str]]]:
    """The baseline: the same fingerprints and subtraction, then every pair scored in full."""
    start = time.perf_counter()
    prints = own_prints(list(result.sources), result.options.common, COMMON_FLOOR)
    names = [s.name for s in result.sources]
    flagged = set()
    for i, j in combinations(range(len(prints)), 2):
        if score(len(prints[i] & prints[j]), len(prints[i]), len(prints[j]), LEAST) >= result.options.threshold:
            flagged.add(frozenset((names[i], names[j])))
    return time.perf_counter() - start, flagged


def _found(flagged: set[frozenset[str]], planted: set[frozenset[str]]) -> str:
    return f"{len(flagged)} flagged ({len(flagged & planted)}/{len(planted)} planted copies, {len(flagged - planted)} other)"


def run(size: int, jobs: int, baseline_limit: int) -> None:
    with tempfile.TemporaryDirectory() as tmp:
        folder = Path(tmp) / "class"
        folder.mkdir()
        planted = write_class(folder, size)
        subs = [(p.stem, p) for p in sorted(folder.glob("*.py"))]
        t0, c0 = time.perf_counter(), _cpu()
        result = similarity.compare(subs, similarity.Options(jobs=jobs))
        t_index, c_index = time.perf_counter() - t0, _cpu() - c0
        t1 = time.perf_counter()
        similarity.write(Path(tmp) / "out", result)
        t_write = time.perf_counter() - t1
        names = [s.name for s in result.sources]
        flagged = {frozenset((names[p.a], names[p.b])) for p in result.pairs if result.flagged(p)}
        line = (f"{size:>6} submissions: index {t_index:6.2f} s wall, {c_index:6.2f} s CPU, {_load()} (+ {t_write:4.2f} s "
                f"writing), {len(result.pairs)} pairs listed, {_found(flagged, planted)}")
        if size <= baseline_limit:
            t_all, flagged_all = all_pairs(result)
            line += (f" | all pairs: scoring alone {t_all:6.2f} s ({size * (size - 1) // 2} pairs), "
                     f"{_found(flagged_all, planted)}")
        else:
            line += " | all pairs: skipped (above --baseline-limit)"
        print(line, flush=True)


def command_line(size: int, jobs: int) -> None:
    """The whole command in a fresh process, as an instructor runs it."""
    with tempfile.TemporaryDirectory() as tmp:
        folder = Path(tmp) / "class"
        folder.mkdir()
        write_class(folder, size)
        t0, c0 = time.perf_counter(), _cpu()
        subprocess.run([sys.executable, "-m", "exercises.cli.main", "similarity", str(folder), "--out",
                        str(Path(tmp) / "out"), "--jobs", str(jobs)], check=True, capture_output=True)
        print(f"`rosenblatt similarity` on {size} submissions, --jobs {jobs}, fresh process: "
              f"{time.perf_counter() - t0:.2f} s wall, {_cpu() - c0:.2f} s CPU, {_load()}", flush=True)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--sizes", default="1000,2000,5000,10000")
    ap.add_argument("--jobs", type=int, default=2)
    ap.add_argument("--baseline-limit", type=int, default=10000, help="largest class scored all pairs")
    args = ap.parse_args()
    sizes = [int(s) for s in args.sizes.split(",")]
    command_line(sizes[0], args.jobs)
    for size in sizes:
        run(size, args.jobs, args.baseline_limit)


if __name__ == "__main__":
    main()

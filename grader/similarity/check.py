"""The similarity check of a class: read and fingerprint every submission (on --jobs processes), subtract the
template and the class's common code, score the pairs the index proposes, and flag those over the threshold."""

from __future__ import annotations

from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass
from pathlib import Path
from typing import Callable

from rosenblatt.shared import UsageError
from grader.similarity.index import Pair, enough, matched, own_prints, scored
from grader.similarity.sources import Source, Template, fingerprint, fingerprint_many, from_plain, read, template_prints

THRESHOLD = 0.45  # flag a pair whose score (each one's own fingerprints in the other: geometric mean) is at least
COMMON = 0.2  # a fingerprint more than this share of the class has is the course's, not a student's
COMMON_FLOOR = 10  # ... and only if more than this many submissions have it (MOSS -m defaults to 10)
LEAST = 12  # a score counts at least this many fingerprints: two short files cannot look alike by chance alone
LISTED = 0.2  # an unflagged pair is listed only as a submission's closest, and only from this score up
MOST = 0.6  # ... and a flag needs LEAST fingerprints in common, or this share of the shorter one's own if less


@dataclass(frozen=True)
class Options:
    """What the instructor chose (validated here, so a bad value is one sentence naming the option)."""

    threshold: float = THRESHOLD
    common: float = COMMON
    graded: tuple[str, ...] = ()  # the assignment's graded functions (or class): only they are compared
    handout: str | None = None  # the assignment's handout: its Python blocks are template
    templates: tuple[Path, ...] = ()
    solutions: tuple[Path, ...] = ()  # reference solutions: code every correct submission may have, subtracted
    jobs: int = 1

    def __post_init__(self) -> None:
        if not 0 < self.threshold <= 1:
            raise UsageError(f"--threshold must be in (0, 1], got {self.threshold}")
        if not 0 < self.common <= 1:
            raise UsageError(f"--common must be in (0, 1], got {self.common}")
        if not 1 <= self.jobs <= 64:
            raise UsageError(f"--jobs must be between 1 and 64, got {self.jobs}")


@dataclass(frozen=True)
class Result:
    """The sources (this term's first, then the archives') and the scored pairs, highest score first."""

    sources: tuple[Source, ...]
    pairs: tuple[Pair, ...]
    options: Options
    own: tuple[int, ...] = ()  # per source: fingerprints left after the template and common code are subtracted

    def flagged(self, pair: Pair) -> bool:
        """Over the threshold, on enough code: a short stretch two solutions share is what a short exercise
        leaves room for, unless it is most of one of them (see `enough`); and neither is mostly the course's code
        (under LEAST fingerprints of its own: what is left is the room the exercise leaves, no evidence)."""
        return pair.score >= self.options.threshold and (
            not self.own or enough(pair.shared, self.own[pair.a], self.own[pair.b], LEAST, MOST)
            and min(self.own[pair.a], self.own[pair.b]) >= LEAST)


Spread = Callable[[Callable[[list[tuple]], list[tuple]], list[list[tuple]]], list[list[tuple]]]
BATCH = 64  # submissions per task on a cluster


def _read(named: list[tuple[str, Path, bool]], graded: tuple[str, ...], jobs: int,
          template: Template, spread: Spread | None = None) -> list[Source]:
    args = [(name, str(path), graded, archive, template) for name, path, archive in named]
    if spread is not None:  # read here, fingerprinted on the cluster's workers: only plain data either way
        tasks = [[read(*a) for a in args[k:k + BATCH]] for k in range(0, len(args), BATCH)]
        return [from_plain(t) for done in spread(fingerprint_many, tasks) for t in done]
    if jobs == 1 or len(args) < 32:
        return [fingerprint(*a) for a in args]
    with ProcessPoolExecutor(max_workers=jobs) as pool:  # plain data both ways; nothing of a student's runs
        return list(pool.map(fingerprint, *zip(*args), chunksize=max(1, len(args) // (8 * jobs))))


def compare(term: list[tuple[str, Path]], options: Options, archive: list[tuple[str, Path]] = (),
            spread: Spread | None = None) -> Result:
    """Compare this term's submissions with each other and with the archive's (never archive with archive).
    `spread(fn, tasks)`, if given, runs `fn` on each task elsewhere (a cluster) and returns their answers in order."""
    template = template_prints(list(options.templates), options.handout, list(options.solutions))
    named = [(n, p, False) for n, p in term] + [(n, p, True) for n, p in archive]
    sources = _read(named, options.graded, options.jobs, template, spread)
    prints = own_prints(sources, options.common, COMMON_FLOOR)
    keep = _listed(scored(prints, [s.archive for s in sources], LEAST), [s.name for s in sources], options.threshold)
    found = [matched(sources, prints, i, j, s) for s, i, j in keep]
    return Result(tuple(sources), tuple(found), options, tuple(len(p) for p in prints))


def _listed(scores: list[tuple[float, int, int, int]], names: list[str], threshold: float) -> list[tuple]:
    """The flagged pairs and each submission's closest pair (from LISTED up), highest score first."""
    order = sorted(scores, key=lambda t: (-t[0], names[t[1]], names[t[2]]))
    keep, closest = [], set()
    for s, i, j, _ in order:
        if s >= threshold or (s >= LISTED and (i not in closest or j not in closest)):
            keep.append((s, i, j))
        closest.update((i, j))
    return keep

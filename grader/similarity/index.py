"""Pairs by an inverted index of fingerprints: only submissions that share a rarely shared fingerprint are
compared, and what the template gives or much of the class shares is subtracted first (as MOSS's -m does)."""

from __future__ import annotations

import math
from collections import defaultdict
from dataclasses import dataclass
from itertools import combinations

from grader.similarity.sources import Source

RARE = 64  # a fingerprint at most this many submissions share proposes pairs; commoner ones only count



@dataclass(frozen=True)
class Pair:
    """Two submissions, how much of each one's own code the other has, and where."""

    a: int  # index into the sources
    b: int
    shared: int
    score: float
    matches: tuple[tuple[tuple[int, int], tuple[int, int]], ...]  # ((a first, a last), (b first, b last)) lines


def own_prints(sources: list[Source], share: float, floor: int) -> list[set[int]]:
    """Each submission's fingerprints (the template's are already out) less those more than `share` of this term
    has (and more than `floor` submissions: a small class never subtracts a pair's own code)."""
    df: dict[int, int] = defaultdict(int)
    for s in sources:
        if not s.archive:
            for fp in s.prints:
                df[fp] += 1
    term = sum(not s.archive for s in sources)
    limit = max(share * term, floor)
    return [{fp for fp in s.prints if df[fp] <= limit} for s in sources]


def candidates(prints: list[set[int]], archive: list[bool]) -> set[tuple[int, int]]:
    """Pairs sharing a fingerprint that at most RARE submissions have (two earlier terms: never). A pair that is
    a copy shares some code few others have; code that many share only counts once a pair is proposed, so the
    work grows with the class, not with its square."""
    index: dict[int, list[int]] = defaultdict(list)
    for k, fps in enumerate(prints):
        for fp in fps:
            index[fp].append(k)
    pairs: set[tuple[int, int]] = set()
    for posting in index.values():
        if 1 < len(posting) <= RARE:
            pairs.update(p for p in combinations(posting, 2) if not (archive[p[0]] and archive[p[1]]))
    return pairs


def _merge(spans: list[tuple[tuple[int, int], tuple[int, int]]]) -> tuple:
    """Matched line ranges joined where they touch on both sides."""
    out: list[list[list[int]]] = []
    for (alo, ahi), (blo, bhi) in sorted(spans):
        if out:
            (calo, cahi), (cblo, cbhi) = out[-1]
            if alo <= cahi + 1 and blo <= cbhi + 1 and bhi >= cblo - 1:
                out[-1] = [[calo, max(cahi, ahi)], [min(cblo, blo), max(cbhi, bhi)]]
                continue
        out.append([[alo, ahi], [blo, bhi]])
    return tuple((tuple(a), tuple(b)) for a, b in out)


def score(shared: int, size_a: int, size_b: int, least: int) -> float:
    """The geometric mean of the two shares: of a's own fingerprints in b, and of b's in a (Ochiai's coefficient;
    at least `least` counted). A small file wholly inside a large one scores below a copy of the large one."""
    return min(1.0, shared / max(math.sqrt(size_a * size_b), least, 1))


def scored(prints: list[set[int]], archive: list[bool], least: int) -> list[tuple[float, int, int, int]]:
    """(score, i, j, shared) of every proposed pair, scored exactly on all the fingerprints each has of its own."""
    out = []
    for i, j in candidates(prints, archive):
        shared = len(prints[i] & prints[j])
        out.append((score(shared, len(prints[i]), len(prints[j]), least), i, j, shared))
    return out


def matched(sources: list[Source], prints: list[set[int]], i: int, j: int, s: float) -> Pair:
    """The pair with its matched line ranges (the first place of each shared fingerprint, joined)."""
    common = prints[i] & prints[j]
    spans = [(sources[i].prints[fp], sources[j].prints[fp]) for fp in common]
    return Pair(i, j, len(common), s, _merge(spans))

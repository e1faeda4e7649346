"""Pairs by an inverted index of fingerprints: only submissions that share a rarely shared fingerprint are
compared, and what the template gives or much of the class shares is subtracted first (as MOSS's -m does)."""

from __future__ import annotations

import math
from collections import defaultdict
from dataclasses import dataclass

import numpy as np

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


def _postings(prints: list[set[int]]) -> list[list[int]]:
    """Per fingerprint two or more submissions have: those submissions, in order (an inverted index)."""
    index: dict[int, list[int]] = defaultdict(list)
    for k, fps in enumerate(prints):
        for fp in fps:
            index[fp].append(k)
    return [posting for posting in index.values() if len(posting) > 1]


def candidates(postings: list[list[int]], archive: np.ndarray, size: int) -> tuple[np.ndarray, np.ndarray]:
    """Pairs (i < j, as two arrays) sharing a fingerprint that at most RARE submissions have (two earlier terms:
    never). A pair that is a copy shares some code few others have; code that many share only counts once a pair
    is proposed, so the work grows with the class, not with its square."""
    by_length: dict[int, list[list[int]]] = defaultdict(list)
    for p in postings:
        if len(p) <= RARE:
            by_length[len(p)].append(p)
    codes = []
    for length, group in sorted(by_length.items()):  # all postings of a length at once, as one array
        members, (a, b) = np.asarray(group, dtype=np.int64), np.triu_indices(length, 1)
        codes.append((members[:, a] * size + members[:, b]).ravel())
    if not codes:
        return np.zeros(0, dtype=np.int64), np.zeros(0, dtype=np.int64)
    codes = np.unique(np.concatenate(codes))
    first, second = codes // size, codes % size
    keep = ~(archive[first] & archive[second])
    return first[keep], second[keep]


def _shared(postings: list[list[int]], size: int, first: np.ndarray, second: np.ndarray) -> np.ndarray:
    """How many fingerprints each pair shares: each submission's shared fingerprints as a bit row, and per pair
    the bits set in both rows (in blocks, so that memory stays small however large the class)."""
    words = (len(postings) + 63) // 64
    rows = np.zeros((size, words), dtype=np.uint64)
    members = np.fromiter((k for p in postings for k in p), dtype=np.int64)
    bits = np.repeat(np.arange(len(postings), dtype=np.int64), [len(p) for p in postings])
    np.bitwise_or.at(rows, (members, bits // 64), np.left_shift(np.uint64(1), (bits % 64).astype(np.uint64)))
    out = np.zeros(len(first), dtype=np.int64)
    block = max(1, (1 << 22) // max(words, 1))  # about 32 MiB of rows at a time
    for lo in range(0, len(first), block):
        both = rows[first[lo:lo + block]] & rows[second[lo:lo + block]]
        out[lo:lo + block] = np.bitwise_count(both).sum(axis=1, dtype=np.int64)
    return out


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


def enough(shared: int, size_a: int, size_b: int, least: int, most: float) -> bool:
    """Whether two submissions share enough of their own code for a flag: `least` fingerprints (about five lines),
    or, if that is less, the share `most` of the shorter one's own fingerprints (a short file copied whole). Two
    independent solutions of a short exercise share a stretch of the code it leaves room for: a part of each,
    shorter than five lines."""
    return shared >= min(least, most * min(size_a, size_b))


def scored(prints: list[set[int]], archive: list[bool], least: int) -> list[tuple[float, int, int, int]]:
    """(score, i, j, shared) of every proposed pair, scored exactly on all the fingerprints each has of its own
    (the same arithmetic as `score`, on arrays)."""
    postings = _postings(prints)
    first, second = candidates(postings, np.asarray(archive, dtype=bool), len(prints))
    if not len(first):
        return []
    shared = _shared(postings, len(prints), first, second)
    sizes = np.asarray([len(p) for p in prints], dtype=np.int64)
    scores = np.minimum(1.0, shared / np.maximum(np.sqrt((sizes[first] * sizes[second]).astype(np.float64)),
                                                  float(max(least, 1))))
    return list(zip(scores.tolist(), first.tolist(), second.tolist(), shared.tolist()))


def matched(sources: list[Source], prints: list[set[int]], i: int, j: int, s: float) -> Pair:
    """The pair with its matched line ranges (the first place of each shared fingerprint, joined)."""
    common = prints[i] & prints[j]
    spans = [(sources[i].prints[fp], sources[j].prints[fp]) for fp in common]
    return Pair(i, j, len(common), s, _merge(spans))

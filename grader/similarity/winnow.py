"""Winnowing (Schleimer, Wilkerson and Aiken 2003, MOSS's design) over canonical token streams: the hashes of
k-token windows, and in every run of w consecutive ones the smallest, each with the source lines it covers."""

from __future__ import annotations

import hashlib

K = 10  # tokens per k-gram: below it, independent solutions share the perceptron's idioms by chance
W = 4  # k-grams per winnowing window: any match of K + W - 1 tokens keeps at least one fingerprint
_MOD = (1 << 61) - 1
_BASE = 1_000_003


def _token_id(token: str, ids: dict[str, int]) -> int:
    """A stable 61-bit number for a token (blake2b, never Python's salted hash())."""
    found = ids.get(token)
    if found is None:
        found = ids[token] = int.from_bytes(hashlib.blake2b(token.encode(), digest_size=8).digest(), "big") % _MOD
    return found


def kgrams(stream: list[tuple[str, int]], ids: dict[str, int], k: int = K) -> list[tuple[int, int, int]]:
    """(hash, first line, last line) of every k-token window of the stream (a rolling polynomial hash)."""
    if len(stream) < k:
        return []
    nums = [ids[t] if t in ids else _token_id(t, ids) for t, _ in stream]
    lines = [line for _, line in stream]
    top = pow(_BASE, k - 1, _MOD)
    h = 0
    for x in nums[:k]:
        h = (h * _BASE + x) % _MOD
    hashes = [h]
    for i in range(k, len(nums)):
        h = ((h - nums[i - k] * top) * _BASE + nums[i]) % _MOD
        hashes.append(h)
    return [(h, min(lines[j: j + k]), max(lines[j: j + k])) for j, h in enumerate(hashes)]


def winnow(grams: list[tuple[int, int, int]], w: int = W) -> list[tuple[int, int, int]]:
    """The selected k-grams: in each window of w, the smallest hash (the rightmost if tied), each selected once."""
    return [grams[i] for i in _chosen(grams, w)]


def _chosen(grams: list[tuple[int, int, int]], w: int) -> list[int]:
    """The positions winnowing selects (a short stream: the first place of each distinct hash)."""
    if len(grams) <= w:
        first: dict[int, int] = {}
        for i, g in enumerate(grams):
            first.setdefault(g[0], i)
        return sorted(first.values())
    hashes = [g[0] for g in grams]
    chosen: list[int] = []
    low = -1
    for end in range(w - 1, len(grams)):
        start = end - w + 1
        if low < start:  # the last minimum left the window: scan it again (rightmost minimum)
            low = start
            for j in range(start + 1, end + 1):
                if hashes[j] <= hashes[low]:
                    low = j
        elif hashes[end] <= hashes[low]:
            low = end
        if not chosen or chosen[-1] != low:
            chosen.append(low)
    return chosen


def all_grams(streams: list[list[tuple[str, int]]], k: int = K) -> set[int]:
    """Every k-gram hash of the streams (the template's: all of them are subtracted, not only those it selects)."""
    ids: dict[str, int] = {}
    return {h for stream in streams for h, _, _ in kgrams(stream, ids, k)}


def _covered(grams: list[tuple[int, int, int]], template: frozenset[int], k: int) -> list[bool]:
    """Per token: whether it lies in a run of k tokens that the template also has."""
    cover = [False] * (len(grams) + k - 1)
    for j, (h, _, _) in enumerate(grams):
        if h in template:
            cover[j:j + k] = [True] * k
    return cover


def fingerprints(streams: list[list[tuple[str, int]]], k: int = K, w: int = W,
                 template: frozenset[int] = frozenset()) -> tuple[dict[int, tuple[int, int]], int]:
    """(fingerprint -> (first line, last line) of its first place, how many selected k-grams were the template's).

    A selected k-gram is the template's when every token of it lies in a run of k tokens the template has: the
    template's own k-grams (whether or not its winnowing selected them, as MOSS subtracts its base file) and those
    a submission makes by putting two pieces of the template side by side."""
    ids: dict[str, int] = {}
    out: dict[int, tuple[int, int]] = {}
    given = 0
    for stream in streams:
        grams = kgrams(stream, ids, k)
        cover = _covered(grams, template, k) if template else []
        for j in _chosen(grams, w):
            if cover and all(cover[j:j + k]):
                given += 1
            else:
                out.setdefault(grams[j][0], grams[j][1:])
    return out, given

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
    if len(grams) <= w:
        return list({g[0]: g for g in reversed(grams)}.values()) if grams else []
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
    return [grams[i] for i in chosen]


def fingerprints(streams: list[list[tuple[str, int]]], k: int = K, w: int = W) -> dict[int, tuple[int, int]]:
    """Fingerprint -> (first line, last line) of its first place in the submission."""
    ids: dict[str, int] = {}
    out: dict[int, tuple[int, int]] = {}
    for stream in streams:
        for h, lo, hi in winnow(kgrams(stream, ids, k), w):
            out.setdefault(h, (lo, hi))
    return out

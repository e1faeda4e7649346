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
    """(hash, first line, last line) of every k-token window of the stream."""
    if len(stream) < k:
        return []
    nums = [_token_id(t, ids) for t, _ in stream]
    lines = [line for _, line in stream]
    top = pow(_BASE, k - 1, _MOD)
    h = 0
    for x in nums[:k]:
        h = (h * _BASE + x) % _MOD
    out = [(h, min(lines[:k]), max(lines[:k]))]
    for i in range(k, len(nums)):
        h = ((h - nums[i - k] * top) * _BASE + nums[i]) % _MOD
        window = lines[i - k + 1: i + 1]
        out.append((h, min(window), max(window)))
    return out


def winnow(grams: list[tuple[int, int, int]], w: int = W) -> list[tuple[int, int, int]]:
    """The selected k-grams: in each window of w, the smallest hash (the rightmost if tied), each selected once."""
    if len(grams) <= w:
        return list({g[0]: g for g in reversed(grams)}.values()) if grams else []
    chosen: dict[int, tuple[int, int, int]] = {}
    for start in range(len(grams) - w + 1):
        window = grams[start: start + w]
        low = min(range(w), key=lambda j: (window[j][0], -j))
        chosen.setdefault(start + low, window[low])
    return [chosen[i] for i in sorted(chosen)]


def fingerprints(streams: list[list[tuple[str, int]]], k: int = K, w: int = W) -> dict[int, tuple[int, int]]:
    """Fingerprint -> (first line, last line) of its first place in the submission."""
    ids: dict[str, int] = {}
    out: dict[int, tuple[int, int]] = {}
    for stream in streams:
        for h, lo, hi in winnow(kgrams(stream, ids, k), w):
            out.setdefault(h, (lo, hi))
    return out

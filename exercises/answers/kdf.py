"""Slow salted answer digests (PBKDF2-HMAC-SHA256), the one scheme of handout.json, check-answers and handout.html."""

from __future__ import annotations

import os
from dataclasses import dataclass
from typing import TYPE_CHECKING, Sequence

if TYPE_CHECKING:  # hashlib (OpenSSL) and the thread pool load on first digest: the CLI imports this module
    from concurrent.futures import ThreadPoolExecutor

NAME = "PBKDF2-HMAC-SHA256"
DEFAULT_ITERATIONS = 200_000  # about 50 ms per guess in Chromium here; see docs/handouts.md
MIN_ITERATIONS = 1_000
MAX_ITERATIONS = 10_000_000
SALT_PREFIX = "rosenblatt-answer-v2"
PARALLEL_FROM = 20_000  # iterations per digest from which threads pay for themselves
_POOL: list["ThreadPoolExecutor"] = []  # one pool per process, made on first use


@dataclass(frozen=True)
class Kdf:
    """The digest parameters of one handout: the sheet's salt and the PBKDF2 iteration count.

    The digest of a canonical answer text c for part key k (`1.theta`, `1.updates[2]`, `1.updates.count`) is
    PBKDF2-HMAC-SHA256(password = c, salt = "rosenblatt-answer-v2|<sheet salt>|k", iterations, 32 bytes), in
    hex.  Both strings are ASCII; handout.html computes the same with the browser's WebCrypto.
    """

    salt: str
    iterations: int = DEFAULT_ITERATIONS

    def salt_text(self, key: str) -> str:
        return f"{SALT_PREFIX}|{self.salt}|{key}"

    def digest(self, key: str, canonical: str) -> str:
        import hashlib

        return hashlib.pbkdf2_hmac("sha256", canonical.encode("ascii"), self.salt_text(key).encode("ascii"),
                                   self.iterations, 32).hex()

    def digests(self, requests: Sequence[tuple[str, str]]) -> list[str]:
        """The digests of many (key, canonical) pairs, in order, on all cores (hashlib releases the GIL)."""
        if len(requests) < 2 or self.iterations < PARALLEL_FROM or (os.cpu_count() or 1) < 2:
            return [self.digest(k, c) for k, c in requests]
        if not _POOL:
            from concurrent.futures import ThreadPoolExecutor

            _POOL.append(ThreadPoolExecutor(max_workers=os.cpu_count(), thread_name_prefix="rosenblatt-kdf"))
        return list(_POOL[0].map(lambda kc: self.digest(*kc), requests))

    def to_json(self) -> dict:
        return {"name": NAME, "iterations": self.iterations, "salt": f"{SALT_PREFIX}|<salt>|<part key>"}


def check_iterations(value: int) -> str | None:
    """Why an iteration count is refused (one phrase), or None when it is allowed."""
    if not MIN_ITERATIONS <= value <= MAX_ITERATIONS:
        return f"must be between {MIN_ITERATIONS} and {MAX_ITERATIONS}, got {value}"
    return None

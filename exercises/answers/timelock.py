"""Time-lock answer digests (Rivest, Shamir and Wagner 1996): cheap with a sheet's secret primes, slow without.

The digest of a canonical answer c for part key k on a sheet with salt s, modulus N and t squarings is

    m = "rosenblatt-answer-v3|<s>|<k>|<c>"
    x = 2 + (SHA-256(m|0) || SHA-256(m|1) || ... || SHA-256(m|4) as a 1280-bit integer) mod (N - 3)
    y = x^(2^t) mod N
    digest = SHA-256("rosenblatt-answer-v3|<s>|<k>|" + y in lowercase hex, zero-padded to N's hex width), in hex

Whoever knows the factorisation N = p q r reduces the exponent 2^t modulo p-1, q-1 and r-1 and combines three
small exponentiations by the Chinese remainder theorem (about a millisecond).  Everyone else, the student's page
and `check-answers` included, squares t times in a row.  The primes are drawn from an HMAC-SHA256 stream keyed by
the sheet's seed, so the same seed gives the same modulus; they live in a Trapdoor object in memory and are never
written.  See docs/handouts.md for what this does and does not protect.
"""

from __future__ import annotations

import hashlib
import hmac
import math
import os
from dataclasses import dataclass, field

from exercises.answers import modular

NAME = "RSW-timelock-SHA256"
PREFIX = "rosenblatt-answer-v3"
MODULUS_BITS = 1024
PRIME_BITS = (342, 341)  # the first two primes; the third makes N exactly MODULUS_BITS bits long
MR_ROUNDS = 10  # Damgard-Landrock-Pomerance: error < 2^-91 for random 341-bit candidates; see docs/handouts.md
MAX_CANDIDATES = 100_000  # per prime; a 341-bit interval holds a prime every ~236 numbers, so never reached
X_BLOCKS = 5  # 5 x 256 = 1280 bits: x is within 2^-256 of uniform mod N
# Squarings per second of a 1024-bit modulus, measured with `python benchmarks/bench_handout.py` on the project's
# 2-core machine (Chromium 156 BigInt; CPython 3.11 ints).  t is chosen so the fastest engine takes guess_ms.
CALIBRATION = {"chromium": 2_500_000, "python": 450_000}
CALIBRATION_SOURCE = "benchmarks/bench_handout.py, 2-core x86-64 machine, Chromium 156 and CPython 3.11, 2026-11"
DEFAULT_GUESS_MS = 60
PARALLEL_SQUARINGS = 1_000_000  # from this much work (about 2 s in CPython) check-answers guesses on every core
MIN_GUESS_MS, MAX_GUESS_MS = 1, 10_000


def _odd_primes_below(bound: int) -> list[int]:
    sieve = bytearray([1]) * bound
    for n in range(3, int(bound ** 0.5) + 1, 2):
        if sieve[n]:
            sieve[n * n::2 * n] = bytes(len(range(n * n, bound, 2 * n)))
    return [n for n in range(3, bound, 2) if sieve[n]]


_SMALL = _odd_primes_below(2000)
_SMALL_PRODUCT = math.prod(_SMALL)
_TINY_PRODUCT = math.prod(n for n in _SMALL if n <= 47)


def squarings(guess_ms: int, calibration: dict[str, int] = CALIBRATION) -> int:
    """t for a target time per guess: the fastest calibrated engine needs guess_ms for t squarings."""
    return max(1, -(-guess_ms * max(calibration.values()) // 1000))


def check_guess_ms(value: int) -> str | None:
    """Why a target time per guess is refused (one phrase), or None when it is allowed."""
    if isinstance(value, bool) or not isinstance(value, int) or not MIN_GUESS_MS <= value <= MAX_GUESS_MS:
        return f"must be between {MIN_GUESS_MS} and {MAX_GUESS_MS} milliseconds, got {value}"
    return None


class Stream:
    """A deterministic bit stream: HMAC-SHA256(key, label|counter) blocks, in order (NIST SP 800-108 counter mode)."""

    def __init__(self, key: bytes, label: str):
        self.label, self.counter = label, 0
        self.keyed = hmac.new(key, digestmod=hashlib.sha256)  # copied per block: the key is hashed in once

    def block(self) -> bytes:
        self.counter += 1
        mac = self.keyed.copy()
        mac.update(f"{self.label}|{self.counter}".encode("ascii"))
        return mac.digest()

    def below(self, bound: int) -> int:
        """A uniform integer in [0, bound): 64 extra bits make the modulo bias below 2^-64."""
        need = (bound.bit_length() + 64 + 255) // 256
        return int.from_bytes(b"".join(self.block() for _ in range(need)), "big") % bound


def _strong_probable_prime(n: int, base: int, d: int, s: int) -> bool:
    """One Miller-Rabin round: n - 1 = d 2^s with d odd."""
    y = modular.ENGINE.power(base, d, n)
    if y in (1, n - 1):
        return True
    for _ in range(s - 1):
        y = y * y % n
        if y == n - 1:
            return True
    return False


def is_probable_prime(n: int, stream: Stream, rounds: int = MR_ROUNDS) -> bool:
    """Trial division by the odd primes below 2,000, a base-2 round (cheap: it rejects nearly every composite
    left), then Miller-Rabin with `rounds` uniform bases in [2, n-2] drawn from the stream."""
    if n < 2000:
        return n == 2 or (n > 2 and n % 2 == 1 and n in _SMALL)
    if n % 2 == 0 or math.gcd(n % _TINY_PRODUCT, _TINY_PRODUCT) != 1 or math.gcd(n, _SMALL_PRODUCT) != 1:
        return False  # the word-sized product of the odd primes to 47 first: it turns away 70% of candidates
    d, s = n - 1, 0
    while d % 2 == 0:
        d, s = d // 2, s + 1
    return _strong_probable_prime(n, 2, d, s) and \
        all(_strong_probable_prime(n, 2 + stream.below(n - 3), d, s) for _ in range(rounds))


def random_prime(lo: int, hi: int, stream: Stream) -> int:
    """A probable prime drawn from independent uniform odd candidates in [lo, hi) (so the DLP bound applies)."""
    for _ in range(MAX_CANDIDATES):
        candidate = (lo + stream.below(hi - lo)) | 1
        if candidate < hi and is_probable_prime(candidate, stream):
            return candidate
    raise RuntimeError(f"no prime among {MAX_CANDIDATES} candidates in [{lo}, {hi})")  # never: see MAX_CANDIDATES


@dataclass(frozen=True, repr=False)
class Trapdoor:
    """A sheet's secret primes and what the fast digest needs of them. Held in memory only; repr shows nothing."""

    primes: tuple[int, int, int]
    key: bytes = field(default=b"")  # the stream key, also for the decoys of sequence parts
    _plans: dict = field(default_factory=dict, compare=False)  # t -> [(p, 2^t mod (p-1), CRT coefficient)]

    @property
    def modulus(self) -> int:
        return math.prod(self.primes)

    def power(self, x: int, t: int) -> int:
        """x^(2^t) mod N by the Chinese remainder theorem, each exponent reduced modulo p-1 (right for every x)."""
        n = self.modulus
        if t not in self._plans:
            self._plans[t] = [(p, pow(2, t, p - 1), n // p * pow(n // p, -1, p)) for p in self.primes]
        power = modular.ENGINE.power
        return sum(power(x % p, e, p) * c for p, e, c in self._plans[t]) % n

    def decoy(self, key: str, k: int) -> str:
        """A decoy digest for a sequence part: keyed by the secret, so nobody else can tell it from a real one."""
        return hmac.new(self.key, f"decoy|{key}|{k}".encode("ascii"), hashlib.sha256).hexdigest()

    def __repr__(self) -> str:
        return "Trapdoor(<secret>)"


def sheet_trapdoor(sheet_seed: int, label: str) -> Trapdoor:
    """The primes of one sheet, from HMAC-SHA256 keyed by its seed (which already decides every answer)."""
    key = hmac.new(f"{PREFIX}|trapdoor".encode("ascii"), f"{sheet_seed}|{label}".encode(),
                   hashlib.sha256).digest()
    stream = Stream(key, "primes")
    p = random_prime(3 << (PRIME_BITS[0] - 2), 1 << PRIME_BITS[0], stream)
    q = random_prime(3 << (PRIME_BITS[1] - 2), 1 << PRIME_BITS[1], stream)
    lo, hi = -(-(1 << (MODULUS_BITS - 1)) // (p * q)), (1 << MODULUS_BITS) // (p * q)
    r = random_prime(lo, hi, stream)
    if len({p, q, r}) < 3:  # never in practice (three draws from intervals of 2^340 primes)
        raise RuntimeError("two equal primes drawn")
    return Trapdoor((p, q, r), key)


@dataclass(frozen=True)
class TimeLock:
    """The public side of one sheet's digests: salt, modulus N and squarings t (what the handout stores)."""

    salt: str
    modulus: int
    t: int

    def message(self, key: str) -> str:
        return f"{PREFIX}|{self.salt}|{key}|"

    def start(self, key: str, canonical: str) -> int:
        """x: the salted answer hashed onto [2, N-2]."""
        m = (self.message(key) + canonical).encode("ascii")
        wide = b"".join(hashlib.sha256(m + f"|{i}".encode("ascii")).digest() for i in range(X_BLOCKS))
        return 2 + int.from_bytes(wide, "big") % (self.modulus - 3)

    def finish(self, key: str, y: int) -> str:
        width = (self.modulus.bit_length() + 3) // 4
        return hashlib.sha256((self.message(key) + format(y, f"0{width}x")).encode("ascii")).hexdigest()

    def guess(self, key: str, canonical: str) -> str:
        """The digest the slow way, as a guesser must: t modular squarings in a row."""
        return self.finish(key, modular.ENGINE.squarings(self.start(key, canonical), self.t, self.modulus))

    def digest(self, trapdoor: Trapdoor, key: str, canonical: str) -> str:
        """The same digest the fast way, with the trapdoor (the generator only)."""
        return self.finish(key, trapdoor.power(self.start(key, canonical), self.t))

    def digests(self, requests) -> list[str]:
        """Guesses for many (key, canonical) pairs, in order: on every core when there is a second of work or more
        (each guess stays t squarings in a row; only independent guesses run side by side)."""
        requests = list(requests)
        workers = min(os.cpu_count() or 1, len(requests))
        if workers < 2 or self.t * len(requests) < PARALLEL_SQUARINGS:
            return [self.guess(k, c) for k, c in requests]
        import multiprocessing
        import threading
        from concurrent.futures import ProcessPoolExecutor

        method = "fork" if threading.active_count() == 1 and "fork" in multiprocessing.get_all_start_methods() \
            else "spawn"
        from concurrent.futures.process import BrokenProcessPool
        try:
            with ProcessPoolExecutor(workers, mp_context=multiprocessing.get_context(method)) as pool:
                return list(pool.map(self.guess, [k for k, _ in requests], [c for _, c in requests]))
        except BrokenProcessPool:  # a worker died or could not start: guess here instead
            return [self.guess(k, c) for k, c in requests]

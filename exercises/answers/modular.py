"""Modular powers for the time-lock: GMP through gmpy2 (the optional `[fast]` extra) when installed, else Python's ints.

Both engines compute the same exact integers, so digests, primes and handouts are the same bytes whichever runs;
only the time differs.  Measured with `python benchmarks/bench_handout.py` on the project's 2-core machine (341-bit
modular powers as the generator does them, and 1024-bit squarings in a row as a guesser does them):

    CPython 3.11 ints   ~0.3 ms per 341-bit power    ~450,000 squarings per second
    gmpy2 (GMP 6)       ~0.04 ms                      ~2,000,000 squarings per second

A guess stays t squarings in a row either way (no engine shortens the chain; the time-lock's t is unchanged).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Callable


@dataclass(frozen=True)
class Engine:
    """One way to compute modular powers: `power(b, e, m)` is b^e mod m, `squarings(x, t, m)` is x^(2^t) mod m."""

    name: str
    power: Callable[[int, int, int], int]
    squarings: Callable[[int, int, int], int]


def _python_squarings(x: int, t: int, modulus: int) -> int:
    return pow(x, 1 << t, modulus)  # CPython squares t times in a row (the exponent is one bit)


PYTHON = Engine("python", pow, _python_squarings)


def _gmpy2_engine() -> Engine | None:
    try:
        import gmpy2
    except ImportError:
        return None
    powmod, mpz = gmpy2.powmod, gmpy2.mpz

    def power(base: int, exponent: int, modulus: int) -> int:
        return int(powmod(base, exponent, modulus))

    def squarings(x: int, t: int, modulus: int) -> int:
        return int(powmod(x, mpz(1) << t, modulus))  # GMP's powmod squares t times in a row too

    return Engine("gmpy2", power, squarings)


def __getattr__(name: str):
    """`GMPY2` and `ENGINE` (what the time-lock uses in this process) are found on first use: importing gmpy2
    costs about 45 ms, three times Python's own start, which `rosenblatt --help` and `list` need not pay."""
    if name in ("GMPY2", "ENGINE"):
        globals()["GMPY2"] = engine = _gmpy2_engine()
        globals().setdefault("ENGINE", engine or PYTHON)
        return globals()[name]
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")

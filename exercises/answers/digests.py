"""Which digest scheme a handout uses: the time-lock of format v3 (default) or PBKDF2 of v2, to make and to check."""

from __future__ import annotations

import hashlib
from collections.abc import Callable, Sequence
from dataclasses import dataclass

from exercises.answers.kdf import Kdf, check_iterations
from exercises.answers.timelock import (
    CALIBRATION,
    CALIBRATION_SOURCE,
    DEFAULT_GUESS_MS,
    NAME,
    PREFIX,
    TimeLock,
    check_guess_ms,
    sheet_trapdoor,
    squarings,
)

FORMAT_V3 = "rosenblatt-handout-v3"  # time-lock digests (RSW-timelock-SHA256)
FORMAT_V2 = "rosenblatt-handout-v2"  # PBKDF2-HMAC-SHA256 digests, still made with --kdf-iterations and checked
MAX_SQUARINGS = squarings(10_000)  # a handout asking for more (minutes per guess) is refused, not run
MODULUS_RANGE = (768, 4096)  # bits of a modulus check-answers accepts


@dataclass(frozen=True)
class DigestPlan:
    """How generate digests answers: the time-lock aiming at guess_ms per guess, or PBKDF2 when iterations is set."""

    iterations: int | None = None
    guess_ms: int = DEFAULT_GUESS_MS

    def problem(self) -> str | None:
        """Why the plan is refused, as `--option: phrase`, or None."""
        if self.iterations is not None:
            problem = check_iterations(self.iterations)
            return problem and f"--kdf-iterations {problem}"
        problem = check_guess_ms(self.guess_ms)
        return problem and f"--guess-ms {problem}"


@dataclass(frozen=True)
class Minter:
    """What the generator needs for one sheet: the format, the handout's scheme fields, digests and decoys."""

    format: str
    fields: dict
    digests: Callable[[Sequence[tuple[str, str]]], list[str]]
    decoy: Callable[[str, int], str]


def timelock_json(lock: TimeLock, guess_ms: int) -> dict:
    return {"name": NAME, "modulus": format(lock.modulus, "x"), "squarings": lock.t, "guess_ms": guess_ms,
            "calibration": {"squarings_per_second": dict(CALIBRATION), "source": CALIBRATION_SOURCE},
            "message": f"{PREFIX}|<salt>|<part key>|<answer>"}


def sheet_minter(plan: DigestPlan, salt: str, sheet_seed: int, label: str) -> Minter:
    """The digest maker of one sheet (for the time-lock, its trapdoor stays inside this object)."""
    if plan.iterations is not None:
        kdf = Kdf(salt, plan.iterations)
        return Minter(FORMAT_V2, {"kdf": kdf.to_json()}, kdf.digests,
                      lambda key, k: hashlib.sha256(f"{salt}|{key}|decoy|{k}".encode()).hexdigest())
    trapdoor = sheet_trapdoor(sheet_seed, label)
    lock = TimeLock(salt, trapdoor.modulus, squarings(plan.guess_ms))
    return Minter(FORMAT_V3, {"digest": timelock_json(lock, plan.guess_ms)},
                  lambda requests: [lock.digest(trapdoor, k, c) for k, c in requests], trapdoor.decoy)


def _timelock_problem(scheme) -> str | None:
    if not isinstance(scheme, dict) or scheme.get("name") != NAME:
        return f"digest.name must be {NAME}"
    modulus, t = scheme.get("modulus"), scheme.get("squarings")
    try:
        n = int(modulus, 16) if isinstance(modulus, str) and modulus.isalnum() and len(modulus) <= 1024 else 0
    except ValueError:
        n = 0
    if not MODULUS_RANGE[0] <= n.bit_length() <= MODULUS_RANGE[1] or n % 2 == 0:
        return f"digest.modulus must be an odd number of {MODULUS_RANGE[0]} to {MODULUS_RANGE[1]} bits in hex"
    if isinstance(t, bool) or not isinstance(t, int) or not 1 <= t <= MAX_SQUARINGS:
        return f"digest.squarings must be between 1 and {MAX_SQUARINGS}, got {t!r:.20}"
    return None


def scheme_problem(doc: dict) -> str | None:
    """Why a loaded handout's digest fields are unusable (one phrase naming the field), or None."""
    if doc.get("format") == FORMAT_V3:
        return _timelock_problem(doc.get("digest"))
    kdf = doc.get("kdf")
    iterations = kdf.get("iterations") if isinstance(kdf, dict) else None
    if isinstance(iterations, bool) or not isinstance(iterations, int):
        return "kdf.iterations must be a whole number"
    problem = check_iterations(iterations)
    return problem and f"kdf.iterations: {problem}"


def handout_oracle(doc: dict) -> Kdf | TimeLock:
    """What checks guesses against a (validated) handout: both answer .digests(requests) the slow way."""
    if doc["format"] == FORMAT_V3:
        return TimeLock(doc["salt"], int(doc["digest"]["modulus"], 16), doc["digest"]["squarings"])
    return Kdf(doc["salt"], doc["kdf"]["iterations"])


def scheme_json(doc: dict) -> dict:
    """The scheme fields of a handout, for its page: the name and how slow a guess is meant to be."""
    return {"digest": doc["digest"]} if doc["format"] == FORMAT_V3 else {"kdf": doc["kdf"]}



DEFAULT_PLAN = DigestPlan()

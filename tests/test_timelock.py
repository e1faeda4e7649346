"""The time-lock digests of handouts v3: trapdoor and guess agree, primes are prime, the trapdoor is written nowhere."""

from __future__ import annotations

import csv
import io
import json
import math
import zipfile
from pathlib import Path

import pytest
import sympy
import yaml
from hypothesis import given, settings
from hypothesis import strategies as st

from exercises.answers.digests import handout_oracle
from exercises.answers.timelock import (
    CALIBRATION,
    PRIME_BITS,
    Stream,
    TimeLock,
    is_probable_prime,
    random_prime,
    sheet_trapdoor,
    squarings,
)
from exercises.cli.main import main
from rosenblatt.shared import student_seed

ANSWER = st.text(alphabet="0123456789-/[], sqrt()truefals", min_size=1, max_size=30)
KEY = st.sampled_from(["1.theta", "1.updates[3]", "1.updates.count", "2.origin.separable", "7.w_max"])


@pytest.fixture(scope="module")
def trapdoor():
    return sheet_trapdoor(2024, "v01")


@settings(max_examples=60, deadline=None)
@given(key=KEY, answer=ANSWER, t=st.integers(1, 400))
def test_the_trapdoor_gives_what_t_squarings_give(trapdoor, key, answer, t):
    lock = TimeLock("00ff" * 8, trapdoor.modulus, t)
    x = lock.start(key, answer)
    y = x
    for _ in range(t):
        y = y * y % lock.modulus
    assert lock.digest(trapdoor, key, answer) == lock.guess(key, answer) == lock.finish(key, y)


@settings(max_examples=60, deadline=None)
@given(key=KEY, answer=ANSWER, other=ANSWER)
def test_a_wrong_answer_another_part_or_another_sheet_gives_another_digest(trapdoor, key, answer, other):
    lock = TimeLock("00ff" * 8, trapdoor.modulus, 50)
    right = lock.digest(trapdoor, key, answer)
    if other != answer:
        assert lock.guess(key, other) != right
    assert lock.guess(key + "x", answer) != right
    assert TimeLock("00fe" * 8, trapdoor.modulus, 50).guess(key, answer) != right


def test_the_primes_are_prime_distinct_deterministic_and_make_a_1024_bit_modulus():
    for seed in range(6):
        door = sheet_trapdoor(seed, f"v{seed:02d}")
        p, q, r = door.primes
        assert all(sympy.isprime(n) for n in door.primes) and len({p, q, r}) == 3
        assert (p.bit_length(), q.bit_length()) == PRIME_BITS and door.modulus.bit_length() == 1024
        assert sheet_trapdoor(seed, f"v{seed:02d}").primes == door.primes
        assert sheet_trapdoor(seed, "other").modulus != door.modulus
    assert "Trapdoor(<secret>)" == repr(door) and str(p) not in str(door)


def test_miller_rabin_agrees_with_sympy_and_rejects_strong_pseudoprimes():
    stream = Stream(b"test", "mr")
    # Carmichael numbers and strong pseudoprimes to bases 2, 3, 5, 7 (2047 = 23 * 89, 3215031751 = 151 * 751 * 28351)
    hard = [561, 1105, 1729, 2047, 3215031751, 2152302898747, 3474749660383, 341550071728321,
            3825123056546413051, 318665857834031151167461]
    assert not any(is_probable_prime(n, stream) for n in hard)
    for n in list(range(2, 5000)) + [stream.below(1 << 200) for _ in range(300)]:
        assert is_probable_prime(n, stream) == sympy.isprime(n), n


def test_random_prime_stays_in_its_interval():
    stream = Stream(b"k", "interval")
    for _ in range(20):
        lo = stream.below(1 << 64) + 3
        n = random_prime(lo, lo + 10_000, stream)
        assert lo <= n < lo + 10_000 and sympy.isprime(n)


def test_t_follows_the_stored_calibration_not_the_machine():
    fastest = max(CALIBRATION.values())
    assert squarings(60) == fastest * 60 // 1000 and squarings(1) == -(-fastest // 1000)


def _files(root: Path):
    """Every written file's bytes, with the members of zip files (qti.zip) opened too."""
    for path in sorted(root.rglob("*")):
        if path.is_file():
            data = path.read_bytes()
            yield path, data
            if zipfile.is_zipfile(io.BytesIO(data)):
                with zipfile.ZipFile(io.BytesIO(data)) as archive:
                    for name in archive.namelist():
                        yield path / name, archive.read(name)


def _forms(n: int) -> list[bytes]:
    return [s.encode() for s in (str(n), format(n, "x"), format(n, "X"))]


def test_the_trapdoor_appears_in_no_written_file(tmp_path):
    roster = tmp_path / "roster.csv"
    with roster.open("w", newline="") as f:
        csv.writer(f).writerows([["id", "name"], ["ada", "Ada"], ["bo", "Bo"], ["cy", "Cy"]])
    out = tmp_path / "o"
    assert main(["generate", "--roster", str(roster), "--secret", "s3cret", "--out", str(out), "--quiet",
                 "--guess-ms", "1", "--format", "md,tex,html,json,prairielearn,moodle,qti"]) == 0
    moduli = [int(json.loads((f / "handout.json").read_text())["digest"]["modulus"], 16)
              for f in sorted((out / "variants").iterdir())]
    secrets = []
    for label in ("ada", "bo", "cy"):
        seed = student_seed("s3cret", label, "problem_set")  # the sheet seed, as generate derives it (--seed 0)
        door = sheet_trapdoor(seed, label)
        assert door.modulus in moduli  # the scan below looks at the right sheets
        t = json.loads((out / "variants" / label / "handout.json").read_text())["digest"]["squarings"]
        lam = math.lcm(*(p - 1 for p in door.primes))
        secrets += [*door.primes, lam, math.prod(p - 1 for p in door.primes), pow(2, t, lam)]
        secrets += [pow(2, t, p - 1) for p in door.primes]
        secrets += [door.modulus // p for p in door.primes]  # a cofactor would factor N at once
        secrets.append(int.from_bytes(door.key, "big"))
    needles = [form for n in secrets for form in _forms(n)]
    seen = 0
    for path, data in _files(out):
        seen += 1
        hits = [n for n in needles if n in data]
        assert not hits, f"{path} holds part of a trapdoor"
    assert seen > 30


def test_check_answers_reads_v3_and_v2_and_refuses_a_tampered_modulus(tmp_path, capsys):
    for name, extra in (("v3", ["--guess-ms", "1"]), ("v2", ["--kdf-iterations", "1000"])):
        out = tmp_path / name
        assert main(["generate", "single_point", "--out", str(out), "--quiet", "--format", "json", *extra]) == 0
        variant = json.loads((out / "exercises.json").read_text())["variants"][0]
        (tmp_path / "a.yaml").write_text(yaml.safe_dump({1: dict(variant["key"])}))
        handout = out / "variants" / "v01" / "handout.json"
        assert main(["check-answers", str(handout), str(tmp_path / "a.yaml")]) == 0
        assert "2 of 2 parts correct" in capsys.readouterr().out
    doc = json.loads(handout.read_text())
    assert type(handout_oracle(doc)).__name__ == "Kdf"
    doc = json.loads((tmp_path / "v3" / "variants" / "v01" / "handout.json").read_text())
    for field, value, words in (("modulus", "12", "digest.modulus must be an odd number"),
                                ("squarings", 10 ** 12, "digest.squarings must be between 1 and")):
        bad = json.loads(json.dumps(doc))
        bad["digest"][field] = value
        (tmp_path / "bad.json").write_text(json.dumps(bad))
        assert main(["check-answers", str(tmp_path / "bad.json"), str(tmp_path / "a.yaml")]) == 2
        assert words in capsys.readouterr().err


def test_many_guesses_on_worker_processes_give_the_same_digests(trapdoor, monkeypatch):
    from exercises.answers import timelock
    lock = TimeLock("ab" * 16, trapdoor.modulus, 300)
    requests = [(f"1.k{k}", str(k)) for k in range(6)]
    serial = lock.digests(requests)
    monkeypatch.setattr(timelock, "PARALLEL_SQUARINGS", 0)
    assert lock.digests(requests) == serial == [lock.digest(trapdoor, k, c) for k, c in requests]

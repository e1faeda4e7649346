"""Check answers part by part against an oracle (a handout's digests, or the instructor's key); never reveal them."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Any, Sequence

from exercises.answers.answer_parse import as_set, canonical, parse_bool, parse_exact
from rosenblatt.shared import AnswerError
from exercises.answers.digests import handout_oracle
from exercises.answers.handout import load_handout, read_answers
from exercises.kinds import PartResult, get_kind


@dataclass(frozen=True)
class Reading:
    """One part as the student answered it: its canonical text (a tuple of texts for a sequence), or a result
    already decided without the oracle (missing, unreadable, or a certificate checked from the data)."""

    key: str  # "<exercise number>.<part id>"
    part: dict
    text: str | tuple[str, ...] = ""
    decided: PartResult | None = None

    def requests(self) -> list[tuple[str, str]]:
        """The (digest key, canonical text) pairs a digest oracle needs to judge this reading."""
        if self.decided is not None:
            return []
        if isinstance(self.text, tuple):
            return [(f"{self.key}[{k}]", t) for k, t in enumerate(self.text, 1)] + \
                [(f"{self.key}.count", str(len(self.text)))]
        return [(self.key, self.text)]


class DigestOracle:
    """Answers "is this right?" from a handout's salted slow digests (what students have): each one a guess."""

    def __init__(self, scheme):
        self.scheme, self.cache = scheme, {}  # a Kdf (v2) or a TimeLock (v3): both derive .digests(requests)

    def prefetch(self, requests: Sequence[tuple[str, str]]) -> None:
        todo = list(dict.fromkeys(r for r in requests if r not in self.cache))
        self.cache.update(zip(todo, self.scheme.digests(todo)))

    def _digest(self, key: str, text: str) -> str:
        if (key, text) not in self.cache:
            self.prefetch([(key, text)])
        return self.cache[(key, text)]

    def exact(self, key: str, part: dict, text: str) -> bool:
        return self._digest(key, text) == part.get("digest")

    def item(self, key: str, part: dict, k: int, text: str) -> bool:
        return self._digest(f"{key}[{k}]", text) in set(part.get("digests", []))

    def count(self, key: str, part: dict, n: int) -> bool:
        return self._digest(f"{key}.count", str(n)) == part.get("count_digest")


class KeyOracle:
    """Answers from the instructor's key (part key -> canonical text(s)): the same verdicts, without the slow KDF."""

    def __init__(self, key: dict[str, Any]):
        self.key = key

    def prefetch(self, requests: Sequence[tuple[str, str]]) -> None:
        pass

    def exact(self, key: str, part: dict, text: str) -> bool:
        return self.key.get(key) == text

    def item(self, key: str, part: dict, k: int, text: str) -> bool:
        items = self.key.get(key) or []
        return k <= len(items) and items[k - 1] == text

    def count(self, key: str, part: dict, n: int) -> bool:
        return len(self.key.get(key) or []) == n


def _decided(part: dict, status: str, reason: str, facts: dict) -> PartResult:
    return PartResult(part["id"], part.get("label", part["id"]), status, reason, facts)


def _sequence_texts(raw: Any, keys: list[str]) -> tuple[str, ...]:
    if not isinstance(raw, list):
        raise AnswerError("expected a list, one entry per update")
    texts = []
    for k, item in enumerate(raw, 1):
        if isinstance(item, dict):
            missing = [name for name in keys if name not in item]
            if missing:
                raise AnswerError(f"item {k} has no {missing[0]}; give {', '.join(keys)}")
            item = [item[name] for name in keys]
        try:
            texts.append(canonical(parse_exact(item)))
        except AnswerError as err:
            raise AnswerError(f"item {k}: {err.message}") from None
    return tuple(texts)


def _certificate_answers(given: dict[str, Any], part_id: str) -> dict[str, Any]:
    name = part_id.split(".")[0]
    out = {}
    for key, raw in given.items():
        if key.startswith(f"{name}.") and key != f"{name}.separable":
            try:
                out[key] = parse_exact(raw)
            except AnswerError as err:
                raise AnswerError(f"{key}: {err.message}") from None
    return out


def read_part(exercise: dict, part: dict, given: dict[str, Any]) -> Reading:
    """Parse the student's answer to one part into canonical text, or decide it at once."""
    key = f"{exercise['number']}.{part['id']}"
    try:
        if part["type"] == "certificate":
            module = get_kind(exercise["kind"])
            result = module.check_certificate(exercise["data"], part["id"], _certificate_answers(given, part["id"]))
            return Reading(key, part, decided=_decided(part, *result))
        raw = given.get(part["id"])
        if raw is None:
            return Reading(key, part, decided=_decided(part, "missing", "missing",
                                                       {"id": part["id"], "example": part.get("example", "")}))
        if part["type"] == "sequence":
            return Reading(key, part, _sequence_texts(raw, part.get("item_keys", [])))
        if part["type"] == "verdict":
            return Reading(key, part, canonical(parse_bool(raw)))
        value = parse_exact(raw)
        return Reading(key, part, canonical(as_set(value) if part["type"] == "set" else value))
    except AnswerError as err:
        return Reading(key, part, decided=_decided(part, "invalid", "unreadable", {"error": err.message}))


def judge(reading: Reading, oracle) -> PartResult:
    """The verdict on one reading; the facts carry the student's own (canonical) answer, never the expected one."""
    if reading.decided is not None:
        return reading.decided
    part, key = reading.part, reading.key
    if isinstance(reading.text, tuple):
        for k, text in enumerate(reading.text, 1):
            if not oracle.item(key, part, k, text):
                return _decided(part, "incorrect", "first_wrong_update", {"k": k, "given": text})
        if not oracle.count(key, part, len(reading.text)):
            return _decided(part, "incorrect", "trace_too_short", {"n": len(reading.text)})
        return _decided(part, "correct", "", {})
    if oracle.exact(key, part, reading.text):
        return _decided(part, "correct", "", {})
    return _decided(part, "incorrect", "", {"given": reading.text})


def check_sheet(exercises: list[dict], answers: dict[int, dict[str, Any]], oracle) -> list[tuple[dict, list]]:
    """Every exercise's part results; a digest oracle derives all the digests it needs in one parallel batch."""
    readings = [(e, [read_part(e, p, answers.get(e["number"], {})) for p in e["parts"]]) for e in exercises]
    oracle.prefetch([r for _, rs in readings for reading in rs for r in reading.requests()])
    return [(e, [judge(r, oracle) for r in rs]) for e, rs in readings]


def check_exercise(handout: dict, exercise: dict, given: dict[str, Any]) -> list[PartResult]:
    """One exercise of a loaded handout, judged by its digests (given: part id -> the student's raw answer)."""
    return check_sheet([exercise], {exercise["number"]: given}, DigestOracle(handout_oracle(handout)))[0][1]


def check_extra(exercises: list[dict], answers: dict[int, Any], answers_path: Path) -> None:
    numbers = {e.get("number") for e in exercises}
    extra = sorted(n for n in answers if n not in numbers)
    if extra:
        raise AnswerError(f"{answers_path}: exercise {extra[0]} is not in the handout "
                          f"(it has exercises {', '.join(str(n) for n in sorted(numbers))})")


def check_answers(handout_path: Path, answers_path: Path) -> tuple[dict, list[tuple[dict, list[PartResult]]]]:
    """The student's check: one handout, one answers file, judged by the handout's digests."""
    handout = load_handout(handout_path)
    answers = read_answers(answers_path)
    check_extra(handout["exercises"], answers, answers_path)
    return handout, check_sheet(handout["exercises"], answers, DigestOracle(handout_oracle(handout)))

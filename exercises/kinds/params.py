"""Read one exercise's `params` mapping with load-time validation: every problem names file, key path and value."""

from __future__ import annotations

from fractions import Fraction
from typing import Any, Sequence

from rosenblatt.shared import SpecError, fraction_str, to_fraction


def _show(value: Any) -> str:
    if isinstance(value, Fraction):
        return fraction_str(value)
    text = repr(value)
    return text if len(text) <= 40 else text[:37] + "..."


class Params:
    """A view on a params mapping that remembers where it came from (`file: params.key`), for messages."""

    def __init__(self, raw: Any, source: str, path: str, allowed: Sequence[str]):
        if raw is None:
            raw = {}
        if not isinstance(raw, dict):
            raise SpecError(f"{source}: {path}: expected a mapping of options, got {_show(raw)}")
        # a key that is not a plain name is quoted, so the sentence stays on one line (`'\n'`, not a line break)
        unknown = sorted(str(k) if str(k).isidentifier() else repr(str(k)) for k in raw if k not in allowed)
        if unknown:
            where = f"{path}.{unknown[0]}" if path else unknown[0]
            raise SpecError(f"{source}: {where}: unknown option; allowed options are "
                            f"{', '.join(sorted(allowed))}")
        self.raw, self.source, self.path = raw, source, path

    def fail(self, key: str, message: str) -> SpecError:
        """Build the SpecError for `key` (the caller raises it)."""
        return SpecError(f"{self.source}: {self.where(key)}: {message}")

    def where(self, key: str) -> str:
        return f"{self.path}.{key}" if self.path else key

    def integer(self, key: str, default: int, low: int, high: int) -> int:
        value = self.raw.get(key, default)
        if isinstance(value, bool) or not isinstance(value, int):
            raise self.fail(key, f"must be an integer between {low} and {high}, got {_show(value)}")
        if not low <= value <= high:
            raise self.fail(key, f"must be between {low} and {high}, got {_show(value)}")
        return value

    def flag(self, key: str, default: bool) -> bool:
        value = self.raw.get(key, default)
        if not isinstance(value, bool):
            raise self.fail(key, f"must be true or false, got {_show(value)}")
        return value

    def choice(self, key: str, default: str, allowed: Sequence[str]) -> str:
        value = self.raw.get(key, default)
        if value not in allowed:
            raise self.fail(key, f"must be one of {', '.join(allowed)}, got {_show(value)}")
        return value

    def number(self, key: str, default: Fraction | int, low: Fraction | int | None = None,
               high: Fraction | int | None = None) -> Fraction:
        value = self.raw.get(key, default)
        try:
            number = to_fraction(value)
        except ValueError as exc:
            raise self.fail(key, str(exc)) from None
        if (low is not None and number < low) or (high is not None and number > high):
            raise self.fail(key, f"must be between {fraction_str(low)} and {fraction_str(high)}, got {_show(value)}")
        return number

    def numbers(self, key: str, default: Sequence, min_len: int = 1, max_len: int = 20) -> tuple[Fraction, ...]:
        value = self.raw.get(key, list(default))
        if not isinstance(value, list) or not min_len <= len(value) <= max_len:
            raise self.fail(key, f"must be a list of {min_len} to {max_len} numbers, got {_show(value)}")
        out = []
        for k, item in enumerate(value):
            try:
                out.append(to_fraction(item))
            except ValueError as exc:
                raise SpecError(f"{self.source}: {self.where(key)}[{k}]: {exc}") from None
        return tuple(out)

    def ordered(self, low_key: str, high_key: str, low: int | Fraction, high: int | Fraction) -> None:
        """Check min_* ≤ max_*; name both keys."""
        if low > high:
            raise self.fail(low_key, f"must be at most {high_key} ({fraction_str(high)}), got {fraction_str(low)}")

    def sub(self, key: str, allowed: Sequence[str]) -> "Params":
        return Params(self.raw.get(key), self.source, self.where(key), allowed)

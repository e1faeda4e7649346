"""A child's replies, checked: each load and case message against its nonce, within the submission's value budget."""

from __future__ import annotations

from typing import Any

from grader.sandbox import channel
from grader.sandbox.model import CaseOutcome, Opaque

CASE_STATUSES = frozenset({"returned", "raised", "memory"})
LOAD_STATUSES = frozenset({"ok", "syntax-error", "import-error", "missing-function", "memory"})


class Replies:
    """Decodes one submission's result messages; every value decoded counts against its budget (`values_left`)."""

    def __init__(self, values: int):
        self.values_left = values

    def decode(self, frame: bytes | str) -> Any:
        """A result message, within the submission's budget of decoded values (bounded before parsing)."""
        if not isinstance(frame, bytes):
            raise channel.WireError(f"result channel {frame}")
        allowed = min(channel.MAX_VALUES, self.values_left)
        self.values_left -= channel.count_values(frame)
        return channel.loads(frame, allowed)

    def load(self, frame: bytes | str, nonce: str) -> tuple[str, str]:
        """The load's (status, error); WireError or TypeError for anything but a well-formed load reply."""
        msg = self.decode(frame)
        if type(msg) is not dict or set(msg) != {"k", "nonce", "status", "error"} or msg["k"] != "load" \
                or msg["nonce"] != nonce or msg["status"] not in LOAD_STATUSES or type(msg["error"]) is not str:
            raise channel.WireError("unexpected message")
        return msg["status"], _text(msg["error"])

    def case(self, frame: bytes | str, case_id: str, nonce: str, seconds: float) -> CaseOutcome:
        """One case's outcome; WireError or TypeError for anything but a well-formed reply to this case."""
        msg = self.decode(frame)
        if type(msg) is not dict or set(msg) != {"k", "nonce", "status", "value", "error", "mutated"}:
            raise channel.WireError("unexpected message")
        status, error, mutated = msg["status"], msg["error"], msg["mutated"]
        if msg["k"] != "case" or msg["nonce"] != nonce or type(status) is not str or status not in CASE_STATUSES \
                or type(error) is not str or type(mutated) is not bool:
            raise channel.WireError("unexpected message")
        value = channel.from_wire(msg["value"], Opaque) if status == "returned" else None
        return CaseOutcome(case_id, status, value, _text(error), mutated, seconds)


def _text(text: str) -> str:
    return text[:2048].encode("utf-8", "replace").decode("utf-8")

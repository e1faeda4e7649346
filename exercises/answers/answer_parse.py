"""Student-answer grammar: numbers, fractions, sqrt and lists parsed into exact values by our own parser, never eval."""

from __future__ import annotations

import numbers
import re
import sys
from fractions import Fraction
from typing import Any

from exercises.answers import surds
from rosenblatt.shared import AnswerError, to_fraction

MAX_TEXT = 2_000  # characters in one answer
MAX_DIGITS = 40  # digits in one number literal
MAX_DEPTH = 20  # nested parentheses, sqrt calls and lists
MAX_LIST = 1_000  # items in one list

Value = Any  # a sympy number or a tuple of them (parse_answer); parse_exact gives Fractions where rational
# Internally an exact number is a surd dict {square-free radicand: nonzero Fraction}: {} is 0, key 1 the rational part.

_BAD_CHAR = re.compile(r"[^\t\n\r\x20-\x7e]")
_SPACE = re.compile(r"[ \t\n\r]*")
_TOKEN = re.compile(r"(?P<num>\d+\.?\d*|\.\d+)|(?P<name>[A-Za-z_]\w*)|(?P<op>\*\*|[-+*/()\[\],^])", re.ASCII)
_BOOLS = {"true": True, "yes": True, "false": False, "no": False}


def _where(text: str, pos: int) -> str:
    column = pos - text.rfind("\n", 0, pos)
    return f"at line {text.count(chr(10), 0, pos) + 1}, column {column}" if "\n" in text else f"at column {column}"


def _tokens(text: str) -> list[tuple[str, str, int]]:
    bad = _BAD_CHAR.search(text)
    if bad and ord(bad.group()) < 128:
        raise AnswerError(f"control character U+{ord(bad.group()):04X} {_where(text, bad.start())}")
    if bad:
        shown = f"{bad.group()!r} " if bad.group().isprintable() else ""
        raise AnswerError(f"non-ASCII character {shown}(U+{ord(bad.group()):04X}) {_where(text, bad.start())}; "
                          "use plain digits and ASCII symbols")
    out, pos = [], _SPACE.match(text).end()
    while pos < len(text):
        match = _TOKEN.match(text, pos)
        kind, tok = (match.lastgroup, match.group()) if match else ("bad", text[pos])
        if kind == "bad":
            raise AnswerError(f"unexpected character {tok!r} {_where(text, pos)}")
        if tok in ("**", "^"):
            raise AnswerError(f"exponentiation {tok!r} is not supported {_where(text, pos)}")
        if kind == "num" and len(tok.replace(".", "")) > MAX_DIGITS:
            raise AnswerError(f"number with more than {MAX_DIGITS} digits {_where(text, pos)}")
        if kind == "num" and text.startswith(".", match.end()):
            raise AnswerError(f"malformed number with two decimal points {_where(text, pos)}")
        out.append((kind, tok, pos))
        pos = _SPACE.match(text, match.end()).end()
    return out + [("end", "", pos)]


def _show(token: tuple[str, str, int]) -> str:
    return "the end of the answer" if token[0] == "end" else repr(token[1][:20] + ("..." if token[1][20:] else ""))


class _Parser:
    """Recursive descent over the token list, evaluating as it goes (no syntax tree)."""

    def __init__(self, text: str):
        self.text, self.toks, self.i, self.depth = text, _tokens(text), 0, 0

    def fail(self, what: str, pos: int, hint: str = ""):
        raise AnswerError(f"{what} {_where(self.text, pos)}{hint}")

    def peek_op(self, ops: str) -> bool:
        return self.toks[self.i][0] == "op" and self.toks[self.i][1] in ops

    def take(self, expected: str = "") -> tuple[str, str, int]:
        self.i += 1
        token = self.toks[self.i - 1]
        if expected and (token[0] != "op" or token[1] not in expected):
            self.fail(f"expected {' or '.join(map(repr, expected))} but found {_show(token)}", token[2])
        return token

    def nest(self, pos: int, step: int):
        self.depth += step
        if self.depth > MAX_DEPTH:
            self.fail(f"nesting deeper than {MAX_DEPTH} levels", pos)

    def apply(self, fn, pos: int, *args) -> dict:
        try:
            return fn(*args)
        except surds.SurdError as err:
            raise AnswerError(f"{err} {_where(self.text, pos)}") from None

    def answer(self):
        value = self.list_() if self.peek_op("[") else self.expr()
        if self.toks[self.i][0] != "end":
            self.fail(f"expected an operator or the end of the answer but found {_show(self.toks[self.i])}",
                      self.toks[self.i][2])
        return value

    def list_(self) -> tuple:
        self.nest(self.take()[2], 1)
        items, closed = [], self.peek_op("]")
        self.i += closed
        while not closed:
            items.append(self.list_() if self.peek_op("[") else self.expr())
            _, tok, pos = self.take(",]")
            closed = tok == "]"
            if not closed and len(items) >= MAX_LIST:
                self.fail(f"list with more than {MAX_LIST} items", pos)
        self.depth -= 1
        return tuple(items)

    def expr(self) -> dict:
        value = self.term()
        while self.peek_op("+-"):
            _, op, pos = self.take()
            rhs = self.term()
            value = self.apply(surds.add, pos, value, rhs if op == "+" else surds.neg(rhs))
        return value

    def term(self) -> dict:
        value = self.unary()
        while self.peek_op("*/"):
            _, op, pos = self.take()
            value = self.apply(surds.mul if op == "*" else surds.div, pos, value, self.unary())
        return value

    def unary(self) -> dict:
        negative = False
        while self.peek_op("+-"):
            negative ^= self.take()[1] == "-"
        value = self.primary()
        return surds.neg(value) if negative else value

    def primary(self) -> dict:
        kind, tok, pos = token = self.take()
        if kind == "num":
            whole, _, frac = tok.partition(".")
            number = Fraction(int(whole + frac), 10 ** len(frac))  # at most 40 digits, always within limits
            return {1: number} if number else {}
        if kind == "name" and tok != "sqrt":
            self.fail(f"unknown name {_show(token)}", pos, "; only numbers, + - * /, sqrt(...) and [lists] are allowed")
        if kind == "name":
            self.take("(")
        elif kind != "op" or tok != "(":
            self.fail("a list cannot be used inside arithmetic" if tok == "[" else
                      f"expected a number but found {_show(token)}", pos)
        self.nest(pos, 1)
        value = self.expr()
        self.take(")")
        self.depth -= 1
        return self.apply(surds.sqrt, pos, value) if kind == "name" else value


def _from_plain(value, depth: int):
    """Parse a YAML scalar or list: text goes through the grammar; ints, Fractions and floats are taken exactly."""
    if isinstance(value, str) and len(value) > MAX_TEXT:
        raise AnswerError(f"the answer is longer than {MAX_TEXT} characters")
    if value is None or isinstance(value, str) and not value.strip():
        raise AnswerError("the answer is empty")
    if isinstance(value, str):
        return _Parser(value).answer()
    if isinstance(value, (list, tuple)):
        if depth >= MAX_DEPTH or len(value) > MAX_LIST:
            raise AnswerError(f"lists may hold at most {MAX_LIST} items and nest at most {MAX_DEPTH} deep")
        items = []
        for index, item in enumerate(value, 1):
            try:
                items.append(_from_plain(item, depth + 1))
            except AnswerError as err:
                raise AnswerError(f"list item {index}: {err.message}") from None
        return tuple(items)
    if isinstance(value, bool) or not isinstance(value, (int, float, Fraction)):
        raise AnswerError(f"expected a number or a list but found {type(value).__name__} {str(value)[:20]!r}")
    try:
        return surds.norm({1: to_fraction(value)})
    except ValueError as err:  # includes surds.SurdError
        raise AnswerError(f"the number {str(value)[:20]!r} cannot be used: {err}") from None


def parse_answer(text) -> Value:
    """Parse a student answer (text, or a YAML number or list) into a sympy number or a tuple of them.

    Raises AnswerError with one sentence naming the problem and its column.
    """
    return surds.to_sympy(_from_plain(text, 0))


def parse_exact(text) -> Value:
    """Like parse_answer without sympy: rational values come back as Fractions, others as `surds.Surd`.

    `canonical` (hence the answer digests) and `as_set` give the same as for parse_answer's values;
    `rosenblatt check-answers` uses this (importing sympy would cost it about 0.4 s of start-up).
    """
    return _exact(_from_plain(text, 0))


def _exact(value):
    if isinstance(value, tuple):
        return tuple(_exact(v) for v in value)
    if set(value) <= {1}:
        return value.get(1, Fraction(0))
    return surds.Surd(tuple(sorted(value.items())))


def parse_bool(text: str | bool) -> bool:
    """Read a verdict: a bool, or the words true/false/yes/no in any case."""
    if isinstance(text, bool):
        return text
    if isinstance(text, str) and text.strip().lower() in _BOOLS:
        return _BOOLS[text.strip().lower()]
    shown = repr(text[:30]) if isinstance(text, str) else type(text).__name__
    raise AnswerError(f"expected true or false (or yes or no) but found {shown}")


def as_set(value) -> tuple[Fraction, ...]:
    """Read a parsed list as a set of rational numbers: sorted, without repeats, so [3, 1, 1] is [1, 3]."""
    items = [_rational(v) for v in value] if isinstance(value, (list, tuple)) else [None]
    if any(v is None for v in items):
        raise AnswerError("expected a list of rational numbers, like [1, 3]")
    return tuple(sorted(set(items)))


def _rational(v) -> Fraction | None:
    sympy = sys.modules.get("sympy")  # a sympy value implies sympy is loaded
    if sympy and isinstance(v, sympy.Basic):
        return Fraction(int(v.p), int(v.q)) if v.is_Rational else None
    if isinstance(v, numbers.Rational) and not isinstance(v, bool):
        return Fraction(int(v.numerator), int(v.denominator))
    return None


def canonical(value) -> str:
    """The canonical string of an exact value: `1.5`, `3/2` and `6/4` all give "3/2"; lists give "[a, b]".

    Accepts bools, ints, Fractions, sympy rational combinations of square roots, and lists/tuples of these.
    Raises TypeError for other types (floats are not exact) and ValueError for other sympy expressions.
    """
    sympy = sys.modules.get("sympy")  # a sympy value implies sympy is loaded; else it need not be
    if isinstance(value, bool) or (sympy and isinstance(value, sympy.logic.boolalg.BooleanAtom)):
        return "true" if value else "false"
    if isinstance(value, (list, tuple)):
        return "[" + ", ".join(canonical(v) for v in value) + "]"
    if isinstance(value, surds.Surd):
        return surds.format_surd(surds.norm(dict(value.terms)))
    if sympy and isinstance(value, sympy.Basic):
        return surds.format_surd(surds.from_sympy(value))
    if isinstance(value, numbers.Rational):
        return surds.format_surd(surds.norm({1: Fraction(int(value.numerator), int(value.denominator))}))
    raise TypeError(f"cannot write {type(value).__name__} {value!r:.40} as an exact answer")

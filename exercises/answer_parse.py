"""Student-answer grammar: numbers, fractions, sqrt and lists parsed into exact values by our own parser, never eval."""

from __future__ import annotations

import hashlib
import json
import math
import numbers
import re
from fractions import Fraction
from typing import Union

import sympy

from exercises.errors import AnswerError
from exercises.numbers import fraction_str, to_fraction

MAX_TEXT = 2_000  # characters in one answer
MAX_DIGITS = 40  # digits in one number literal
MAX_DEPTH = 20  # nested parentheses, sqrt calls and lists
MAX_LIST = 1_000  # items in one list
MAX_BITS = 4_000  # bit length of any numerator or denominator along the way
MAX_TERMS = 16  # distinct square roots in one expression
MAX_RADICAND = 10**12  # square-free radicands stay below this, so trial division up to 10^4 certifies them

Value = Union[sympy.Expr, tuple]
# Internally an exact number is a surd dict {square-free radicand: nonzero Fraction}: {} is 0, key 1 the rational part.

_BAD_CHAR = re.compile(r"[^\t\n\r\x20-\x7e]")
_SPACE = re.compile(r"[ \t\n\r]*")
_TOKEN = re.compile(r"(?P<num>\d+\.?\d*|\.\d+)|(?P<name>[A-Za-z_]\w*)|(?P<op>\*\*|[-+*/()\[\],^])", re.ASCII)
_BOOLS = {"true": True, "yes": True, "false": False, "no": False}
_ONE = {1: Fraction(1)}


class _Problem(ValueError):
    """An arithmetic limit or domain error; the parser adds the column, canonical() lets it out as a ValueError."""


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
        except _Problem as err:
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
            value = self.apply(_add, pos, value, rhs if op == "+" else _neg(rhs))
        return value

    def term(self) -> dict:
        value = self.unary()
        while self.peek_op("*/"):
            _, op, pos = self.take()
            value = self.apply(_mul if op == "*" else _div, pos, value, self.unary())
        return value

    def unary(self) -> dict:
        negative = False
        while self.peek_op("+-"):
            negative ^= self.take()[1] == "-"
        value = self.primary()
        return _neg(value) if negative else value

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
        return self.apply(_sqrt, pos, value) if kind == "name" else value


def _norm(terms: dict) -> dict:
    out = {k: c for k, c in terms.items() if c}
    if len(out) > MAX_TERMS:
        raise _Problem(f"the expression has more than {MAX_TERMS} different square roots")
    for k, c in out.items():
        if k > MAX_RADICAND:
            raise _Problem("a square root of a number above 10^12 remains after simplifying")
        if max(c.numerator.bit_length(), c.denominator.bit_length()) > MAX_BITS:
            raise _Problem(f"a number grows beyond {MAX_BITS} bits")
    return out


def _neg(a: dict) -> dict:
    return {k: -c for k, c in a.items()}


def _add(a: dict, b: dict) -> dict:
    out = dict(a)
    for k, c in b.items():
        out[k] = out.get(k, 0) + c
    return _norm(out)


def _mul(a: dict, b: dict) -> dict:
    out: dict = {}
    for x, p in a.items():
        for y, q in b.items():
            g = math.gcd(x, y)  # sqrt(x)*sqrt(y) = g*sqrt(x*y/g^2), still square-free
            k = (x // g) * (y // g)
            out[k] = out.get(k, 0) + p * q * g
    return _norm(out)


def _div(a: dict, b: dict) -> dict:
    if not b:
        raise _Problem("division by zero")
    if len(b) > 2:
        raise _Problem("cannot divide by a sum of more than two terms when square roots are involved")
    if len(b) == 2:  # multiply by the conjugate: (p*sqrt(x) + q*sqrt(y)) * (p*sqrt(x) - q*sqrt(y)) is rational
        (x, p), (y, q) = b.items()
        return _div(_mul(a, {x: p, y: -q}), _mul(b, {x: p, y: -q}))
    ((x, p),) = b.items()
    return _mul(a, {x: 1 / (p * x)})  # 1/(p*sqrt(x)) = sqrt(x)/(p*x)


def _split_square(n: int) -> tuple[int, int]:
    """Write n >= 1 as s*s*f with f square-free, by trial division up to the cube root (at most 10^4)."""
    root = math.isqrt(n)
    if root * root == n:
        return root, 1
    square, free, p = 1, 1, 2
    while p * p * p <= min(n, MAX_RADICAND):
        exponent = 0
        while n % p == 0:
            n, exponent = n // p, exponent + 1
        square, free = square * p ** (exponent // 2), free * p ** (exponent % 2)
        p += 1 if p == 2 else 2
    root = math.isqrt(n)
    if root * root == n:
        return square * root, free
    if p * p * p <= n:  # the rest is above 10^12 and may hide a large square factor
        raise _Problem("cannot simplify the square root of a number this large")
    return square, free * n  # the rest has at most two prime factors, both new, and is not a square


def _sqrt(a: dict) -> dict:
    if any(k != 1 for k in a):
        raise _Problem("sqrt(...) must contain a rational number, not another square root")
    r = a.get(1, Fraction(0))
    if r < 0:
        raise _Problem("square root of a negative number")
    if r == 0:
        return {}
    (s, f), (t, g) = _split_square(r.numerator), _split_square(r.denominator)
    return _norm({f * g: Fraction(s, t * g)})  # sqrt(s*s*f / (t*t*g)) = s*sqrt(f*g) / (t*g)


def _to_sympy(value):
    if isinstance(value, tuple):
        return tuple(_to_sympy(v) for v in value)
    return sympy.Add(*(sympy.Rational(c.numerator, c.denominator) * (
        1 if k == 1 else sympy.Pow(sympy.Integer(k), sympy.S.Half, evaluate=False)) for k, c in sorted(value.items())))


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
        return _norm({1: to_fraction(value)})
    except ValueError as err:  # includes _Problem
        raise AnswerError(f"the number {str(value)[:20]!r} cannot be used: {err}") from None


def parse_answer(text) -> Value:
    """Parse a student answer (text, or a YAML number or list) into a sympy number or a tuple of them.

    Raises AnswerError with one sentence naming the problem and its column.
    """
    return _to_sympy(_from_plain(text, 0))


def parse_bool(text: str | bool) -> bool:
    """Read a verdict: a bool, or the words true/false/yes/no in any case."""
    if isinstance(text, bool):
        return text
    if isinstance(text, str) and text.strip().lower() in _BOOLS:
        return _BOOLS[text.strip().lower()]
    shown = repr(text[:30]) if isinstance(text, str) else type(text).__name__
    raise AnswerError(f"expected true or false (or yes or no) but found {shown}")


def _from_sympy(expr, depth: int = 0) -> dict:
    if depth > MAX_DEPTH:
        raise _Problem("the expression is nested too deeply")
    if expr.is_Rational:
        return _norm({1: Fraction(int(expr.p), int(expr.q))})
    if expr.is_Add or expr.is_Mul:
        out = {} if expr.is_Add else _ONE
        for arg in expr.args:
            out = (_add if expr.is_Add else _mul)(out, _from_sympy(arg, depth + 1))
        return out
    exp = expr.exp if expr.is_Pow else None
    if exp is not None and exp.is_Rational and exp.q in (1, 2) and abs(exp.p) <= 64:
        base = _from_sympy(expr.base, depth + 1)
        base, out = _sqrt(base) if exp.q == 2 else base, _ONE
        for _ in range(abs(int(exp.p))):
            out = _mul(out, base)
        return out if exp.p > 0 else _div(_ONE, out)
    raise _Problem(f"{sympy.sstr(expr)[:40]} is not a rational combination of square roots")


def _format(surd: dict) -> str:
    out = ""
    for k, c in sorted(surd.items()):
        term = f"sqrt({k})" if abs(c.numerator) == 1 else f"{abs(c.numerator)}*sqrt({k})"
        term = fraction_str(abs(c)) if k == 1 else term + ("" if c.denominator == 1 else f"/{c.denominator}")
        out += ("-" if c < 0 else "") + term if not out else (" - " if c < 0 else " + ") + term
    return out or "0"


def canonical(value) -> str:
    """The canonical string of an exact value: `1.5`, `3/2` and `6/4` all give "3/2"; lists give "[a, b]".

    Accepts bools, ints, Fractions, sympy rational combinations of square roots, and lists/tuples of these.
    Raises TypeError for other types (floats are not exact) and ValueError for other sympy expressions.
    """
    if isinstance(value, (bool, sympy.logic.boolalg.BooleanAtom)):
        return "true" if value else "false"
    if isinstance(value, (list, tuple)):
        return "[" + ", ".join(canonical(v) for v in value) + "]"
    if isinstance(value, sympy.Basic):
        return _format(_from_sympy(value))
    if isinstance(value, numbers.Rational):
        return _format(_norm({1: Fraction(int(value.numerator), int(value.denominator))}))
    raise TypeError(f"cannot write {type(value).__name__} {value!r:.40} as an exact answer")


def answer_digest(salt: str, part_id: str, value) -> str:
    """Salted sha256 (hex) of an answer's canonical form, so handouts can carry checkable keys without the answers."""
    payload = json.dumps(["rosenblatt-answer-v1", salt, part_id, canonical(value)], ensure_ascii=True)
    return hashlib.sha256(payload.encode("ascii")).hexdigest()

"""Exact answer checking for PrairieLearn questions written by Rosenblatt (standard library only).

Copied verbatim into each exported question: it parses answers with the grammar of `rosenblatt check-answers`
(integers, decimals, a/b, sqrt(...), + - * /, parentheses, [lists]; never eval) into exact values, compares them
with the expected canonical forms, names the first wrong update of a trace, and verifies separability proofs.
Rosenblatt's tests check that it agrees with its own parser (exercises/answers/answer_parse.py) on many inputs.
"""

import json
import math
import re
from fractions import Fraction

MAX_TEXT, MAX_DIGITS, MAX_DEPTH, MAX_LIST = 2000, 40, 20, 1000
MAX_BITS, MAX_TERMS, MAX_RADICAND = 4000, 16, 10**12
_BAD_CHAR = re.compile(r"[^\t\n\r\x20-\x7e]")
_SPACE = re.compile(r"[ \t\n\r]*")
_TOKEN = re.compile(r"(?P<num>\d+\.?\d*|\.\d+)|(?P<name>[A-Za-z_]\w*)|(?P<op>\*\*|[-+*/()\[\],^])", re.ASCII)
_BOOLS = {"true": True, "yes": True, "false": False, "no": False}


class AnswerError(ValueError):
    """An answer that cannot be read; the message is one sentence for the student."""

    def __init__(self, message):
        super().__init__(message)
        self.message = message


class SurdError(ValueError):
    pass


# Exact numbers are dicts {square-free radicand: nonzero Fraction}; {} is 0 and key 1 the rational part.
def _norm(terms):
    out = {k: c for k, c in terms.items() if c}
    if len(out) > MAX_TERMS:
        raise SurdError(f"the expression has more than {MAX_TERMS} different square roots")
    for k, c in out.items():
        if k > MAX_RADICAND:
            raise SurdError("a square root of a number above 10^12 remains after simplifying")
        if max(c.numerator.bit_length(), c.denominator.bit_length()) > MAX_BITS:
            raise SurdError(f"a number grows beyond {MAX_BITS} bits")
    return out


def _neg(a):
    return {k: -c for k, c in a.items()}


def _add(a, b):
    out = dict(a)
    for k, c in b.items():
        out[k] = out.get(k, 0) + c
    return _norm(out)


def _mul(a, b):
    out = {}
    for x, p in a.items():
        for y, q in b.items():
            g = math.gcd(x, y)
            k = (x // g) * (y // g)
            out[k] = out.get(k, 0) + p * q * g
    return _norm(out)


def _div(a, b):
    if not b:
        raise SurdError("division by zero")
    if len(b) > 2:
        raise SurdError("cannot divide by a sum of more than two terms when square roots are involved")
    if len(b) == 2:
        (x, p), (y, q) = b.items()
        return _div(_mul(a, {x: p, y: -q}), _mul(b, {x: p, y: -q}))
    ((x, p),) = b.items()
    return _mul(a, {x: 1 / (p * x)})


def _split_square(n):
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
    if p * p * p <= n:
        raise SurdError("cannot simplify the square root of a number this large")
    return square, free * n


def _sqrt(a):
    if any(k != 1 for k in a):
        raise SurdError("sqrt(...) must contain a rational number, not another square root")
    r = a.get(1, Fraction(0))
    if r < 0:
        raise SurdError("square root of a negative number")
    if r == 0:
        return {}
    (s, f), (t, g) = _split_square(r.numerator), _split_square(r.denominator)
    return _norm({f * g: Fraction(s, t * g)})


def _fraction_str(value):
    return str(value.numerator) if value.denominator == 1 else f"{value.numerator}/{value.denominator}"


def format_surd(surd):
    out = ""
    for k, c in sorted(surd.items()):
        term = f"sqrt({k})" if abs(c.numerator) == 1 else f"{abs(c.numerator)}*sqrt({k})"
        term = _fraction_str(abs(c)) if k == 1 else term + ("" if c.denominator == 1 else f"/{c.denominator}")
        out += ("-" if c < 0 else "") + term if not out else (" - " if c < 0 else " + ") + term
    return out or "0"


def _where(text, pos):
    column = pos - text.rfind("\n", 0, pos)
    return f"at line {text.count(chr(10), 0, pos) + 1}, column {column}" if "\n" in text else f"at column {column}"


def _tokens(text):
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


def _show(token):
    return "the end of the answer" if token[0] == "end" else repr(token[1][:20] + ("..." if token[1][20:] else ""))


class _Parser:
    """Recursive descent over the tokens, evaluating as it goes."""

    def __init__(self, text):
        self.text, self.toks, self.i, self.depth = text, _tokens(text), 0, 0

    def fail(self, what, pos, hint=""):
        raise AnswerError(f"{what} {_where(self.text, pos)}{hint}")

    def peek_op(self, ops):
        return self.toks[self.i][0] == "op" and self.toks[self.i][1] in ops

    def take(self, expected=""):
        self.i += 1
        token = self.toks[self.i - 1]
        if expected and (token[0] != "op" or token[1] not in expected):
            self.fail(f"expected {' or '.join(map(repr, expected))} but found {_show(token)}", token[2])
        return token

    def nest(self, pos, step):
        self.depth += step
        if self.depth > MAX_DEPTH:
            self.fail(f"nesting deeper than {MAX_DEPTH} levels", pos)

    def apply(self, fn, pos, *args):
        try:
            return fn(*args)
        except SurdError as err:
            raise AnswerError(f"{err} {_where(self.text, pos)}") from None

    def answer(self):
        value = self.list_() if self.peek_op("[") else self.expr()
        if self.toks[self.i][0] != "end":
            self.fail(f"expected an operator or the end of the answer but found {_show(self.toks[self.i])}",
                      self.toks[self.i][2])
        return value

    def list_(self):
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

    def expr(self):
        value = self.term()
        while self.peek_op("+-"):
            _, op, pos = self.take()
            rhs = self.term()
            value = self.apply(_add, pos, value, rhs if op == "+" else _neg(rhs))
        return value

    def term(self):
        value = self.unary()
        while self.peek_op("*/"):
            _, op, pos = self.take()
            value = self.apply(_mul if op == "*" else _div, pos, value, self.unary())
        return value

    def unary(self):
        negative = False
        while self.peek_op("+-"):
            negative ^= self.take()[1] == "-"
        value = self.primary()
        return _neg(value) if negative else value

    def primary(self):
        kind, tok, pos = token = self.take()
        if kind == "num":
            whole, _, frac = tok.partition(".")
            number = Fraction(int(whole + frac), 10 ** len(frac))
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


def parse(text):
    """An answer's exact value: a surd dict, or a tuple of them (lists nest). Raises AnswerError."""
    if not isinstance(text, str):
        raise AnswerError("the answer is empty")
    if len(text) > MAX_TEXT:
        raise AnswerError(f"the answer is longer than {MAX_TEXT} characters")
    if not text.strip():
        raise AnswerError("the answer is empty")
    return _Parser(text).answer()


def canonical(value):
    """The canonical text of a parsed value: `1.5`, `3/2` and `6/4` all give `3/2`; lists give `[a, b]`."""
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, tuple):
        return "[" + ", ".join(canonical(v) for v in value) + "]"
    return format_surd(value)


def as_set(value):
    """A parsed list read as a set of rational numbers: sorted, without repeats, so [3, 1, 1] is [1, 3]."""
    if not isinstance(value, tuple) or any(isinstance(v, tuple) or any(k != 1 for k in v) for v in value):
        raise AnswerError("expected a list of rational numbers, like [1, 3]")
    numbers = sorted({v.get(1, Fraction(0)) for v in value})
    return tuple({1: q} if q else {} for q in numbers)


def parse_bool(text):
    if isinstance(text, str) and text.strip().lower() in _BOOLS:
        return _BOOLS[text.strip().lower()]
    shown = repr(text[:30]) if isinstance(text, str) else type(text).__name__
    raise AnswerError(f"expected true or false (or yes or no) but found {shown}")


def _rationals(value, n, what):
    if not isinstance(value, tuple) or len(value) != n:
        raise AnswerError(f"{what} must be a list of {n} numbers")
    if any(isinstance(v, tuple) or any(k != 1 for k in v) for v in value):
        raise AnswerError(f"{what} must hold rational numbers (no square roots)")
    return [v.get(1, Fraction(0)) for v in value]


def _certificate(part, given, data):
    """Verify a separator (every y(θ·x + θ₀) > 0) or Gordan weights (λ ≥ 0, λ ≠ 0, Σλyx = 0, and Σλy = 0 with θ₀)."""
    X = [[Fraction(v) for v in x] for x in data["X"]]
    y, offset, inputs = data["y"], part["offset"], part["inputs"]
    if given.get(inputs["weights"]):
        lam = _rationals(parse(given[inputs["weights"]]), len(X), "the weights")
        sums = [sum(l * yi * x[j] for l, yi, x in zip(lam, y, X)) for j in range(len(X[0]))]
        ok = all(l >= 0 for l in lam) and any(lam) and not any(sums) and \
            (not offset or sum(l * yi for l, yi in zip(lam, y)) == 0)
        return (1.0, "the weights prove that no separator exists") if ok else \
            (0.0, "these weights do not satisfy λ ≥ 0, λ ≠ 0 and Σλᵢyᵢxᵢ = 0" + (" and Σλᵢyᵢ = 0" if offset else ""))
    if given.get(inputs["theta"]):
        theta = _rationals(parse(given[inputs["theta"]]), len(X[0]), "theta")
        raw0 = given.get(inputs.get("theta0") or "")
        theta0 = _rationals((parse(raw0),), 1, "theta0")[0] if offset and raw0 else Fraction(0)
        ok = all(yi * (sum(t * v for t, v in zip(theta, x)) + theta0) > 0 for x, yi in zip(X, y))
        return (1.0, "this separator puts every point strictly on its own side") if ok else \
            (0.0, "some point has y(θ·x" + (" + θ₀" if offset else "") + ") ≤ 0 for this separator")
    return 0.0, "give θ" + (" (and θ₀)" if offset else "") + " or the weights λ"


def _sequence(part, text):
    value = parse(text)
    if not isinstance(value, tuple):
        raise AnswerError("expected a list, one entry per update")
    expected = part["expected"]
    for k, item in enumerate(value, 1):
        if k > len(expected) or canonical(item) != expected[k - 1]:
            return 0.0, f"update {k} is the first wrong one (or there is no update {k}); the {k - 1} before it " + \
                ("is" if k == 2 else "are") + " right"
    if len(value) < len(expected):
        return 0.0, f"all {len(value)} updates given are right, but the run makes more updates"
    return 1.0, "correct"


def check_part(part, given, data):
    """(score, feedback) for one part; `given` maps the part's input names to the student's texts."""
    try:
        if part["type"] == "certificate":
            return _certificate(part, given, data)
        text = given.get(part["input"])
        if text is None or not str(text).strip():
            return 0.0, "missing"
        if part["type"] == "verdict":
            return (1.0, "correct") if parse_bool(text) == part["expected"] else (0.0, "incorrect")
        if part["type"] == "sequence":
            return _sequence(part, text)
        value = as_set(parse(text)) if part["type"] == "set" else parse(text)
        return (1.0, "correct") if canonical(value) == part["expected"] else (0.0, "incorrect")
    except AnswerError as err:
        return 0.0, f"cannot read this answer: {err.message}"


def load_pool(path):
    with open(path, encoding="utf-8") as fh:
        return json.load(fh)

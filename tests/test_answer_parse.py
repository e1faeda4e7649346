"""Student-answer grammar: exact values, canonical strings, digests; everything else is an AnswerError."""

import hashlib
from fractions import Fraction

import pytest
import sympy
from hypothesis import given, settings, strategies as st

from exercises.answers.answer_parse import MAX_TEXT, as_set, canonical, parse_answer, parse_bool, parse_exact
from exercises.answers.kdf import Kdf
from rosenblatt.shared.errors import AnswerError
from rosenblatt.shared.numbers import fraction_str


def _short(value):
    return repr(value)[:30]


def _canon(text):
    return canonical(parse_answer(text))


@pytest.mark.parametrize("texts", [
    ("1.5", "3/2", "6/4", " 3 / 2 ", "(3)/(2)", "1 + 1/2", "-(-3/2)", "--1.5"),
    ("-0.8", "-4/5", "-8/10", "- 0.8", "0 - .8"),
    ("sqrt(8)/2", "sqrt(2)", "2*sqrt(2)/2", "sqrt(2/1)", "sqrt(18) - 2*sqrt(2)"),
    ("1/sqrt(2)", "sqrt(2)/2", "sqrt(1/2)", "sqrt(0.5)", "sqrt(2)/sqrt(4)"),
    ("1/(1 + sqrt(2))", "sqrt(2) - 1", "(sqrt(2) - 1)*(sqrt(2) + 1)/(sqrt(2) + 1)"),
    ("0", "-0", "0.000", "1 - 1", "0*sqrt(5)", "sqrt(0)", "+0"),
    ("1.", "1", "1.0", ".5 + .5", "2*0.5"),
    ("[1.5, -0.8]", "[3/2, -4/5]", "[ 6/4 ,-8/10 ]"),
    ("[[1, 2], [], [sqrt(8)]]", "[[1,2],[],[2*sqrt(2)]]"),
])
def test_equivalent_answers_share_one_canonical_form(texts):
    assert len({_canon(text) for text in texts}) == 1
    # check-answers reads answers without sympy; the digests must not change
    assert {canonical(parse_exact(text)) for text in texts} == {_canon(texts[0])}


@pytest.mark.parametrize("text, expected", [("-0.8", Fraction(-4, 5)), ("[1, 6/4]", (Fraction(1), Fraction(3, 2))),
                                            ("sqrt(4)", Fraction(2)), ("0*sqrt(5)", Fraction(0))])
def test_parse_exact_gives_fractions_for_rational_answers(text, expected):
    value = parse_exact(text)
    assert value == expected
    if isinstance(value, tuple):
        assert as_set(value) == as_set(parse_answer(text))
    assert all(type(v) is Fraction for v in (value if isinstance(value, tuple) else (value,)))


@pytest.mark.parametrize("text, expected", [
    ("3/2", sympy.Rational(3, 2)),
    ("-0.8", sympy.Rational(-4, 5)),
    ("sqrt(8)", 2 * sympy.sqrt(2)),
    ("sqrt(8)/2", sympy.sqrt(2)),
    ("1/sqrt(2)", sympy.sqrt(2) / 2),
    ("3*sqrt(6)/4 - 1/3 + sqrt(2)", 3 * sympy.sqrt(6) / 4 - sympy.Rational(1, 3) + sympy.sqrt(2)),
    ("sqrt(1/3)", sympy.sqrt(3) / 3),
    ("[1, [2, 3/4]]", (sympy.Integer(1), (sympy.Integer(2), sympy.Rational(3, 4)))),
    ("[]", ()),
])
def test_values_are_exact_sympy_numbers_and_tuples(text, expected):
    value = parse_answer(text)
    assert value == expected
    assert isinstance(value, tuple if isinstance(expected, tuple) else sympy.Expr)


@pytest.mark.parametrize("value, expected", [
    (Fraction(3, 2), "3/2"), (3, "3"), (-4, "-4"), (Fraction(-4, 5), "-4/5"), (0, "0"),
    (True, "true"), (False, "false"), (sympy.true, "true"),
    (sympy.sqrt(8) / 2, "sqrt(2)"), (1 / sympy.sqrt(2), "sqrt(2)/2"), (-3 * sympy.sqrt(2) / 4, "-3*sqrt(2)/4"),
    (1 + sympy.sqrt(2), "1 + sqrt(2)"), (sympy.sqrt(3) - sympy.Rational(1, 2), "-1/2 + sqrt(3)"),
    (1 / (1 + sympy.sqrt(2)), "-1 + sqrt(2)"), (sympy.Pow(1 + sympy.sqrt(2), -1, evaluate=False), "-1 + sqrt(2)"),
    ([1, Fraction(1, 2), (sympy.sqrt(8),)], "[1, 1/2, [2*sqrt(2)]]"), ((), "[]"),
])
def test_canonical_accepts_core_values(value, expected):
    assert canonical(value) == expected


@pytest.mark.parametrize("value, error", [
    (0.5, TypeError), ("3/2", TypeError), (None, TypeError), (sympy.pi, ValueError),
    (sympy.Symbol("x"), ValueError), (sympy.sqrt(sympy.sqrt(2)), ValueError), (sympy.Float(0.5), ValueError),
])
def test_canonical_rejects_inexact_or_unsupported_values(value, error):
    with pytest.raises(error):
        canonical(value)


@given(st.fractions(max_denominator=10**12).filter(lambda f: abs(f.numerator) < 10**30))
def test_fraction_strings_round_trip(value):
    assert _canon(fraction_str(value)) == canonical(value) == fraction_str(value)
    assert parse_answer(fraction_str(value)) == sympy.Rational(value.numerator, value.denominator)


@given(st.decimals(allow_nan=False, allow_infinity=False, places=6, min_value=-10**9, max_value=10**9))
def test_decimal_strings_are_exact(value):
    text = f"{value:f}"
    assert _canon(text) == canonical(Fraction(text))


@given(st.lists(st.fractions(max_denominator=1000).filter(lambda f: abs(f) < 10**6), max_size=8))
def test_lists_round_trip(values):
    text = "[" + ", ".join(fraction_str(v) for v in values) + "]"
    assert _canon(text) == canonical(values) == canonical(tuple(values))
    assert parse_answer(values) == parse_answer(text)  # a YAML list of numbers reads the same


@given(a=st.fractions(max_denominator=50), b=st.fractions(max_denominator=50),
       n=st.integers(1, 200), m=st.integers(1, 200))
def test_sqrt_arithmetic_matches_sympy(a, b, n, m):
    text = f"({fraction_str(a)})*sqrt({n}) + ({fraction_str(b)})*sqrt({m})"
    expected = sympy.Rational(a.numerator, a.denominator) * sympy.sqrt(n) + \
        sympy.Rational(b.numerator, b.denominator) * sympy.sqrt(m)
    assert _canon(text) == canonical(expected)
    assert sympy.simplify(parse_answer(text) - expected) == 0
    assert _canon(_canon(text)) == _canon(text)  # the canonical form parses back to itself


def test_digest_is_salted_slow_and_follows_canonical_form():
    kdf = Kdf("salt", 1000)
    key = kdf.digest("q1", canonical(Fraction(3, 2)))
    assert key == kdf.digest("q1", canonical(parse_answer("6/4"))) == kdf.digest("q1", canonical(parse_answer("1.5")))
    assert len(key) == 64 and int(key, 16) >= 0
    assert key != Kdf("pepper", 1000).digest("q1", "3/2") and key != kdf.digest("q2", "3/2")
    assert key != Kdf("salt", 1001).digest("q1", "3/2")  # the iteration count is part of the scheme
    assert kdf.digest("p", canonical([1, 2])) != kdf.digest("p", canonical([12]))
    # PBKDF2-HMAC-SHA256 as standardised (RFC 8018), so any WebCrypto computes the same
    assert key == hashlib.pbkdf2_hmac("sha256", b"3/2", b"rosenblatt-answer-v2|salt|q1", 1000).hex()
    assert kdf.digests([("a", "1"), ("b", "2"), ("a", "1")]) == [kdf.digest("a", "1"), kdf.digest("b", "2"),
                                                                 kdf.digest("a", "1")]


def test_sets_are_sorted_without_repeats():
    assert canonical(as_set(parse_answer("[3, 1, 1, 2/2, 0.5]"))) == "[1/2, 1, 3]"
    with pytest.raises(AnswerError, match="expected a list of rational numbers"):
        as_set(parse_answer("[sqrt(2)]"))


@pytest.mark.parametrize("text, expected", [
    ("true", True), ("False", False), (" YES ", True), ("no", False), (True, True), (False, False)])
def test_parse_bool(text, expected):
    assert parse_bool(text) is expected


@pytest.mark.parametrize("text", ["", "maybe", "1", "t", None, 1, [True]])
def test_parse_bool_rejects_other_words(text):
    with pytest.raises(AnswerError, match="expected true or false"):
        parse_bool(text)


@pytest.mark.parametrize("text, message", [
    ("", "empty"), ("   \n", "empty"), (None, "empty"),
    ("1/0", "division by zero at column 2"),
    ("1/(sqrt(2) - sqrt(2))", "division by zero at column 2"),
    ("sqrt(-1)", "square root of a negative number at column 1"),
    ("2 + sqrt(1 - 2)", "negative number at column 5"),
    ("__import__('os').system('x')", "column"),
    ("lambda: 0", "column 7"),
    ("os", "unknown name 'os' at column 1"),
    ("9**9**9", "exponentiation '\\*\\*' is not supported at column 2"),
    ("2^3", "exponentiation '\\^' is not supported at column 2"),
    ("(" * 10_000 + "1" + ")" * 10_000, "longer than"),
    ("(" * 500 + "1" + ")" * 500, "nesting deeper than 20 levels at column 21"),
    ("[" * 30 + "]" * 30, "nesting deeper than 20 levels"),
    ("9" * 10_000_000, "longer than"),
    ("9" * 41, "more than 40 digits at column 1"),
    ("*".join(["9" * 40] * 40), "4000 bits"),
    ([1] * 1001, "at most 1000 items"), (["[" + "1," * 998 + "1]"], None),
    ("1\x002", "control character U\\+0000 at column 2"),
    ("\u0663", "non-ASCII character"), ("1\u00a02", "non-ASCII"), ("\u202e1", "U\\+202E"), ("\ufeff1", "U\\+FEFF"),
    ("1.2.3", "two decimal points at column 1"), ("1e5", "'e5' at column 2"), ("2sqrt(2)", "column 2"),
    ("[1, 2", "expected ',' or ']' but found the end of the answer at column 6"), ("[1,]", "column 4"),
    ("[1] + 2", "column 5"), ("1 + [2]", "list cannot be used inside arithmetic at column 5"),
    ("sqrt 2", "expected '\\('"), ("sqrt(2", "expected '\\)'"), (")", "column 1"), ("1 +", "end of the answer"),
    ("sqrt(sqrt(2))", "rational number"), ("1/(1 + sqrt(2) + sqrt(3))", "more than two terms"),
    ("sqrt(7999999999993)", "too large|this large"), ("1\n+\n*2", "line 3, column 1"),
    ("+".join(f"sqrt({p})" for p in sympy.primerange(2, 100)), "more than 16 different square roots"),
    (True, "found bool"), ({"a": 1}, "found dict"), (float("nan"), "finite"), (10**2000, "4000 bits"),
    ([1, "x"], "list item 2: unknown name 'x'"),
], ids=_short)
def test_bad_answers_raise_one_clear_answer_error(text, message):
    if message is None:  # the boundary case parses
        parse_answer(text)
        return
    with pytest.raises(AnswerError, match=message) as info:
        parse_answer(text)
    assert "\n" not in str(info.value) and len(str(info.value)) < 200


def _parses_or_answer_error(text):
    try:
        value = parse_answer(text)
    except AnswerError as err:
        assert str(err) and "\n" not in str(err)
        return
    canonical(value)  # anything that parses also has a canonical form


@settings(max_examples=400)
@given(st.text(max_size=60))
def test_fuzz_arbitrary_text(text):
    _parses_or_answer_error(text)


_PIECES = ["1", "0", "9" * 40, ".5", "2.", "/", "*", "+", "-", "(", ")", "[", "]", ",", "sqrt(", "sqrt", " ",
           "0.0", "12345678901", "999999999989", "^", "**", "e", "\x00", "\u0663", "_"]


@settings(max_examples=400)
@given(st.lists(st.sampled_from(_PIECES), max_size=80))
def test_fuzz_grammar_pieces(pieces):
    _parses_or_answer_error("".join(pieces))


@settings(max_examples=100)
@given(st.recursive(st.one_of(st.integers(-10**6, 10**6), st.fractions(max_denominator=100), st.text(max_size=10)),
                    lambda inner: st.lists(inner, max_size=4), max_leaves=20))
def test_fuzz_yaml_shaped_values(value):
    _parses_or_answer_error(value)


@pytest.mark.parametrize("text", [
    "-" * (MAX_TEXT - 1) + "1",
    "+".join(f"0*sqrt({p})" for p in sympy.primerange(10**12 - 10**4, 10**12))[:MAX_TEXT].rsplit("+", 1)[0],
    "*".join(["(sqrt(2)+sqrt(3)+sqrt(5)+sqrt(7))"] * 60)[:MAX_TEXT].rsplit("*", 1)[0],
    "/".join(["(sqrt(2)+sqrt(3))"] * 200)[:MAX_TEXT].rsplit("/", 1)[0],
    "[" + ",".join(["1/3"] * 600)[:MAX_TEXT - 2] + "]",
], ids=_short)
def test_adversarial_answers_at_the_size_limits(text):
    _parses_or_answer_error(text)

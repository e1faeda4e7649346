"""What makes a roster fast changes no byte: both modular engines, remembering macros, attribute-read dicts, solve once."""

from __future__ import annotations

from fractions import Fraction

import jinja2
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from markupsafe import Markup

from exercises.answers import modular
from exercises.answers.timelock import TimeLock, sheet_trapdoor
from exercises.kinds.base import solved_once
from rosenblatt.shared import render, template
from rosenblatt.shared.templating import Fields, _key, environment

ENGINES = [modular.PYTHON] + ([modular.GMPY2] if modular.GMPY2 else [])


@pytest.mark.parametrize("engine", ENGINES, ids=lambda e: e.name)
@settings(max_examples=150, deadline=None)
@given(base=st.integers(0, 1 << 1100), exponent=st.integers(0, 1 << 400), modulus=st.integers(2, 1 << 1100),
       t=st.integers(0, 300))
def test_each_engine_computes_the_same_integers_as_pow(engine, base, exponent, modulus, t):
    assert engine.power(base, exponent, modulus) == pow(base, exponent, modulus)
    y = base % modulus
    for _ in range(t):
        y = y * y % modulus
    assert engine.squarings(base, t, modulus) == y
    assert type(engine.power(base, exponent, modulus)) is int and type(engine.squarings(base, t, modulus)) is int


@pytest.mark.skipif(modular.GMPY2 is None, reason="gmpy2 (the [fast] extra) is not installed")
def test_primes_digests_and_guesses_are_the_same_with_either_engine(monkeypatch):
    made = {}
    for engine in (modular.PYTHON, modular.GMPY2):
        monkeypatch.setattr(modular, "ENGINE", engine)
        door = sheet_trapdoor(77, "s00042")
        lock = TimeLock("ab" * 16, door.modulus, 3000)
        made[engine.name] = (door.primes, [lock.digest(door, "1.theta", f"[{k}, -2]") for k in range(5)],
                             lock.guess("1.theta", "[3, -2]"))
    assert made["python"] == made["gmpy2"]
    assert made["python"][1][3] == made["python"][2]  # the trapdoor's digest is what a guesser computes


def plain_environment() -> jinja2.Environment:
    """The project's Environment with jinja2's own Template class: macros that render every time."""
    env = environment().overlay(cache_size=0)
    env.template_class = jinja2.Template
    return env


LOOK_ALIKES = [  # (template, macro, arguments...) that a careless memory would take for one another
    ("exercises/format/md.j2", "row", [0.0], [-0.0], [0], [False], ["0"], [Fraction(0)], (0.0,)),
    ("exercises/format/md.j2", "p", "a $θ = \\num{(1, -2)}$ *b*", Markup("a $θ = \\num{(1, -2)}$ *b*")),
    ("exercises/format/html.j2", "p", "<b> $x \\le 0$", Markup("<b> $x \\le 0$")),
    ("exercises/format/html.j2", "row", ["<i>1</i>"], [Markup("<i>1</i>")], [1], [1.0], [True], ["1"]),
    ("exercises/format/tex.j2", "h", 1, True),
    ("exercises/format/html.j2", "lit", "<i>x</i>", Markup("<i>x</i>")),  # escaped, and not
]


@pytest.mark.parametrize("case", LOOK_ALIKES, ids=lambda c: f"{c[0][17:]}-{c[1]}")
def test_remembering_macros_tell_look_alike_arguments_apart(case):
    name, macro, *arguments = case
    plain = plain_environment().get_template(name).module
    for _ in range(2):  # the second round answers from what the first remembered
        for argument in arguments:
            args = (argument, "look-alikes") if macro == "h" else (argument,)
            got, want = getattr(template(name).module, macro)(*args), getattr(plain, macro)(*args)
            assert (got, type(got)) == (want, type(want))


def test_look_alike_arguments_have_distinct_keys():
    exact = frozenset({str, Markup, int, bool, type(None)})
    alike = [0, False, 0.0, -0.0, Fraction(0), "0", Markup("0"), None, "None", [0], (0,), ["0"], [Markup("0")],
             [[0]], Fraction(1, 2), "1/2", ("1/2",), [Fraction(1, 2)]]
    keys = [_key(value, exact) for value in alike]
    assert len(set(keys)) == len(alike) and _key({"a": 1}, exact) is None and _key([0, {}], exact) is None


@pytest.mark.parametrize("first", ["false", "true"])
def test_a_remembered_macro_follows_its_callers_autoescaping(first):
    second = {"false": "true", "true": "false"}[first]
    for escape in (first, second, first):
        source = ("{% autoescape " + escape + " %}{% import 'exercises/format/md.j2' as m %}"
                  "{{ m.lit('<a & b> " + first + "') }}|{{ m.p('x < $y$ " + first + "') }}{% endautoescape %}")
        assert environment().from_string(source).render() == plain_environment().from_string(source).render()


def test_keyword_calls_and_unkeyed_arguments_render_every_time():
    md = template("exercises/format/md.j2").module
    assert md.p(s="a_b") == md.p("a_b") == "a\\_b\n"
    assert md.row([{"x": 1}]) == plain_environment().get_template("exercises/format/md.j2").module.row([{"x": 1}])


def test_fields_read_keys_as_attributes_and_behave_as_the_dict():
    f = Fields({"rows": [1], "items": "a key"})
    assert f.rows == [1] and f == {"rows": [1], "items": "a key"} and callable(f.items)
    with pytest.raises(AttributeError):
        f.missing
    source = "{{ v.rows|length }} {{ v.items is callable }} {{ v.missing is defined }} {{ v.nested[0].k }}"
    data = {"rows": [1, 2], "items": 3, "nested": [{"k": "deep"}]}
    assert environment().from_string(source).render(v=Fields(data)) == \
        plain_environment().from_string(source).render(v=data) == "2 True False deep"
    handout = {"title": "T", "sheet": "v01", "student": "", "exercises": [
        {"number": 1, "kind": "hand_trace", "title": "x", "parts": [
            {"id": "theta", "label": "θ", "type": "exact", "example": "[1, 2]"}]}]}
    assert render("exercises/answers.yaml.j2", handout=handout) == \
        plain_environment().get_template("exercises/answers.yaml.j2").render(handout=handout)


def test_solve_once_answers_the_same_object_from_memory_and_an_equal_one_afresh():
    calls = []

    @solved_once
    def solve(data):
        calls.append(data)
        return ("solved", len(calls))

    first, twin = (1, 2), tuple([1, 2])
    assert solve(first) == solve(first) == ("solved", 1)
    assert solve(twin) == ("solved", 2) and len(calls) == 2  # equal but not the same object: solved again

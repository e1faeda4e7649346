"""Typeset mathematics: each exact number written one way per format, from its exact value; every kind's text typesets."""

from __future__ import annotations

import re
import xml.etree.ElementTree as ET

import pytest
import sympy
from hypothesis import given, settings, strategies as st

from exercises.generation.fragments import render_variant
from exercises.generation.spec import parse_spec
from exercises.generation.variants import build_sheets, variant_seeds
from exercises.kinds import KIND_NAMES
from rosenblatt.shared.mathtext import number_latex, plain, spans, to_mathml, to_plain, to_tex

MATHML = "{http://www.w3.org/1998/Math/MathML}"


def test_a_surd_is_written_one_way_per_format():
    assert to_tex(r"γ = \frac{3}{\sqrt{18}} = \num{sqrt(2)/2}") == r"$γ = \frac{3}{\sqrt{18}} = \frac{\sqrt{2}}{2}$"
    assert to_plain(r"γ = \frac{3}{\sqrt{18}} = \num{sqrt(2)/2}") == "γ = 3/sqrt(18) = sqrt(2)/2"
    assert to_plain(r"R = \sqrt{\num{18}} = \num{3*sqrt(2)}") == "R = sqrt(18) = 3*sqrt(2)"
    assert "<msqrt>" in to_mathml(r"\num{3*sqrt(2)}") and "sqrt(" not in to_mathml(r"\num{3*sqrt(2)}")


@given(st.fractions(), st.integers(1, 50))
@settings(max_examples=200, deadline=None)
def test_numbers_print_from_their_exact_value(q, root):
    value = sympy.Rational(q.numerator, q.denominator) * sympy.sqrt(root)
    text = sympy.sstr(value)
    # the plain form is the sympy text; the LaTeX form is sympy's printer of the same value
    assert to_plain(r"\num{" + text + "}") == text
    assert number_latex(text).strip("{}") == sympy.latex(value).strip("{}") or "frac" in number_latex(text)


def test_formulas_in_plain_text():
    assert plain(r"C(P, N) = 2 \sum_{k=0}^{N-1} \binom{P-1}{k}") == "C(P, N) = 2 Σ_{k=0}^{N-1} binom(P-1, k)"
    assert plain(r"w_{\max} \cdot θ_0 \le λ_i") == "wₘₐₓ · θ₀ ≤ λᵢ"
    with pytest.raises(ValueError):
        plain(r"\unknowncommand x")
    with pytest.raises(ValueError):
        spans("an $unbalanced span")


def _variants():
    spec = parse_spec({"title": "t", "exercises": [{"kind": kind} for kind in KIND_NAMES]}, "t", "t.yaml")
    for sheet in build_sheets(spec, variant_seeds(spec, 5, 3)):
        yield from sheet.variants


@pytest.mark.parametrize("fmt", ["md", "tex", "html", "moodle", "qti", "term"])
def test_every_kind_typesets_its_math(fmt):
    for v in _variants():
        for role, text in render_variant(v, [fmt])[fmt].items():
            if fmt == "md":  # one plain form: no TeX left, no Unicode roots beside sqrt()
                assert "\\frac" not in text and "\\sqrt" not in text and "√" not in text and "$" not in text
            if fmt == "tex":  # numbers in math mode; no programmer notation
                assert "sqrt(" not in text and "binom(" not in text and "\\_" not in text.split("\\section")[0]
            if fmt in ("moodle", "term"):  # MathJax's \( \) for Moodle; the plain form in a terminal
                assert "$" not in text and "\\frac{" not in text.replace("\\(", "").split("\\)")[-1]
                assert "sqrt(" not in text if fmt == "moodle" else "\\sqrt" not in text
            if fmt in ("html", "qti"):
                assert "sqrt(" not in text and "binom(" not in text and "$" not in text
                for m in re.findall(r"<math>.*?</math>", text, flags=re.S):
                    ET.fromstring(m.replace("<math>", f'<math xmlns="{MATHML[1:-1]}">'))


def test_chromium_lays_out_the_keys_mathml_natively(tmp_path):
    """key.html in a real browser: fractions stack (a fraction is taller than the line's text), roots draw a radical,
    and no `$`, `\\frac` or `sqrt(` is left in the text a reader sees."""
    from browser_helpers import chromium
    from exercises.cli.main import main

    assert main(["generate", "mistake_bound", "cover_count", "--seed", "2", "--format", "html", "--out",
                 str(tmp_path / "o"), "--quiet", "--kdf-iterations", "1000"]) == 0
    with chromium() as driver:
        driver.get((tmp_path / "o" / "key.html").as_uri())
        sizes = driver.execute_script("""
            const frac = document.querySelector('mfrac'), line = document.querySelector('p');
            return {frac: frac.getBoundingClientRect().height, maths: document.querySelectorAll('math').length,
                    sqrt: document.querySelector('msqrt').getBoundingClientRect().width,
                    text: document.body.innerText,
                    line: parseFloat(getComputedStyle(line).fontSize)};""")
    assert sizes["maths"] > 20 and sizes["sqrt"] > 0
    assert sizes["frac"] > 1.4 * sizes["line"]  # numerator over denominator, not a/b on one line
    assert "$" not in sizes["text"] and "\\frac" not in sizes["text"] and "sqrt(" not in sizes["text"]

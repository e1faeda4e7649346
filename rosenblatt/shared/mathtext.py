"""Typeset mathematics in running text: `$…$` spans of LaTeX, exact numbers as `\\num{sympy text}`, per format.

Templates write a sentence once, with its math between dollars (`$γ = \\num{sqrt(2)/2}$`); each format's `t`
macro renders it: LaTeX keeps the span in math mode, with numbers through sympy's LaTeX printer; HTML turns it
into MathML (latex2mathml), which browsers render natively, with no script and no network; Markdown and plain
text write one plain form, with numbers exactly as students type them (`sqrt(2)/2`, `-4/5`). A number is
written one way within a format, as its exact value gives it.

The conversions are pure, and a roster repeats most texts thousands of times, so each format's conversion keeps its
recent results (per argument type: a Markup and a str of the same text are escaped differently).
"""

from __future__ import annotations

import functools
import re
from fractions import Fraction

_NUM = re.compile(r"\\num\{((?:[^{}]|\{[^{}]*\})*)\}")
_RATIONAL = re.compile(r"([+-]?)([0-9]+)(?:/([0-9]+))?")
_DECIMAL = re.compile(r"-?[0-9]+\.[0-9]+")
_BOTH = re.compile(r"(.+) \(= (.+)\)")
_COMMAND = re.compile(r"\\([A-Za-z]+|.)")


def spans(text: str) -> list[tuple[bool, str]]:
    """Split text into (is_math, piece) pairs at `$`; an odd number of dollars is a template error."""
    pieces = str(text).split("$")
    if len(pieces) % 2 == 0:
        raise ValueError(f"unbalanced $ in {text!r}")
    return [(i % 2 == 1, piece) for i, piece in enumerate(pieces) if piece]


# ---- numbers -------------------------------------------------------------------------------------------------

def _split_vector(text: str) -> list[str] | None:
    """`(1, -1/2)` -> ['1', '-1/2'] (commas at depth 1 only); None for a scalar."""
    text = text.strip()
    if not (text.startswith("(") and text.endswith(")")) or "," not in text:
        return None
    items, depth, start = [], 0, 1
    for i, ch in enumerate(text):
        depth += ch == "("
        depth -= ch == ")"
        if depth == 0 and i != len(text) - 1:
            return None  # `(1)/2`: a parenthesised scalar
        if ch == "," and depth == 1:
            items.append(text[start:i])
            start = i + 1
    items.append(text[start:-1])
    return [item.strip() for item in items]


@functools.lru_cache(maxsize=4096)
def number_latex(text: str) -> str:
    """An exact number (or vector of them) in sympy syntax, as LaTeX from its exact value."""
    text = text.strip()
    both = _BOTH.fullmatch(text)
    if both:
        return f"{number_latex(both.group(1))} \\;(= {number_latex(both.group(2))})"
    items = _split_vector(text)
    if items is not None:
        return "(" + ", ".join(number_latex(item) for item in items) + ")"
    match = _RATIONAL.fullmatch(text)
    if match:
        sign, num, den = match.groups()
        return _signed(sign + (f"\\frac{{{num}}}{{{den}}}" if den else num))
    if _DECIMAL.fullmatch(text):
        return _signed(text)
    import sympy

    value = sympy.sympify(text, rational=True)  # our own exact_str output, never user text
    if not value.is_number:
        raise ValueError(f"not an exact number: {text!r}")
    return _signed(sympy.latex(value))


def _signed(latex: str) -> str:
    """A negative number as one group, so that its minus is a sign (`(−1, 0)`), not a binary operator."""
    return "{" + latex + "}" if latex.startswith("-") else latex


def _expand_numbers(math: str, plain: bool) -> str:
    return _NUM.sub(lambda m: m.group(1) if plain else number_latex(m.group(1)), math)


# ---- LaTeX -> plain text (the subset the templates use) -------------------------------------------------------

_SYMBOLS = {
    "cdot": "·", "le": "≤", "ge": "≥", "leq": "≤", "geq": "≥", "ne": "≠", "leftarrow": "←", "gets": "←",
    "lfloor": "⌊", "rfloor": "⌋", "|": "‖", "lVert": "‖", "rVert": "‖", "max": "max", "min": "min",
    "sum": "Σ", "nabla": "∇", "in": "∈", "times": "×", "quad": "  ", ",": " ", ";": " ", " ": " ",
    "left": "", "right": "", "{": "{", "}": "}", "theta": "θ", "gamma": "γ", "lambda": "λ", "alpha": "α",
    "eta": "η", "Sigma": "Σ", "to": "→", "ldots": "…", "dots": "…", "infty": "∞", "%": "%",
}
_SUBSCRIPT = str.maketrans("0123456789iamx", "₀₁₂₃₄₅₆₇₈₉ᵢₐₘₓ")
_SUPERSCRIPT = str.maketrans("0123456789+-−*", "⁰¹²³⁴⁵⁶⁷⁸⁹⁺⁻⁻*")


def _group(src: str, i: int) -> tuple[str, int]:
    """The braced group (or single character / command) starting at src[i]; returns (content, next index)."""
    while i < len(src) and src[i] == " ":
        i += 1
    if i >= len(src):
        raise ValueError(f"missing argument at the end of {src!r}")
    if src[i] == "{":
        depth = 0
        for j in range(i, len(src)):
            depth += {"{": 1, "}": -1}.get(src[j], 0)
            if depth == 0:
                return src[i + 1:j], j + 1
        raise ValueError(f"unbalanced braces in {src!r}")
    command = _COMMAND.match(src, i)
    if command:
        return src[i:command.end()], command.end()
    return src[i], i + 1


def _atom(text: str) -> str:
    """Parenthesise a plain operand of `/` unless it is one token (`3`, `sqrt(2)`, `γ`, `(…)²`)."""
    if re.fullmatch(r"-?[\w.·²ᵢ^*]+|‖[^‖]*‖|[\w]+\([^()]*\)", text) or _enclosed(text.rstrip("⁰¹²³⁴⁵⁶⁷⁸⁹")):
        return text
    return f"({text})"


def _enclosed(text: str) -> bool:
    """Whether text is one parenthesised group: `(min y(w·x))`, not `(a) + (b)`."""
    if not (text.startswith("(") and text.endswith(")")):
        return False
    depth = 0
    for k, ch in enumerate(text):
        depth += {"(": 1, ")": -1}.get(ch, 0)
        if depth == 0 and k != len(text) - 1:
            return False
    return True


def _script(text: str, mark: str) -> str:
    if mark == "^" and text == "*":
        return "*"
    if mark == "^" and all(ch in "0123456789" for ch in text):
        return text.translate(_SUPERSCRIPT)
    if mark == "_" and all(ch in "0123456789iamx" for ch in text):
        return text.translate(_SUBSCRIPT)
    return mark + (text if len(text) == 1 or text.isalnum() else "{" + text + "}")


def plain(src: str) -> str:
    """LaTeX math of the templates' subset as one plain line (`\\frac{\\sqrt{2}}{2}` -> `sqrt(2)/2`)."""
    out, i = [], 0
    while i < len(src):
        ch = src[i]
        if ch in "^_":
            arg, i = _group(src, i + 1)
            out.append(_script(plain(arg), ch))
        elif ch == "{":
            arg, i = _group(src, i)
            out.append(plain(arg))
        elif ch == "\\":
            i = _command(src, i, out)
        else:
            out.append(ch)
            i += 1
    return "".join(out)


def _command(src: str, i: int, out: list[str]) -> int:
    match = _COMMAND.match(src, i)
    name, i = match.group(1), match.end()
    if name == "frac":
        num, i = _group(src, i)
        den, i = _group(src, i)
        out.append(f"{_atom(plain(num))}/{_atom(plain(den))}")
    elif name in ("sqrt", "binom"):
        first, i = _group(src, i)
        if name == "binom":
            second, i = _group(src, i)
            out.append(f"binom({plain(first)}, {plain(second)})")
        else:
            out.append(f"sqrt({plain(first)})")
    elif name in ("text", "mathrm", "operatorname", "mathbf"):
        arg, i = _group(src, i)
        out.append(plain(arg))
    elif name == "," and src.startswith("(", i):
        pass  # `y\,(θ·x)`: the thin space is typography; plain text writes y(θ·x)
    elif name in _SYMBOLS:
        if name == "rfloor" and out and out[-1] == " ":
            out.pop()
        out.append(_SYMBOLS[name])
        while name in ("nabla", "lfloor") and i < len(src) and src[i] == " ":
            i += 1
    else:
        raise ValueError(f"no plain form for \\{name} in {src!r}")
    return i


# ---- per format ------------------------------------------------------------------------------------------------

SEEN = 16_384  # results kept per conversion


@functools.lru_cache(maxsize=SEEN, typed=True)
def to_tex(math: str) -> str:
    return "$" + _expand_numbers(math, plain=False) + "$"


@functools.lru_cache(maxsize=8192)
def to_mathml(math: str) -> str:
    """The span as one inline MathML element (numeric character references only: valid in HTML and XML)."""
    import latex2mathml.converter

    return latex2mathml.converter.convert(_expand_numbers(math, plain=False)).replace(
        '<math xmlns="http://www.w3.org/1998/Math/MathML" display="inline">', '<math>')


@functools.lru_cache(maxsize=SEEN, typed=True)
def to_plain(math: str) -> str:
    text = re.sub(" {2,}", " ", plain(_expand_numbers(math, plain=True)))
    return text.replace(" · ", "·")


def num(value) -> str:
    """Jinja filter `num`: an exact value's text as a number inside a math span."""
    return "\\num{" + str(value) + "}"


def mnum(value) -> str:
    """Jinja filter `mnum`: an exact value's text as a math span of its own."""
    return "$\\num{" + str(value) + "}$"


@functools.lru_cache(maxsize=SEEN, typed=True)
def html_text(text) -> "markupsafe.Markup":
    """Jinja filter `mathhtml`: escaped text with each math span as MathML, kept on one line with the bracket or
    punctuation that touches it (so a line never starts with the `)` after `≤ 0`)."""
    from markupsafe import Markup, escape

    pieces = spans(text)
    out: list = []
    for k, (math, piece) in enumerate(pieces):
        if not math:
            if k > 0 and pieces[k - 1][0]:
                piece = piece.lstrip(".,;:)")  # glued to the math before it
            if k + 1 < len(pieces) and piece.endswith("(") and len(piece) > 1:
                piece = piece[:-1]  # glued to the math after it
            out.append(escape(piece))
            continue
        before = "(" if k > 0 and pieces[k - 1][1].endswith("(") and len(pieces[k - 1][1]) > 1 else ""
        after = ""
        if k + 1 < len(pieces):
            nxt = pieces[k + 1][1]
            after = nxt[:len(nxt) - len(nxt.lstrip(".,;:)"))]
        element = Markup(to_mathml(piece))
        out.append(Markup('<span style="white-space:nowrap">%s%s%s</span>') % (before, element, after) if before or after else element)
    return Markup("").join(out)


@functools.lru_cache(maxsize=SEEN, typed=True)
def to_mathjax(math: str) -> str:
    """The span as LaTeX between `\\(` and `\\)`, as MathJax (Moodle's filter) reads it."""
    return "\\(" + _expand_numbers(math, plain=False) + "\\)"


def code_spans(text) -> "markupsafe.Markup":
    """Jinja filter `codespans`: escaped text in which each `…` span (Markdown code) is an HTML <code> element."""
    from markupsafe import Markup, escape

    pieces = str(text).split("`")
    if len(pieces) % 2 == 0:  # an unpaired backtick stays as typed
        return escape(text)
    return Markup("").join(Markup("<code>%s</code>") % p if k % 2 else escape(p) for k, p in enumerate(pieces))

"""Geometry for 2-D figures (points by label, separators, boundaries after each update); markup lives in templates."""

from __future__ import annotations

import math
from dataclasses import dataclass
from fractions import Fraction
from typing import Sequence

SVG_SIZE = 300  # pixels, square
TIKZ_SIZE = 6.0  # centimetres, square


@dataclass(frozen=True)
class Line:
    """The boundary θ·x + θ₀ = 0 to draw; role is separator, update, final, origin or offset."""

    theta: tuple[Fraction, ...]
    theta0: Fraction
    role: str
    label: str = ""


@dataclass(frozen=True)
class Mark:
    """A point, in SVG pixels and TikZ centimetres (fixed-precision strings, so output is byte-stable)."""

    sx: str
    sy: str
    tx: str
    ty: str
    positive: bool
    label: str
    anchor: str = "start"  # the label's side: end for a point near the right edge
    below: bool = False  # the label goes under a point near the top edge


@dataclass(frozen=True)
class Segment:
    """A boundary clipped to the plot box, and where its label goes: inside the box, near the second end, on the
    inner side (`anchor` start or end), moved along so that no two labels sit on each other."""

    sx1: str
    sy1: str
    sx2: str
    sy2: str
    tx1: str
    ty1: str
    tx2: str
    ty2: str
    role: str
    label: str
    lx: str = "0"
    ly: str = "0"
    anchor: str = "start"
    ltx: str = "0"
    lty: str = "0"


@dataclass(frozen=True)
class Tick:
    """An integer tick on an axis: its mark in SVG and TikZ, and its number (empty when left unlabelled)."""

    sx: str
    sy: str
    tx: str
    ty: str
    axis: str  # x or y
    text: str

@dataclass(frozen=True)
class Band:
    """The margin band |θ·x + θ₀| ≤ 1 of a separator, clipped to the plot box, as polygon point lists."""

    svg_points: str
    tikz_points: str


@dataclass(frozen=True)
class Figure:
    size: int
    tikz_size: str
    marks: tuple[Mark, ...]
    segments: tuple[Segment, ...]
    axes: Segment
    axes_y: Segment
    box: tuple[str, str, str, str]  # x-min, x-max, y-min, y-max: integers, exact
    caption: str
    bands: tuple[Band, ...] = ()
    ticks: tuple[Tick, ...] = ()


def _fmt(v: float) -> str:
    return f"{v:.2f}"


class _Box:
    """The square plot window, in data units (floats: drawing only, never an answer)."""

    def __init__(self, lo_x: float, hi_x: float, lo_y: float, hi_y: float):
        self.lo_x, self.hi_x, self.lo_y, self.hi_y = lo_x, hi_x, lo_y, hi_y
        self.span = max(hi_x - lo_x, hi_y - lo_y)

    def svg(self, x: float, y: float) -> tuple[str, str]:
        scale = SVG_SIZE / self.span
        return _fmt((x - self.lo_x) * scale), _fmt(SVG_SIZE - (y - self.lo_y) * scale)

    def tikz(self, x: float, y: float) -> tuple[str, str]:
        scale = TIKZ_SIZE / self.span
        return _fmt((x - self.lo_x) * scale), _fmt((y - self.lo_y) * scale)

    def clip(self, a: float, b: float, c: float) -> list[tuple[float, float]]:
        """Where a·x + b·y + c = 0 meets the box border (0 or 2 points)."""
        hi_x, hi_y = self.lo_x + self.span, self.lo_y + self.span
        eps = 1e-9 * self.span
        found: list[tuple[float, float]] = []
        if b != 0:
            for x in (self.lo_x, hi_x):
                y = -(a * x + c) / b
                if self.lo_y - eps <= y <= hi_y + eps:
                    found.append((x, y))
        if a != 0:
            for y in (self.lo_y, hi_y):
                x = -(b * y + c) / a
                if self.lo_x - eps <= x <= hi_x + eps:
                    found.append((x, y))
        unique = sorted({(round(x, 9), round(y, 9)) for x, y in found})
        return [unique[0], unique[-1]] if len(unique) >= 2 else []

    def segment(self, p: tuple[float, float], q: tuple[float, float], role: str, label: str,
                taken: list[tuple[float, float]] | None = None) -> Segment:
        """The segment p–q; its label 12% in from q, on the side towards the box's centre, clear of `taken`."""
        spot, anchor = self.label_spot(p, q, taken if taken is not None else [])
        return Segment(*self.svg(*p), *self.svg(*q), *self.tikz(*p), *self.tikz(*q), role, label,
                       *self.svg(*spot), anchor, *self.tikz(*spot))

    def label_spot(self, p, q, taken: list[tuple[float, float]]) -> tuple[tuple[float, float], str]:
        centre = self.lo_x + self.span / 2
        for k in range(8):  # slide the label along the line until it is clear of the labels placed before it
            t = 0.88 - 0.1 * k
            spot = (p[0] + t * (q[0] - p[0]), p[1] + t * (q[1] - p[1]))
            if all(math.dist(spot, other) > self.span / 7 for other in taken):
                break
        taken.append(spot)
        return spot, ("end" if spot[0] > centre else "start")

    def ticks(self) -> tuple[Tick, ...]:
        """A tick at every integer of both axes; numbers every `step` (1, 2 or 5), never at 0 or the box's edge."""
        step = 1 if self.span <= 10 else 2 if self.span <= 20 else 5
        out = []
        for axis, lo in (("x", self.lo_x), ("y", self.lo_y)):
            for k in range(math.ceil(lo), math.floor(lo + self.span) + 1):
                at = (k, 0.0) if axis == "x" else (0.0, k)
                edge = k in (math.ceil(lo), math.floor(lo + self.span))
                text = str(k) if k and k % step == 0 and not edge else ""
                out.append(Tick(*self.svg(*at), *self.tikz(*at), axis, text))
        return tuple(out)

    def band(self, a: float, b: float, c: float) -> Band | None:
        """The box cut down to -1 ≤ a·x + b·y + c ≤ 1 (Sutherland–Hodgman against the two half-planes)."""
        hi_x, hi_y = self.lo_x + self.span, self.lo_y + self.span
        poly = [(self.lo_x, self.lo_y), (hi_x, self.lo_y), (hi_x, hi_y), (self.lo_x, hi_y)]
        for sign in (1.0, -1.0):  # keep sign·(a x + b y + c) ≤ 1
            poly = _clip(poly, lambda x, y, s=sign: 1.0 - s * (a * x + b * y + c))
        if len(poly) < 3:
            return None
        svg = " ".join(",".join(self.svg(x, y)) for x, y in poly)
        tikz = " -- ".join("(" + ",".join(self.tikz(x, y)) + ")" for x, y in poly)
        return Band(svg, tikz + " -- cycle")


def _clip(poly: list[tuple[float, float]], inside) -> list[tuple[float, float]]:
    """One Sutherland–Hodgman pass: the part of a convex polygon where inside(x, y) ≥ 0."""
    out = []
    for k, p in enumerate(poly):
        q = poly[(k + 1) % len(poly)]
        fp, fq = inside(*p), inside(*q)
        if fp >= 0:
            out.append(p)
        if (fp >= 0) != (fq >= 0):
            t = fp / (fp - fq)
            out.append((p[0] + t * (q[0] - p[0]), p[1] + t * (q[1] - p[1])))
    return out


def _box(X: Sequence[Sequence[Fraction]]) -> _Box:
    """The square window with integer edges: one unit beyond the points and the origin on every side."""
    lo_x = math.floor(min([p[0] for p in X] + [Fraction(0)])) - 1
    hi_x = math.ceil(max([p[0] for p in X] + [Fraction(0)])) + 1
    lo_y = math.floor(min([p[1] for p in X] + [Fraction(0)])) - 1
    hi_y = math.ceil(max([p[1] for p in X] + [Fraction(0)])) + 1
    span = max(hi_x - lo_x, hi_y - lo_y)
    # centre the shorter side (in whole units) so the plot is square and unit lengths agree on both axes
    lo_x -= (span - (hi_x - lo_x)) // 2
    lo_y -= (span - (hi_y - lo_y)) // 2
    return _Box(lo_x, lo_x + span, lo_y, lo_y + span)


def scene(X: Sequence[Sequence[Fraction]], y: Sequence[int], lines: Sequence[Line] = (),
          caption: str = "", bands: Sequence[Line] = ()) -> Figure | None:
    """Lay out a 2-D figure; None for other dimensions (no figure is drawn).

    `bands` are separators whose margin band |θ·x + θ₀| ≤ 1 is shaded (scale θ, θ₀ so the margin is 1).
    """
    if not X or len(X[0]) != 2:
        return None
    box = _box(X)
    marks = tuple(_mark(box, p, yi, str(i + 1)) for i, (p, yi) in enumerate(zip(X, y)))
    segments, taken = [], [(float(p[0]), float(p[1])) for p in X]
    for line in lines:
        ends = box.clip(float(line.theta[0]), float(line.theta[1]), float(line.theta0))
        if ends:
            segments.append(box.segment(ends[0], ends[1], line.role, line.label, taken if line.label else []))
    hi = box.lo_x + box.span, box.lo_y + box.span
    axes = box.segment((box.lo_x, 0.0), (hi[0], 0.0), "axis", "x₁")
    axes_y = box.segment((0.0, box.lo_y), (0.0, hi[1]), "axis", "x₂")
    bounds = tuple(str(int(v)) for v in (box.lo_x, hi[0], box.lo_y, hi[1]))
    shaded = tuple(b for b in (box.band(float(ln.theta[0]), float(ln.theta[1]), float(ln.theta0)) for ln in bands) if b)
    return Figure(SVG_SIZE, _fmt(TIKZ_SIZE), marks, tuple(segments), axes, axes_y, bounds, caption,  # type: ignore[arg-type]
                  shaded, box.ticks())


def _mark(box: _Box, p: Sequence[Fraction], yi: int, label: str) -> Mark:
    """A point; its label goes to the left of a point near the right edge and under one near the top."""
    x, y = float(p[0]), float(p[1])
    near_right = x > box.lo_x + box.span * 0.85
    near_top = y > box.lo_y + box.span * 0.9
    return Mark(*box.svg(x, y), *box.tikz(x, y), yi > 0, label, "end" if near_right else "start", near_top)

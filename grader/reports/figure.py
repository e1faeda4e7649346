"""Geometry for the 2-D feedback figure: points and boundary lines mapped into an SVG viewport (numbers only)."""

from __future__ import annotations

from fractions import Fraction
from typing import Sequence

SIZE = 260
PAD = 20


def _clip(theta: Sequence[float], theta0: float, box: tuple[float, float, float, float]):
    """The segment of the line θ·x + θ₀ = 0 inside the box (x0, x1, y0, y1), or None."""
    a, b = float(theta[0]), float(theta[1])
    x0, x1, y0, y1 = box
    pts = []
    if b != 0:
        for x in (x0, x1):
            y = -(a * x + theta0) / b
            if y0 <= y <= y1:
                pts.append((x, y))
    if a != 0:
        for y in (y0, y1):
            x = -(b * y + theta0) / a
            if x0 <= x <= x1:
                pts.append((x, y))
    pts = sorted(set(pts))
    return (pts[0], pts[-1]) if len(pts) >= 2 and pts[0] != pts[-1] else None


def figure(X, y, lines: Sequence[tuple[str, Sequence[Fraction], Fraction]]) -> dict | None:
    """Points and labelled boundary segments in SVG coordinates (y axis up); None unless the data are 2-D."""
    if not X or len(X[0]) != 2:
        return None
    xs, ys = [float(p[0]) for p in X], [float(p[1]) for p in X]
    half = max(1.0, max(map(abs, xs + ys))) * 1.25
    box = (-half, half, -half, half)
    scale = (SIZE - 2 * PAD) / (2 * half)

    def sx(v: float) -> float:
        return round(PAD + (v + half) * scale, 2)

    def sy(v: float) -> float:
        return round(SIZE - PAD - (v + half) * scale, 2)

    points = [{"x": sx(a), "y": sy(b), "label": int(lab)} for a, b, lab in zip(xs, ys, y)]
    segs = []
    for kind, theta, theta0 in lines:
        if theta is None or not any(theta):
            continue
        coef = [Fraction(v) for v in (*theta[:2], theta0 or 0)]
        top = max(abs(v) for v in coef)  # the line is the same after scaling: keep floats in [-1, 1]
        a, b, c = (float(v / top) for v in coef)
        seg = _clip((a, b), c, box)
        if seg:
            (ax, ay), (bx, by) = seg
            segs.append({"kind": kind, "x1": sx(ax), "y1": sy(ay), "x2": sx(bx), "y2": sy(by)})
    return {"size": SIZE, "points": points, "lines": segs, "origin": {"x": sx(0), "y": sy(0)}}

"""Figures that read well: labels inside the box and apart, integer ranges and ticks, one palette everywhere."""

from __future__ import annotations

import math
import re
import xml.etree.ElementTree as ET
from fractions import Fraction

import pytest

from exercises.generation.fragments import render_variant
from exercises.generation.spec import parse_spec
from exercises.generation.variants import build_sheets, variant_seeds
from exercises.kinds import KIND_NAMES, get_kind
from exercises.kinds.figures import Line, scene
from exercises.kinds.hinge_update import _same_boundary

SVG = "{http://www.w3.org/2000/svg}"


def _figures():
    for kind in KIND_NAMES:
        spec = parse_spec({"kind": kind, "unique": False}, kind, f"{kind}.yaml")
        for sheet in build_sheets(spec, variant_seeds(spec, 3, 40)):
            for v in sheet.variants:
                fig = get_kind(kind).figure(v.data, v.solution, True)
                if fig is not None:
                    yield kind, v, fig


def test_ranges_are_integers_with_a_tick_at_every_integer():
    for kind, v, fig in _figures():
        lo_x, hi_x, lo_y, hi_y = (int(b) for b in fig.box)
        assert hi_x - lo_x == hi_y - lo_y  # square, unit lengths agree
        assert len([t for t in fig.ticks if t.axis == "x"]) == hi_x - lo_x + 1
        assert len([t for t in fig.ticks if t.axis == "y"]) == hi_y - lo_y + 1


def test_line_labels_sit_inside_the_box_and_apart():
    for kind, v, fig in _figures():
        spots = []
        for s in fig.segments:
            if s.label:
                x, y = float(s.lx), float(s.ly)
                assert 0 <= x <= fig.size and 0 <= y <= fig.size, (kind, v.id, s.label)
                spots.append((x, y))
        for a, b in zip(spots, spots[1:]):
            assert math.dist(a, b) > 1, (kind, v.id)


def test_a_step_that_keeps_the_boundary_draws_one_labelled_line():
    assert _same_boundary((Fraction(1), Fraction(2)), (Fraction(2), Fraction(4)))
    assert not _same_boundary((Fraction(1), Fraction(2)), (Fraction(-1), Fraction(-2)))
    fig = scene([(Fraction(1), Fraction(1))], [1], [Line((Fraction(1), Fraction(2)), Fraction(0), "final",
                                                         "before = after")])
    assert [s.label for s in fig.segments] == ["before = after"]


@pytest.mark.parametrize("fmt", ["html"])
def test_the_same_thing_has_the_same_colour_in_exercises_and_feedback(fmt):
    from rosenblatt.shared import render

    kind, v, fig = next(f for f in _figures() if f[0] == "mistake_bound")
    svg = render_variant(v, [fmt])[fmt]["key"]
    grader = render("grader/figure_image.svg", fig={"size": 100, "origin": {"x": 50, "y": 50}, "points": [
        {"x": 10, "y": 10, "label": 1}, {"x": 20, "y": 20, "label": -1}], "lines": [
        {"kind": "expected", "x1": 0, "y1": 0, "x2": 1, "y2": 1}, {"kind": "yours", "x1": 0, "y1": 1, "x2": 1, "y2": 0}]})
    for colour in re.findall(r'<circle[^>]*fill="(#[0-9a-f]+)"', svg) + re.findall(r'<rect x="[-0-9.]+" y="[-0-9.]+" width="11"[^>]*fill="(#[0-9a-f]+)"', svg):
        assert colour in grader
    separator = re.search(r'class="separator"[^>]*stroke="(#[0-9a-f]+)"', svg).group(1)
    assert f'class="expected" x1="0" y1="0" x2="1" y2="1" stroke="{separator}"' in grader


def test_the_caption_fits_the_figure():
    """Each caption line fits the SVG's width at 11 px sans-serif (at most ~6.5 px a character)."""
    for kind, v, fig in _figures():
        ranges = f"x₁ from {fig.box[0]} to {fig.box[1]}, x₂ from {fig.box[2]} to {fig.box[3]}"
        assert len(ranges) * 6.5 <= fig.size + 20, (kind, v.id, ranges)

"""The definitions the pages share with the server: the SVG draws in the same palette."""

from __future__ import annotations

import re

from rotation61.geometry import CONTACT_TOL_IN, EPS_IN, TABLE_9FT, Point
from rotation61.web.presenters.drawing import draw_table
from rotation61.web.presenters.shared import (
    BALL_COLOURS,
    CUE_COLOUR,
    STRIPE_GROUND,
    ball_colour,
    browser_shared,
)


def test_the_svg_draws_every_ball_in_the_shared_palette() -> None:
    placed = {b: Point(5.0 + 6.0 * b, 25.0) for b in range(16)}
    svg = draw_table(TABLE_9FT, placed)
    for ball in range(16):
        group = re.search(rf'<g class="ball" data-ball="{ball}">(.*?)</g>', svg)
        assert group is not None, ball
        fills = re.findall(r'fill="(#[0-9a-f]{6})"', group.group(1))
        assert ball_colour(ball) in fills, (ball, fills)
        assert (STRIPE_GROUND in fills) == (ball > 8), (ball, fills)
    assert ball_colour(0) == CUE_COLOUR != BALL_COLOURS[8]


def test_the_pages_carry_the_palette_and_the_geometrys_tolerances() -> None:
    shared = browser_shared()
    assert shared["tolerances"] == {"position_in": EPS_IN, "contact_in": CONTACT_TOL_IN}
    assert shared["palette"] == {
        "balls": {str(n): BALL_COLOURS[n] for n in range(1, 9)},
        "cue": CUE_COLOUR,
        "stripe_ground": STRIPE_GROUND,
    }

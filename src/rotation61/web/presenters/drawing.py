"""SVG drawings of the table: where each spotted ball goes (from the geometry layer).

The app keeps ball positions only when the user provides them. Otherwise the balls on
the table are unknown and the drawing shows the spotting positions on an empty long
string, exactly as :func:`rotation61.geometry.spot_balls` places them.
"""

from __future__ import annotations

from collections.abc import Mapping
from html import escape
from typing import Final

from rotation61.geometry import Point, TableSpec, rack_layout, spot_balls
from rotation61.rules import Ball, RuleSet
from rotation61.web.presenters.shared import STRIPE_GROUND, ball_colour

__all__ = ["draw_table", "rerack_positions", "spot_positions"]

_PX_PER_IN: Final = 8.0
_RAIL_IN: Final = 4.0


def spot_positions(
    spec: TableSpec,
    rules: RuleSet,
    *,
    lowest: Ball | None,
    others: tuple[Ball, ...],
    occupied: Mapping[Ball, Point] | None = None,
) -> dict[Ball, Point]:
    """Where the spotted balls go, the other balls' positions being unknown (or given).

    Raises:
        GeometryError: only on a table too small for the balls.
    """
    return spot_balls(
        spec,
        occupied=occupied or {},
        cue_ball=None,
        lowest=lowest,
        others=others,
        cue_ball_gap=float(rules.cue_ball_spot_gap_in),
        direction=rules.spot_others_direction,
    )


def rerack_positions(spec: TableSpec, rules: RuleSet) -> dict[Ball, Point]:
    """The fifteen balls of a fresh rack (§III), for a re-rack drawing."""
    return rack_layout(spec, rules.rack_pattern)


def _ball_svg(ball: Ball, centre: Point, spec: TableSpec, *, ghost: bool) -> str:
    x = (centre.x + _RAIL_IN) * _PX_PER_IN
    y = (spec.width - centre.y + _RAIL_IN) * _PX_PER_IN
    r = spec.ball_radius * _PX_PER_IN
    colour = ball_colour(ball)
    opacity = ' opacity="0.45"' if ghost else ""
    parts = [f'<g class="ball" data-ball="{ball}"{opacity}>']
    if ball > 8:
        parts.append(f'<circle cx="{x:.1f}" cy="{y:.1f}" r="{r:.1f}" fill="{STRIPE_GROUND}"/>')
        parts.append(
            f'<rect x="{x - r:.1f}" y="{y - r * 0.55:.1f}" width="{2 * r:.1f}" '
            f'height="{1.1 * r:.1f}" fill="{colour}"/>'
        )
        parts.append(
            f'<circle cx="{x:.1f}" cy="{y:.1f}" r="{r:.1f}" fill="none" stroke="#222" '
            'stroke-width="1"/>'
        )
    else:
        parts.append(
            f'<circle cx="{x:.1f}" cy="{y:.1f}" r="{r:.1f}" fill="{colour}" stroke="#222" '
            'stroke-width="1"/>'
        )
    parts.append(f'<circle cx="{x:.1f}" cy="{y:.1f}" r="{r * 0.5:.1f}" fill="#fff"/>')
    parts.append(
        f'<text x="{x:.1f}" y="{y + r * 0.28:.1f}" font-size="{r * 0.8:.1f}" '
        f'text-anchor="middle" font-family="sans-serif" font-weight="bold">{ball}</text>'
    )
    parts.append("</g>")
    return "".join(parts)


def draw_table(
    spec: TableSpec,
    placed: Mapping[Ball, Point],
    *,
    known: Mapping[Ball, Point] | None = None,
    title: str = "",
) -> str:
    """An SVG of the table: head string, long string, foot spot and the placed balls.

    Args:
        spec: the table.
        placed: the balls to draw highlighted (the spotted ones), by centre.
        known: other balls whose positions are known, drawn faded.
        title: an accessible title (the spotting instruction).

    Returns:
        The ``<svg>`` element as a string.
    """
    w = (spec.length + 2 * _RAIL_IN) * _PX_PER_IN
    h = (spec.width + 2 * _RAIL_IN) * _PX_PER_IN
    s = _PX_PER_IN
    left, top = _RAIL_IN * s, _RAIL_IN * s
    cloth_w, cloth_h = spec.length * s, spec.width * s
    head_x = left + spec.head_string_x * s
    mid_y = top + (spec.width - spec.long_string_y) * s
    foot = spec.foot_spot
    foot_x = left + foot.x * s
    parts = [
        f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {w:.0f} {h:.0f}" '
        f'class="table-drawing" role="img" aria-label="{escape(title)}">',
        f"<title>{escape(title)}</title>",
        f'<rect x="0" y="0" width="{w:.0f}" height="{h:.0f}" rx="18" fill="#5b3a1e"/>',
        f'<rect x="{left:.0f}" y="{top:.0f}" width="{cloth_w:.0f}" height="{cloth_h:.0f}" '
        'fill="#1d7a46"/>',
        f'<line x1="{head_x:.1f}" y1="{top:.0f}" x2="{head_x:.1f}" y2="{top + cloth_h:.0f}" '
        'stroke="#dfe" stroke-width="1.5" stroke-dasharray="6 5"/>',
        f'<line x1="{left:.0f}" y1="{mid_y:.1f}" x2="{left + cloth_w:.0f}" y2="{mid_y:.1f}" '
        'stroke="#dfe" stroke-width="1" stroke-dasharray="2 6"/>',
        f'<circle cx="{foot_x:.1f}" cy="{mid_y:.1f}" r="3" fill="#fff"/>',
        f'<circle cx="{left + cloth_w / 2:.1f}" cy="{mid_y:.1f}" r="2" fill="#fff"/>',
    ]
    for ball, centre in sorted((known or {}).items()):
        parts.append(_ball_svg(ball, centre, spec, ghost=True))
    for ball, centre in placed.items():
        parts.append(_ball_svg(ball, centre, spec, ghost=False))
    parts.append("</svg>")
    return "".join(parts)

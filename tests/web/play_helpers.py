"""Scripted players for the play tests: strokes aimed at the ball in play.

A scripted player looks for a stroke that pots the ball in play (ghost-ball aim at each
pocket, two speeds, tried on the engine first) and otherwise plays straight at it; with
the cue ball in hand it places it in the kitchen on the long string or near it.
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from typing import Any

from rotation61.geometry import Point, get_table, placement_ok
from rotation61.sim import SimTable, Stroke, aim_at, ghost_ball_aim, simulate

BREAK = {"speed": 8.0, "b": -0.1}


def _layout(balls: Mapping[str, list[float]]) -> dict[int, Point]:
    return {int(b): Point(p[0], p[1]) for b, p in balls.items()}


def placement_for(view: Mapping[str, Any]) -> Point:
    """A legal kitchen spot for the cue ball (the geometry layer's own check)."""
    spec = get_table(view["table"]["name"])
    others = list(_layout(view["balls"]).values())
    for dx in (0.0, -4.0, -8.0, -12.0):
        for dy in (0.0, 6.0, -6.0, 12.0, -12.0, 18.0, -18.0):
            p = Point(spec.head_string_x - 5.0 + dx, spec.width / 2 + dy)
            if placement_ok(spec, p, others):
                return p
    raise AssertionError("no free kitchen spot")


def choose_stroke(view: Mapping[str, Any]) -> dict[str, Any]:
    """A stroke body for ``POST /api/play/{id}/shots`` aimed at the ball in play."""
    layout = _layout(view["balls"])
    placement = None
    if view["in_hand"]:
        placement = placement_for(view)
        layout[0] = placement
    cue = layout[0]
    lowest = view["lowest"]
    target = layout[lowest]
    body: dict[str, Any] = {"expected_seq": view["seq"]}
    if placement is not None:
        body["placement"] = [placement.x, placement.y]
    if view["board"]["is_break"]:
        return {**body, **BREAK, "phi": aim_at(cue, target)}
    table = SimTable.from_spec(get_table(view["table"]["name"]))
    best: tuple[float, float] | None = None
    for px, py, _r in view["table"]["pockets"]:
        pocket = Point(px, py)
        phi = ghost_ball_aim(cue, target, pocket)
        cut = abs((phi - aim_at(cue, target) + 180) % 360 - 180)
        if cut > 60:
            continue
        for speed in (2.0, 3.5):
            shot = simulate(layout, Stroke(speed=speed, phi=phi), table=table).shot
            if shot.first_contact == lowest and lowest in shot.pocketed and not shot.cue_pocketed:
                best = (speed, phi)
                break
        if best is not None:
            break
    speed, phi = best if best is not None else (2.5, aim_at(cue, target))
    return {**body, "speed": speed, "phi": phi}


def screen_point(
    view_attr: str, box: Mapping[str, float], table: Mapping[str, Any], x: float, y: float
) -> tuple[float, float]:
    """The page coordinates of a table point (inches) on the canvas (its ``data-view``)."""
    spec_w, spec_l = table["width"], table["length"]
    scale, rail, portrait, _cw, _ch = json.loads(view_attr)
    if portrait:
        px, py = (spec_w - y + rail) * scale, (spec_l - x + rail) * scale
    else:
        px, py = (x + rail) * scale, (spec_w - y + rail) * scale
    return box["x"] + px, box["y"] + py

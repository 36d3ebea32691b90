"""The play page's motion evaluator (``static/play_table.js``) against the engine, in
Debian's chromium, on shots that leave the cloth: a jump over a ball, a cue ball and an
object ball flying off the table. The browser's rest positions must be the engine's
(within 0.1 mm), and a ball off the table is not drawn at its last spot."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from rotation61.geometry import Point
from rotation61.sim import MotionState, Stroke, simulate
from rotation61.text import Language
from rotation61.web.presenters.play import shot_view
from rotation61.web.services.game import MOTIONS, ball_segments

pytestmark = pytest.mark.browser

SCRIPT = Path(__file__).resolve().parents[2] / "src/rotation61/web/static/play_table.js"
AIRBORNE = float(MOTIONS.index(MotionState.AIRBORNE))

SHOTS = {
    "jump_over": (
        {0: Point(35.0, 25.0), 2: Point(44.0, 25.0), 1: Point(65.0, 25.0), 3: Point(80.0, 45.0)},
        Stroke(speed=3.2, phi=0.0, theta=45.0),
    ),
    "cue_off": (
        {0: Point(30.0, 25.0), 1: Point(66.0, 25.0), 3: Point(20.0, 45.0)},
        Stroke(speed=5.0, phi=0.0, theta=30.0),
    ),
    "object_off": (
        {0: Point(30.0, 25.0), 1: Point(79.0, 25.0), 3: Point(20.0, 45.0)},
        Stroke(speed=5.0, phi=0.0, theta=45.0),
    ),
}


@pytest.mark.parametrize("name", list(SHOTS))
def test_the_browser_animates_flights_to_the_engine_rest_positions(browser: Any, name: str) -> None:
    layout, stroke = SHOTS[name]
    result = simulate(layout, stroke, trajectory=True)
    segments = ball_segments(result)
    assert any(row[8] == AIRBORNE for rows in segments.values() for row in rows)  # it flew
    view = shot_view(
        seq=1,
        start=layout,
        stroke=stroke,
        result=result,
        segments=segments,
        step=None,
        names=("A", "B"),
        lang=Language.EN,
    ).model_dump(mode="json")
    gone = sorted(set(layout) - {b for b, _ in result.positions} - {b for b, _ in result.pocketed})
    if name != "jump_over":
        assert gone  # a ball left the table
    page = browser.new_page()
    page.set_content("<!doctype html><html><body></body></html>")
    page.add_script_tag(path=str(SCRIPT))
    worst = page.evaluate("shot => R61Table.finalDeviation(shot).worst", view)
    assert worst < 0.1
    # in the middle of every flight, the browser draws the ball where the engine has it
    assert result.trajectory is not None
    for ball, rows in segments.items():
        for row, after in zip(rows, [*rows[1:], None], strict=True):
            if row[8] != AIRBORNE:
                continue
            end = after[0] if after is not None else result.duration
            t = (row[0] + end) / 2
            engine = result.trajectory.states_at(t)[ball]
            drawn = page.evaluate(
                "([shot, t, ball]) => R61Table.positionsAt(shot, t)[ball]", [view, t, str(ball)]
            )
            inch = view["params"]["inch"]
            gap_mm = (
                1000
                * ((drawn["x"] * inch - engine.x) ** 2 + (drawn["y"] * inch - engine.y) ** 2) ** 0.5
            )
            assert gap_mm < 0.1, (ball, t, gap_mm)
    # at the end, a ball that left the table is off the table in the browser too
    motions = page.evaluate(
        "shot => Object.fromEntries(Object.entries(R61Table.positionsAt(shot, shot.duration))"
        ".map(([b, p]) => [b, p.motion]))",
        view,
    )
    for ball in gone:
        assert motions[str(ball)] == "off_table", motions
    page.close()

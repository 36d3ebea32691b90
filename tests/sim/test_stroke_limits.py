"""The one set of stroke limits: its check, its readers in the engine, and the docs' tables."""

from __future__ import annotations

import math
import pathlib

import pytest

from rotation61.geometry import Point
from rotation61.sim import (
    STROKE_LIMITS,
    MiscueError,
    SimulationError,
    Stroke,
    StrokeLimits,
    StrokeOutOfRangeError,
    check_stroke,
    is_miscue,
    simulate,
)

DOCS = pathlib.Path(__file__).resolve().parents[2] / "docs"
TIP = STROKE_LIMITS.tip_offset


def test_the_limits_are_the_play_pages() -> None:
    assert (STROKE_LIMITS.max_speed, STROKE_LIMITS.max_elevation, TIP) == (12.0, 60.0, 0.5)
    assert STROKE_LIMITS.min_speed == 0.05


@pytest.mark.parametrize(
    "stroke",
    [
        Stroke(speed=STROKE_LIMITS.max_speed, phi=0.0),
        Stroke(speed=1e-6, phi=0.0, theta=STROKE_LIMITS.max_elevation),
        Stroke(speed=2.0, phi=0.0, a=TIP * 0.6, b=-TIP * 0.8),
    ],
)
def test_strokes_on_the_bounds_are_accepted(stroke: Stroke) -> None:
    assert check_stroke(stroke) is stroke


@pytest.mark.parametrize(
    ("stroke", "field", "value", "words"),
    [
        (Stroke(speed=12.5, phi=0.0), "speed", 12.5, "speed 12.5 m/s"),
        (Stroke(speed=2.0, phi=0.0, theta=61.0), "theta", 61.0, "elevation 61.0 degrees"),
        (Stroke(speed=2.0, phi=0.0, a=0.4, b=0.4), "tip_offset", math.hypot(0.4, 0.4), "miscue"),
    ],
)
def test_a_stroke_beyond_a_limit_is_refused_naming_the_value(
    stroke: Stroke, field: str, value: float, words: str
) -> None:
    with pytest.raises(StrokeOutOfRangeError, match=words) as caught:
        check_stroke(stroke)
    assert (caught.value.field, caught.value.value) == (field, value)
    assert isinstance(caught.value, ValueError)


def test_a_stricter_set_of_limits_is_applied() -> None:
    strict = StrokeLimits(max_speed=5.0, max_elevation=30.0, tip_offset=0.3)
    with pytest.raises(StrokeOutOfRangeError, match=r"speed 6\.0"):
        check_stroke(Stroke(speed=6.0, phi=0.0), strict)
    assert not is_miscue(Stroke(speed=2.0, phi=0.0, a=0.4))
    assert is_miscue(Stroke(speed=2.0, phi=0.0, a=0.4), strict)


@pytest.mark.parametrize(
    ("fields", "words"),
    [
        ({"max_speed": float("inf")}, "max_speed"),
        ({"min_speed": 0.0}, "min_speed 0.0"),
        ({"min_speed": 3.0, "max_speed": 2.0}, "min_speed 3.0"),
        ({"max_elevation": 90.0}, "max_elevation 90.0"),
        ({"tip_offset": 1.0}, "tip_offset 1.0"),
        ({"aim_offset": 0.0}, "aim_offset 0.0"),
        ({"aim_offset": 91.0}, "aim_offset 91.0"),
    ],
)
def test_bad_limits_are_refused(fields: dict[str, float], words: str) -> None:
    with pytest.raises(SimulationError, match=words):
        StrokeLimits(**fields)


def test_the_engine_refuses_a_stroke_beyond_the_miscue_limit() -> None:
    layout = {0: Point(25.0, 25.0), 1: Point(75.0, 25.0)}
    past = Stroke(speed=2.0, phi=0.0, a=TIP + 1e-6)
    with pytest.raises(MiscueError, match=f"miscue limit {TIP!r}"):
        simulate(layout, past)
    assert simulate(layout, Stroke(speed=2.0, phi=0.0, a=TIP)).shot.first_contact == 1


def test_the_docs_tables_state_the_limits() -> None:
    lim = STROKE_LIMITS
    web = (DOCS / "web.md").read_text(encoding="utf-8")
    envs = (DOCS / "ai-environments.md").read_text(encoding="utf-8")
    physics = (DOCS / "physics.md").read_text(encoding="utf-8")
    assert f"in (0, {lim.max_speed:g}] m/s, elevation in [0, {lim.max_elevation:g}]°" in web
    assert f"speed {lim.min_speed:g}..{lim.max_speed:g} m/s" in envs
    assert f"elevation θ 0..{lim.max_elevation:g}°" in envs
    assert f"within the miscue limit ({lim.tip_offset:g})" in envs
    assert f"offset -{lim.aim_offset:g}..{lim.aim_offset:g}° from the ghost-ball aim" in envs
    assert f"| speed | (0, {lim.max_speed:g}] m/s accepted; {lim.min_speed:g} m/s" in physics
    assert f"| elevation | [0, {lim.max_elevation:g}]° |" in physics
    assert f"| tip offset | hypot(a, b) ≤ {lim.tip_offset:g} R" in physics

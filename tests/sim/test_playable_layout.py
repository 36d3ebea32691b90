"""playable_layout: the rest positions of a shot as a layout the next shot accepts."""

from __future__ import annotations

from rotation61.geometry import Point, get_table
from rotation61.sim import Stroke, simulate
from rotation61.sim.rack import playable_layout


def test_a_ball_wedged_against_a_ball_in_the_corner_is_freed_in_full() -> None:
    # rest positions from a level-1 self-play rack: the cue ball crept into ball 10,
    # which touches ball 14, frozen in the corner; each pass frees half the overlap
    spec = get_table("9ft")
    rest = {
        0: Point(2.487845497993843, 44.65080932703687),
        10: Point(1.4550033857840459, 46.64933004122914),
        14: Point(1.125, 48.875),
        6: Point(53.63887067939162, 17.683475070461764),
    }
    out = playable_layout(spec, rest)
    assert out[14] == rest[14]
    assert out[6] == rest[6]
    for a, b in ((0, 10), (10, 14)):
        assert out[a].distance_to(out[b]) >= spec.ball_diameter
    moved = max(out[b].distance_to(rest[b]) for b in rest)
    assert moved < 1e-3
    # and the next shot accepts it
    assert simulate(out, Stroke(speed=1.0, phi=-30.0)).event_count > 0

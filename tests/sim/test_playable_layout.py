"""playable_layout: the rest positions of a shot as a layout the next shot accepts."""

from __future__ import annotations

from rotation61.geometry import Point, get_table
from rotation61.sim import Stroke, simulate
from rotation61.sim.rack import playable_layout


def test_a_ball_wedged_against_a_ball_in_the_corner_is_freed_in_full() -> None:
    # rest positions from a level-1 self-play rack: ball 14 rests in the corner pocket's
    # mouth and is moved inside onto ball 10, which is pushed onto the cue ball; ball 10,
    # wedged between them, is freed by half the overlap per pass
    spec = get_table("9ft")
    rest = {
        0: Point(2.4466706095441775, 44.732157549917986),
        10: Point(1.4127333727873275, 47.0902719063797),
        14: Point(0.798792444151527, 49.55292347440576),
        6: Point(53.63887067939162, 17.683475070461764),
    }
    out = playable_layout(spec, rest)
    assert out[14] == Point(spec.ball_radius, spec.width - spec.ball_radius)
    assert out[6] == rest[6]
    for a, b in ((0, 10), (10, 14)):
        assert out[a].distance_to(out[b]) >= spec.ball_diameter
    assert max(out[b].distance_to(rest[b]) for b in (0, 10)) < 0.5
    # and the next shot accepts it
    assert simulate(out, Stroke(speed=1.0, phi=-30.0)).event_count > 0

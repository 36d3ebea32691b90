"""The relative action: a pocket for the ball on and an offset from its ghost-ball aim."""

from __future__ import annotations

import pytest

from rotation61.ai import (
    GameConfig,
    GameState,
    IllegalGameActionError,
    OptionAction,
    RelativeStrokeAction,
    StrokeAction,
    absolute,
    position,
    transition,
)
from rotation61.ai.aim import POCKET_ORDER
from rotation61.ai.shots import aim_points
from rotation61.geometry import Point
from rotation61.records import to_json
from rotation61.rules import CUE_BALL, Option, RackState, setup_rack
from rotation61.sim import STROKE_LIMITS, aim_at, simulate
from rotation61.sim.table import PocketId

# the 1 on the line from the cue ball to the foot-right corner, the 5 out of the way
_CUE = Point(40.0, 30.0)
_ONE = Point(70.0, 15.0)
_FIVE = Point(20.0, 45.0)


def _rack(on_table: set[int], *, in_hand: bool = False) -> RackState:
    rest = 120 - sum(on_table)
    return setup_rack(on_table=on_table, scores=(rest // 2, rest - rest // 2), cue_in_hand=in_hand)


def _state(*, in_hand: bool = False) -> GameState:
    rack = _rack({1, 5}, in_hand=in_hand)
    layout = {1: _ONE, 5: _FIVE} | ({} if in_hand else {CUE_BALL: _CUE})
    return position(GameConfig(), rack, layout, seed=3)


def test_the_ghost_ball_aim_of_a_straight_pot_is_the_line_to_the_pocket() -> None:
    corner = Point(100.3, -0.3)
    cue = Point(_ONE.x - (corner.x - _ONE.x), _ONE.y - (corner.y - _ONE.y))
    state = position(GameConfig(), _rack({1}), {1: _ONE, CUE_BALL: cue})
    stroke = absolute(state, RelativeStrokeAction(pocket=PocketId.FOOT_RIGHT, speed=2.0))
    assert stroke.phi == pytest.approx(aim_at(cue, corner))


def test_the_ball_on_drops_only_in_the_pocket_named_among_the_cuts_that_exist() -> None:
    state = _state()
    points = aim_points()
    ahead = (_ONE.x - _CUE.x, _ONE.y - _CUE.y)
    cuts = [  # pockets on the far side of the 1 (a cut under 90 degrees)
        p
        for p in POCKET_ORDER
        if (points[p].x - _ONE.x) * ahead[0] + (points[p].y - _ONE.y) * ahead[1] > 0
    ]
    assert set(cuts) == {PocketId.FOOT_RIGHT, PocketId.FOOT_LEFT}
    dropped = {}
    for pocket in cuts:
        stroke = absolute(state, RelativeStrokeAction(pocket=pocket, speed=3.0)).stroke()
        dropped[pocket] = dict(simulate(state.balls(), stroke).pocketed).get(1)
    assert dropped[PocketId.FOOT_RIGHT] is PocketId.FOOT_RIGHT
    assert dropped[PocketId.FOOT_LEFT] in (None, PocketId.FOOT_LEFT)


def test_a_relative_stroke_plays_as_its_absolute_stroke() -> None:
    state = _state()
    relative = RelativeStrokeAction(pocket=PocketId.FOOT_RIGHT, speed=2.0, b=-0.3)
    one = transition(state, relative)
    two = transition(state, absolute(state, relative))
    assert to_json(one.record()) == to_json(two.record())
    assert one.rack.scores[0] == 57 + 1


def test_the_offset_turns_the_ghost_ball_aim() -> None:
    state = _state()
    base = absolute(state, RelativeStrokeAction(pocket=PocketId.SIDE_RIGHT, speed=2.0))
    turned = absolute(state, RelativeStrokeAction(pocket=PocketId.SIDE_RIGHT, speed=2.0, offset=-4))
    assert turned.phi - base.phi == pytest.approx(-4.0)
    assert (turned.speed, turned.b, turned.placement) == (2.0, 0.0, None)


def test_in_hand_the_aim_is_taken_from_the_placement() -> None:
    state = _state(in_hand=True)
    spot = Point(20.0, 25.0)
    relative = RelativeStrokeAction(pocket=PocketId.FOOT_RIGHT, speed=2.0, placement=spot)
    stroke = absolute(state, relative)
    assert stroke.placement == spot
    other = absolute(
        state,
        RelativeStrokeAction(pocket=PocketId.FOOT_RIGHT, speed=2.0, placement=Point(10.0, 25.0)),
    )
    assert other.phi != pytest.approx(stroke.phi)
    with pytest.raises(IllegalGameActionError, match="needs a placement"):
        transition(state, RelativeStrokeAction(pocket=PocketId.FOOT_RIGHT, speed=2.0))


@pytest.mark.parametrize(
    ("fields", "message"),
    [
        ({"offset": STROKE_LIMITS.aim_offset + 0.5}, r"aim offset 10\.5 degrees"),
        ({"offset": float("nan")}, "aim offset nan"),
        ({"pocket": "foot_right"}, "pocket 'foot_right' is not a PocketId"),
        ({"speed": 0.0}, "speed"),
        ({"placement": (1.0, 2.0)}, r"placement \(1\.0, 2\.0\) is not a Point"),
    ],
    ids=["offset", "nan", "pocket", "speed", "placement"],
)
def test_bad_relative_strokes_are_refused(fields: dict[str, object], message: str) -> None:
    values: dict[str, object] = {"pocket": PocketId.FOOT_RIGHT, "speed": 2.0} | fields
    with pytest.raises(IllegalGameActionError, match=message):
        RelativeStrokeAction(**values)  # type: ignore[arg-type]


def test_a_relative_stroke_is_refused_when_an_option_is_due() -> None:
    state = _state()
    # the cue ball straight into the 5's pocket area misses the 1: a foul, an option due
    foul = transition(state, StrokeAction(speed=1.0, phi=aim_at(_CUE, _FIVE) + 40.0))
    assert foul.rack.pending is not None
    with pytest.raises(IllegalGameActionError, match="an option after the foul is due"):
        transition(foul, RelativeStrokeAction(pocket=PocketId.FOOT_RIGHT, speed=2.0))
    taken = transition(foul, OptionAction(option=foul.rack.pending.options[0]))
    assert taken.rack.pending is None
    assert Option.ACCEPT_TABLE in foul.rack.pending.options

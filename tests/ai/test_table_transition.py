"""One table transition: the play page and the computer players' game put the balls alike.

The same inputs played through the environment core (:mod:`rotation61.ai.core`, the
computer players, the environments, self-play) and replayed through the play page's
service (:func:`rotation61.web.services.game.table_after`, from the stored positions
and strokes) give the same balls after every step, under every preset, the A19
uncrossed break and the A18 re-rack included.
"""

from __future__ import annotations

import math

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from rotation61.ai.core import (
    GameConfig,
    GameState,
    OptionAction,
    PhaseKind,
    StrokeAction,
    initial,
    phase_of,
    racks_of,
    transition,
)
from rotation61.ai.table import balls_after
from rotation61.geometry import Point, placement_ok
from rotation61.records import ShotInput
from rotation61.rules import CUE_BALL, PRESETS, Shot
from rotation61.sim import DEFAULT_TABLE, SimTable, Stroke
from rotation61.web.services.game import table_after

pytest.importorskip("numba")

SPEC = DEFAULT_TABLE.spec


def _placement(state: GameState, rng: np.random.Generator) -> Point:
    others = [p for b, p in state.layout if b != CUE_BALL]
    for _ in range(200):
        p = Point(
            float(rng.uniform(2.0, SPEC.head_string_x - 2.0)),
            float(rng.uniform(2.0, SPEC.width - 2.0)),
        )
        if placement_ok(SPEC, p, others, kitchen=True):
            return p
    raise AssertionError("no free kitchen spot")


def _action(state: GameState, rng: np.random.Generator) -> StrokeAction | OptionAction:
    kind = phase_of(state)
    if kind is PhaseKind.OPTION:
        pending = state.rack.pending
        assert pending is not None
        return OptionAction(option=pending.options[int(rng.integers(len(pending.options)))])
    balls = state.balls()
    placement = _placement(state, rng) if kind in (PhaseKind.BREAK, PhaseKind.IN_HAND) else None
    cue = placement if placement is not None else balls[CUE_BALL]
    lowest = state.rack.lowest
    assert lowest is not None
    target = balls[lowest]
    aim = math.degrees(math.atan2(target.y - cue.y, target.x - cue.x))
    if kind is PhaseKind.BREAK and rng.random() < 0.35:
        # a break that never crosses the head string (A19): soft, toward the head rail
        return StrokeAction(speed=0.4, phi=180.0 + float(rng.uniform(-30, 30)), placement=placement)
    speed = 9.0 if kind is PhaseKind.BREAK else float(rng.uniform(0.8, 5.0))
    return StrokeAction(speed=speed, phi=aim + float(rng.normal(0, 4)), placement=placement)


@settings(max_examples=25, deadline=None)
@given(
    seed=st.integers(min_value=0, max_value=2**20),
    preset=st.sampled_from(sorted(PRESETS)),
    steps=st.integers(min_value=1, max_value=18),
)
def test_the_play_page_and_the_game_put_the_balls_alike(seed: int, preset: str, steps: int) -> None:
    config = GameConfig(race_to=2, rules=preset, max_shots_per_rack=40)
    state = initial(config, seed)
    rng = np.random.default_rng(seed)
    strokes: dict[int, Stroke] = {}
    for _ in range(steps):
        if phase_of(state) is PhaseKind.OVER:
            break
        action = _action(state, rng)
        before = state.log.length
        state = transition(state, action)
        if isinstance(action, StrokeAction):
            strokes[before + 1] = action.stroke()
        replayed = table_after(state.log, strokes, SPEC, racks_of(seed))
        assert replayed == state.balls(), (preset, seed, state.log.length)


def test_an_uncrossed_break_leaves_the_rack_where_it_lies() -> None:
    """A19: the rack has not begun; the incoming player breaks the balls as they are."""
    config = GameConfig(race_to=1)
    state = initial(config, 5)
    rack = state.layout
    placement = Point(20.0, SPEC.width / 2)
    state = transition(state, StrokeAction(speed=0.3, phi=180.0, placement=placement))
    assert state.rack.pending is not None
    assert state.rack.pending.incoming_breaks
    (option,) = state.rack.pending.options
    state = transition(state, OptionAction(option=option))
    assert phase_of(state) is PhaseKind.BREAK
    after = dict(state.layout)
    assert sorted(after) == [b for b, _ in rack]  # the same fifteen, no cue ball: in hand
    for ball, p in rack:  # where they lay (the engine's unit round trip aside)
        assert math.isclose(after[ball].x, p.x, abs_tol=1e-9)
        assert math.isclose(after[ball].y, p.y, abs_tol=1e-9)


def test_a_rerack_puts_all_fifteen_balls_back_at_once() -> None:
    """A18 option (preset ``rerack``): an object ball off the table on the break."""
    config = GameConfig(race_to=1, rules="rerack")
    state = initial(config, 3)
    log = state.log.append(
        ShotInput(
            shot=Shot(first_contact=1, off_table=(7,), break_rail_balls=frozenset({2, 3, 4, 5})),
            placement=Point(20.0, 25.0),
            positions=((CUE_BALL, Point(20.0, 25.0)), *state.layout),
        )
    )
    assert log.last is not None
    assert log.last.ruling is not None
    assert log.last.ruling.rerack
    rest = {b: p for b, p in state.layout if b != 7}
    balls = balls_after(SPEC, log.last, state.balls(), racks_of(3), rest=rest)
    assert sorted(balls) == list(range(1, 16))
    assert balls == racks_of(3).rack(SPEC, log.match)
    assert SimTable.from_spec(SPEC).spec == SPEC

"""The planning player: pots checked on the engine, longer runs than the geometric player."""

from __future__ import annotations

import numpy as np

from rotation61.ai import GameConfig, RelativeStrokeAction, absolute, initial, terminal, transition
from rotation61.ai.envs.opponents import geometric_player
from rotation61.ai.learn import play_inning, practice_position
from rotation61.ai.planner import planning_player
from rotation61.records import verify
from rotation61.sim import OLYMPIAD_NOISE, simulate

_CONFIG = GameConfig()  # exact strokes: what the planner checked is what is played


def test_a_planned_stroke_pots_the_ball_on_without_a_scratch() -> None:
    planned = 0
    for seed in range(12):
        state = practice_position(_CONFIG, 500 + seed)
        action = planning_player(state)
        if not isinstance(action, RelativeStrokeAction):
            continue
        planned += 1
        shot = simulate(state.balls(), absolute(state, action).stroke()).shot
        assert shot.first_contact == state.rack.lowest
        assert state.rack.lowest in shot.pocketed
        assert not shot.cue_pocketed
    assert planned >= 4


def test_the_planner_runs_more_balls_than_the_geometric_player_from_the_same_positions() -> None:
    starts = [practice_position(_CONFIG, 700 + i) for i in range(20)]
    planner = np.mean([play_inning(s, planning_player).pots for s in starts])
    geometric = np.mean([play_inning(s, geometric_player).pots for s in starts])
    assert planner > geometric + 0.5, (planner, geometric)


def test_the_planner_plays_a_whole_game_whose_record_verifies() -> None:
    state = initial(GameConfig(noise=OLYMPIAD_NOISE, max_shots_per_rack=80), 5)
    while not terminal(state):
        state = transition(state, planning_player(state))
    assert verify(state.record()) == []

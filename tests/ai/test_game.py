"""The game facade and its functional core: random playouts, records, determinism, errors."""

from __future__ import annotations

import numpy as np
import pytest

from rotation61.ai import (
    OBSERVATION_SIZE,
    TERMINAL,
    Game,
    GameConfig,
    IllegalGameActionError,
    OptionAction,
    PhaseKind,
    State,
    StrokeAction,
    initial,
    observation,
    reward,
    terminal,
    transition,
)
from rotation61.geometry import Point, placement_ok
from rotation61.records import from_json, to_json, verify
from rotation61.rules import Option, Seat
from rotation61.sim import OLYMPIAD_NOISE, aim_at


def _random_action(state: State, rng: np.random.Generator) -> StrokeAction | OptionAction:
    decisions = state.legal_decisions()
    if decisions.phase is PhaseKind.OPTION:
        return OptionAction(option=decisions.options[int(rng.integers(len(decisions.options)))])
    balls = state.core.balls()
    placement = None
    if decisions.placement:
        spec = state.core.config.table.spec
        while placement is None or not placement_ok(spec, placement, balls.values()):
            placement = Point(float(rng.uniform(1.2, 24.0)), float(rng.uniform(1.2, 48.8)))
        balls[0] = placement
    lowest = state.core.rack.lowest
    assert lowest is not None
    return StrokeAction(
        speed=float(rng.uniform(0.5, 7.0)),
        phi=aim_at(balls[0], balls[lowest]) + float(rng.normal(0.0, 2.0)),
        a=float(rng.uniform(-0.3, 0.3)),
        b=float(rng.uniform(-0.3, 0.3)),
        placement=placement,
    )


def _playout(seed: int, steps: int, noise: bool) -> State:
    game = Game(GameConfig(race_to=2, noise=OLYMPIAD_NOISE if noise else None))
    state = game.new_initial_state(seed=seed)
    rng = np.random.default_rng(seed)
    for _ in range(steps):
        if state.is_terminal():
            break
        state.apply(_random_action(state, rng))
    return state


@pytest.mark.parametrize("seed", [0, 1, 2, 3])
def test_random_playouts_keep_the_layout_and_the_rack_in_step_and_their_records_verify(
    seed: int,
) -> None:
    state = _playout(seed, 150, noise=seed % 2 == 1)
    core = state.core
    if not state.is_terminal():
        balls = {b for b, _ in core.layout if b != 0}
        assert balls == set(core.rack.on_table)
    record = from_json(to_json(state.record()))
    assert verify(record) == []
    shots = [e for r in record.racks for e in r.entries if hasattr(e, "positions")]
    assert shots
    assert all(e.positions for e in shots)


def test_seeded_playouts_are_identical() -> None:
    one, two = _playout(5, 60, noise=True), _playout(5, 60, noise=True)
    assert to_json(one.record()) == to_json(two.record())
    assert one.returns() == two.returns()


def test_the_same_state_and_action_give_the_same_next_state_and_noise_changes_it() -> None:
    config = GameConfig(noise=OLYMPIAD_NOISE)
    state = initial(config, 11)
    action = StrokeAction(speed=8.0, phi=0.0, b=-0.1, placement=Point(18.75, 25.0))
    a, b = transition(state, action), transition(state, action)
    assert a.layout == b.layout
    exact = transition(initial(GameConfig(), 11), action)
    assert exact.layout != a.layout


def test_returns_are_zero_sum_and_the_match_ends_with_a_winner() -> None:
    state = _playout(8, 400, noise=True)
    ret = state.returns()
    assert ret[0] == -ret[1]
    if state.is_terminal():
        assert state.current_player() == TERMINAL
        winner = state.core.match.winner
        assert winner is not None
        assert ret[winner] > 0


def test_observation_is_fixed_size_and_seen_from_each_side() -> None:
    state = _playout(4, 10, noise=False)
    core = state.core
    for seat in Seat:
        obs = observation(core, seat)
        assert obs.as_array().shape == (OBSERVATION_SIZE,)
        assert obs.scores == (core.rack.scores[seat], core.rack.scores[seat.opponent])


def test_illegal_actions_are_refused_and_change_nothing() -> None:
    state = initial(GameConfig(), 1)
    with pytest.raises(IllegalGameActionError, match="needs a placement"):
        transition(state, StrokeAction(speed=8.0, phi=0.0))
    with pytest.raises(IllegalGameActionError, match="not_behind_head_string"):
        transition(state, StrokeAction(speed=8.0, phi=0.0, placement=Point(40.0, 25.0)))
    with pytest.raises(IllegalGameActionError, match="no option is due"):
        transition(state, OptionAction(option=Option.ACCEPT_TABLE))
    with pytest.raises(IllegalGameActionError, match="speed"):
        StrokeAction(speed=-1.0, phi=0.0)
    with pytest.raises(IllegalGameActionError, match="seed"):
        initial(GameConfig(), -3)
    assert state.log.length == 0


def test_reward_is_the_points_of_the_seat_that_acted() -> None:
    for seed in range(4):
        state = initial(GameConfig(), seed)
        action = StrokeAction(speed=8.0, phi=0.0, placement=Point(18.75, 25.0))
        nxt = transition(state, action)
        assert len(nxt.match.completed) == 0  # no break ends a rack
        scored = nxt.rack.scores
        assert reward(state, action, nxt) == scored[0] - scored[1]
        assert terminal(nxt) is False

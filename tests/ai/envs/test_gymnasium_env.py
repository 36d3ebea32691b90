"""The Gymnasium environment: the checker, random play, seeds, the opponent, bad input."""

from __future__ import annotations

import warnings
from typing import Any

import gymnasium
import numpy as np
import pytest
from gymnasium.utils.env_checker import check_env
from gymnasium.wrappers import FlattenObservation

from rotation61.ai import GameConfig, IllegalGameActionError, initial, transition
from rotation61.ai.envs.gymnasium_env import ENV_ID, NormalizedActions, Rotation61Env
from rotation61.ai.envs.opponents import geometric_player, level_player
from rotation61.ai.envs.spaces import OPTIONS, to_action
from rotation61.ai.levels import get_level
from rotation61.geometry import Point
from rotation61.records import from_json, to_json, verify
from rotation61.rules import Seat
from rotation61.sim import OLYMPIAD_NOISE


def _env(**kwargs: Any) -> Rotation61Env:
    kwargs.setdefault("opponent", geometric_player)
    return Rotation61Env(GameConfig(noise=OLYMPIAD_NOISE), **kwargs)


def test_the_environment_passes_gymnasiums_checker() -> None:
    env = gymnasium.make(
        ENV_ID,
        config=GameConfig(noise=OLYMPIAD_NOISE),
        opponent=geometric_player,
        render_mode="ansi",
    )
    # the checker's advice (from Stable-Baselines3) to normalize Box actions is a warning:
    # the stroke keeps its physical units (m/s, degrees, ball radii)
    with pytest.warns(UserWarning, match="symmetric and normalized"):
        check_env(env.unwrapped, skip_render_check=False)
    env.reset(seed=0)
    text = env.render()
    assert isinstance(text, str)
    assert text.startswith("rack 1 racks 0-0 points 0-0")


def test_the_id_is_registered_and_makes_the_environment() -> None:
    env = gymnasium.make(ENV_ID, opponent=geometric_player, seat="B")
    assert env.spec is not None
    assert env.spec.id == ENV_ID
    unwrapped = env.unwrapped
    assert isinstance(unwrapped, Rotation61Env)
    assert unwrapped.seat is Seat.B
    obs, info = env.reset(seed=4)
    # seat A broke (the opponent); the agent acts next, or the match already ended
    assert obs["to_act"] in (0, 2)
    assert info["inputs"] >= 1


def test_a_random_agent_plays_1000_steps_in_the_spaces_and_its_matches_verify() -> None:
    env = _env(seat="B")
    env.action_space.seed(3)
    obs, _ = env.reset(seed=3)
    ended = 0
    total = 0.0
    for _ in range(1000):
        assert env.observation_space.contains(obs)
        obs, reward, terminated, truncated, _ = env.step(env.action_space.sample())
        assert not truncated
        total += reward
        if terminated:
            ended += 1
            match = env.state.match
            assert match.winner is not None
            if ended == 1:
                assert verify(from_json(to_json(env.record()))) == []
            obs, _ = env.reset()
    assert ended >= 10
    assert np.isfinite(total)


def _rollout(seed: int, steps: int) -> tuple[list[Any], list[str]]:
    """``steps`` random steps from ``reset(seed)``; later matches start from unseeded resets."""
    env = _env()
    env.action_space.seed(seed)
    obs, _ = env.reset(seed=seed)
    trace: list[Any] = [obs]
    records: list[str] = []
    for _ in range(steps):
        obs, reward, terminated, _, info = env.step(env.action_space.sample())
        trace.append((obs, reward, terminated, info))
        if terminated:
            records.append(to_json(env.record()))
            trace.append(env.reset())
    return trace, records


def test_seeded_runs_are_identical_and_other_seeds_differ() -> None:
    one, two = _rollout(11, 150), _rollout(11, 150)
    assert len(one[1]) >= 2
    assert one[1] == two[1]
    assert gymnasium.utils.env_checker.data_equivalence(one[0], two[0])
    assert _rollout(12, 150)[1] != one[1]


@pytest.mark.parametrize("seat", [Seat.A, Seat.B])
def test_the_return_is_the_agents_points_minus_the_opponents_and_the_rack_result(
    seat: Seat,
) -> None:
    env = _env(seat=seat)
    env.action_space.seed(0)
    env.reset(seed=21)
    total = 0.0
    terminated = False
    while not terminated:
        _, reward, terminated, _, _ = env.step(env.action_space.sample())
        total += reward
    match = env.state.match
    other = seat.opponent
    points = sum(rack.scores[seat] - rack.scores[other] for rack in match.completed)
    racks = match.racks_won[seat] - match.racks_won[other]
    assert racks in (1, -1)
    assert total == pytest.approx(points + 61.0 * racks)


def test_the_default_opponent_is_the_geometric_player() -> None:
    env = Rotation61Env()
    assert env.opponent is geometric_player
    assert env.config.noise_of(Seat.B) == OLYMPIAD_NOISE


def test_a_level_opponent_plays_with_its_levels_noise() -> None:
    env = Rotation61Env(opponent="5")
    assert env.config.noise_of(Seat.B) == get_level("5").noise
    assert env.config.noise_of(Seat.A) == OLYMPIAD_NOISE
    env.reset(seed=2)
    before = env.state.log.length
    # the agent breaks softly: the opponent (the search player) then acts at least once
    action = {
        "stroke": np.array([1.0, 0.0, 0.0, 0.0, 0.0], np.float32),
        "placement": np.array([20.0, 25.0], np.float32),
        "option": 0,
    }
    env.step(action)
    assert env.state.log.length >= before + 2
    assert env.opponent.__name__ == "level_5_player"


def test_the_option_index_falls_back_to_an_offered_option() -> None:
    config = GameConfig()
    state = initial(config, 0)
    # a break that misses every ball is a foul: the incoming player has options
    state = transition(state, to_action(state, _stroke([0.3, 180.0, 0, 0, 0], [20.0, 10.0])))
    assert state.rack.pending is not None
    offered = state.rack.pending.options
    missing = [o for o in OPTIONS if o not in offered]
    assert missing, offered
    chosen = to_action(state, {"option": OPTIONS.index(missing[0])})
    assert chosen.option is offered[0]  # type: ignore[union-attr]
    for option in offered:
        assert to_action(state, {"option": OPTIONS.index(option)}).option is option  # type: ignore[union-attr]


def _stroke(stroke: list[float], placement: list[float]) -> dict[str, Any]:
    return {
        "stroke": np.array(stroke, np.float32),
        "placement": np.array(placement, np.float32),
        "option": 0,
    }


def test_a_placement_on_a_ball_moves_to_the_nearest_legal_spot_and_offsets_are_pulled_in() -> None:
    state = initial(GameConfig(), 0)
    # the break: nothing in the kitchen, so the spot stands
    action = to_action(state, _stroke([5.0, 0.0, 0.0, 0.5, 0.5], [20.0, 25.0]))
    assert action.placement is not None  # type: ignore[union-attr]
    assert (action.placement.x, action.placement.y) == pytest.approx((20.0, 25.0))  # type: ignore[union-attr]
    assert np.hypot(action.a, action.b) <= 0.5  # type: ignore[union-attr]
    balls = dict(state.layout)
    balls[3] = Point(20.0, 25.0)  # a ball in the kitchen, where the agent places
    crowded = type(state)(
        config=state.config, seed=state.seed, log=state.log, layout=tuple(sorted(balls.items()))
    )
    moved = to_action(crowded, _stroke([5.0, 0.0, 0.0, 0.0, 0.0], [20.0, 25.0]))
    spot = moved.placement  # type: ignore[union-attr]
    assert spot is not None
    gap = np.hypot(spot.x - 20.0, spot.y - 25.0)
    assert 2.25 <= gap <= 2.25 + 0.5


@pytest.mark.parametrize(
    ("action", "message"),
    [
        ("shoot", "not a mapping"),
        ({"placement": np.zeros(2)}, "'stroke' is missing"),
        ({"stroke": np.zeros(3), "placement": np.zeros(2)}, "shape"),
        ({"stroke": np.array([np.nan, 0, 0, 0, 0]), "placement": np.zeros(2)}, "not finite"),
    ],
)
def test_bad_actions_are_refused_and_change_nothing(action: Any, message: str) -> None:
    env = _env()
    env.reset(seed=1)
    before = env.state
    with pytest.raises(IllegalGameActionError, match=message):
        env.step(action)
    assert env.state is before


def test_bad_arguments_and_misuse_are_refused() -> None:
    with pytest.raises(IllegalGameActionError, match="seat 'C'"):
        Rotation61Env(opponent=geometric_player, seat="C")
    with pytest.raises(IllegalGameActionError, match="render_mode 'rgb_array'"):
        Rotation61Env(opponent=geometric_player, render_mode="rgb_array")
    with pytest.raises(IllegalGameActionError, match=r"opponent 3\.5"):
        Rotation61Env(opponent=3.5)  # type: ignore[arg-type]
    with pytest.raises(ValueError, match="unknown level '11'"):
        Rotation61Env(opponent="11")
    env = _env()
    with pytest.raises(IllegalGameActionError, match="not been reset"):
        env.step(env.action_space.sample())
    env.reset(seed=0)
    assert env.render() is None
    assert level_player(1).__name__ == "level_1_player"


def test_flat_normalized_spaces_pass_the_checker_and_map_onto_the_boxes() -> None:
    base = gymnasium.make(
        ENV_ID, config=GameConfig(noise=OLYMPIAD_NOISE), opponent=geometric_player
    )
    env = FlattenObservation(NormalizedActions(base))
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        warnings.filterwarnings("ignore", message=".*different from the unwrapped version")
        check_env(env)
    assert isinstance(env.observation_space, gymnasium.spaces.Box)
    wrapper = env.env
    assert isinstance(wrapper, NormalizedActions)
    low = wrapper.action(np.full(8, -1.0, np.float32))
    high = wrapper.action(np.full(8, 1.0, np.float32))
    space = _env().action_space
    assert low["stroke"] == pytest.approx(space["stroke"].low)
    assert high["placement"] == pytest.approx(space["placement"].high)
    assert (low["option"], high["option"]) == (0, len(OPTIONS) - 1)
    with pytest.raises(IllegalGameActionError, match="not 8 finite numbers"):
        wrapper.action(np.zeros(7, np.float32))


def test_environments_with_a_level_opponent_pickle_and_play_on_alike() -> None:
    import pickle

    env = Rotation61Env(opponent="2")
    env.reset(seed=5)
    copy = pickle.loads(pickle.dumps(env))
    assert to_json(copy.record()) == to_json(env.record())
    assert copy.state.layout == env.state.layout
    action = {
        "stroke": np.array([1.0, 0.0, 0.0, 0.0, 0.0], np.float32),
        "placement": np.array([20.0, 25.0], np.float32),
        "option": 0,
    }
    assert env.step(action)[1] == copy.step(action)[1]
    assert to_json(copy.record()) == to_json(env.record())


def test_human_rendering_writes_the_line(capsys: pytest.CaptureFixture[str]) -> None:
    env = Rotation61Env(render_mode="human")
    env.reset(seed=1)
    assert env.render() is None
    assert capsys.readouterr().out.startswith("rack 1 ")


def test_the_reward_scale_multiplies_every_reward() -> None:
    returns = []
    for scale in (1.0, 1 / 61):
        env = Rotation61Env(reward_scale=scale)
        env.reset(seed=8)
        env.action_space.seed(8)
        total, terminated = 0.0, False
        while not terminated:
            _, reward, terminated, _, _ = env.step(env.action_space.sample())
            total += reward
        returns.append(total)
    assert returns[0] != 0.0
    assert returns[1] == pytest.approx(returns[0] / 61)
    for bad in (0, -1.0, float("nan"), True):
        with pytest.raises(IllegalGameActionError, match="reward_scale"):
            Rotation61Env(reward_scale=bad)


def test_normalized_observations_pass_the_checker_and_scale_the_game() -> None:
    from rotation61.ai.envs.gymnasium_env import NormalizedObservations

    base = Rotation61Env()
    env = NormalizedObservations(base)
    with warnings.catch_warnings():
        warnings.filterwarnings("ignore", message=".*(NumPy array|probably should be)")
        check_env(env, skip_render_check=True)
    obs, _ = env.reset(seed=3)
    raw = encode_of(base)
    spec = base.config.table.spec
    assert env.observation_space.contains(obs)
    assert np.allclose(obs["balls"] * [spec.length, spec.width], raw["balls"], atol=1e-4)
    assert np.allclose(obs["scores"] * 120, raw["scores"])
    assert obs["balls"].min() >= 0.0
    assert obs["balls"].max() <= 1.0
    assert obs["phase"] == raw["phase"]


def encode_of(env: Rotation61Env) -> dict[str, Any]:
    from rotation61.ai import observation
    from rotation61.ai.envs.spaces import encode

    return encode(observation(env.state, env.seat))


def test_the_relative_mode_passes_the_checker_and_aims_by_the_ghost_ball() -> None:
    from rotation61.ai import RelativeStrokeAction
    from rotation61.ai.aim import POCKET_ORDER
    from rotation61.sim import STROKE_LIMITS

    env = _env(action_mode="relative")
    with pytest.warns(UserWarning, match="symmetric and normalized"):
        check_env(env)
    space = env.action_space
    assert space["pocket"].n == len(POCKET_ORDER)
    assert space["stroke"].high[1] == pytest.approx(STROKE_LIMITS.aim_offset)
    env.reset(seed=5)
    state = env.state
    action = {
        "stroke": np.array([2.0, 3.0, 0.0, 0.0, -0.2], np.float32),
        "placement": np.array([20.0, 25.0], np.float32),
        "pocket": 2,
        "option": 0,
    }
    move = to_action(state, action, env.action_mode)
    if state.rack.pending is None:
        assert isinstance(move, RelativeStrokeAction)
        assert (move.pocket, move.offset) == (POCKET_ORDER[2], 3.0)
    with pytest.raises(IllegalGameActionError, match=r"'pocket' 6 is not an index in 0\.\.5"):
        to_action(state, action | {"pocket": 6}, env.action_mode)
    with pytest.raises(IllegalGameActionError, match="action_mode 'polar' is not one of"):
        _env(action_mode="polar")


def test_the_flat_relative_box_picks_the_pocket_with_its_ninth_element() -> None:
    base = Rotation61Env(GameConfig(), opponent=geometric_player, action_mode="relative")
    wrapper = NormalizedActions(base)
    assert wrapper.action_space.shape == (9,)
    low = wrapper.action(np.full(9, -1.0, np.float32))
    high = wrapper.action(np.full(9, 1.0, np.float32))
    assert (low["pocket"], high["pocket"]) == (0, 5)
    assert low["stroke"][1] == pytest.approx(base.action_space["stroke"].low[1])
    wrapper.reset(seed=2)
    _, reward, *_ = wrapper.step(wrapper.action_space.sample())
    assert isinstance(reward, float)
    with pytest.raises(IllegalGameActionError, match="not 9 finite numbers"):
        wrapper.action(np.zeros(8, np.float32))

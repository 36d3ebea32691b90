"""The PettingZoo AEC environment: the API test, random play, seeds, zero-sum rewards."""

from __future__ import annotations

import warnings
from typing import Any

import numpy as np
import pytest
from gymnasium.utils.env_checker import data_equivalence
from pettingzoo.test import api_test, seed_test

from rotation61.ai import GameConfig, IllegalGameActionError
from rotation61.ai.envs.pettingzoo_env import AGENTS, Rotation61AEC, env, parallel_env, raw_env
from rotation61.records import from_json, to_json, verify
from rotation61.rules import Seat
from rotation61.sim import OLYMPIAD_NOISE


def test_the_environment_passes_pettingzoos_api_test() -> None:
    with warnings.catch_warnings():
        # advice for Box/Discrete-only spaces: ours are Dicts, like Gymnasium's env
        warnings.filterwarnings("ignore", message=".*(NumPy array|probably should be)")
        api_test(env(render_mode="ansi"), num_cycles=200)


def test_seeded_environments_act_alike() -> None:
    seed_test(env, num_cycles=50)


def _play(seed: int, steps: int) -> tuple[list[Any], list[str]]:
    game = raw_env(GameConfig(noise=OLYMPIAD_NOISE, race_to=2))
    game.reset(seed=seed)
    for i, agent in enumerate(AGENTS):
        game.action_space(agent).seed(seed + i)
    trace: list[Any] = []
    records: list[str] = []
    for _ in range(steps):
        agent = game.agent_selection
        obs, reward, terminated, truncated, info = game.last()
        trace.append((agent, obs, reward, terminated, info))
        assert game.observation_space(agent).contains(obs)
        if terminated or truncated:
            game.step(None)
            if not game.agents:
                records.append(to_json(game.record()))
                game.reset()
            continue
        game.step(game.action_space(agent).sample())
    return trace, records


def test_a_random_agent_plays_1000_steps_and_the_matches_verify() -> None:
    trace, records = _play(5, 1000)
    assert len(records) >= 5
    assert verify(from_json(records[0])) == []
    assert {agent for agent, *_ in trace} == set(AGENTS)


def test_seeded_runs_are_identical() -> None:
    one, two = _play(8, 150), _play(8, 150)
    assert one[1] == two[1]
    assert data_equivalence(one[0], two[0])


def test_rewards_are_zero_sum_and_add_up_to_the_match() -> None:
    game = raw_env(GameConfig(noise=OLYMPIAD_NOISE))
    game.reset(seed=13)
    for i, agent in enumerate(AGENTS):
        game.action_space(agent).seed(i)
    totals = dict.fromkeys(AGENTS, 0.0)
    while not game.terminations[game.agent_selection]:
        game.step(game.action_space(game.agent_selection).sample())
        assert sum(game.rewards.values()) == 0.0
        for agent, reward in game.rewards.items():
            totals[agent] += reward
    match = game.game.match
    assert match.winner is not None
    points = sum(rack.scores[Seat.A] - rack.scores[Seat.B] for rack in match.completed)
    racks = match.racks_won[Seat.A] - match.racks_won[Seat.B]
    assert totals["player_0"] == pytest.approx(points + 61.0 * racks)
    winner = AGENTS[match.winner]
    assert totals[winner] > 0


def test_the_agent_to_act_is_the_seat_to_act_and_sees_itself_first() -> None:
    game = raw_env()
    game.reset(seed=1)
    assert game.agent_selection == "player_0"
    mine = game.observe("player_0")
    theirs = game.observe("player_1")
    assert mine["to_act"] == 0
    assert theirs["to_act"] == 1


def test_bad_input_is_refused_and_changes_nothing() -> None:
    with pytest.raises(IllegalGameActionError, match="render_mode 'rgb_array'"):
        Rotation61AEC(render_mode="rgb_array")
    with pytest.raises(IllegalGameActionError, match="config 'fast'"):
        Rotation61AEC(config="fast")  # type: ignore[arg-type]
    game = raw_env()
    with pytest.raises(IllegalGameActionError, match="not been reset"):
        game.observe("player_0")
    with pytest.raises(IllegalGameActionError, match="seed -1 must be"):
        game.reset(seed=-1)
    game.reset(seed=np.int64(0))
    with pytest.raises(IllegalGameActionError, match="agent 'player_2'"):
        game.observe("player_2")
    before = game.game
    with pytest.raises(IllegalGameActionError, match="the action is None"):
        game.step(None)
    with pytest.raises(IllegalGameActionError, match="not a mapping"):
        game.step(3)  # type: ignore[arg-type]
    assert game.game is before


def test_the_global_state_is_in_the_state_space_and_is_seat_as_view() -> None:
    game = env()
    game.reset(seed=3)
    found = game.state()
    assert game.unwrapped.state_space.contains(found)
    assert data_equivalence(found, game.observe(AGENTS[0]))


def test_the_parallel_version_passes_the_parallel_api_test() -> None:
    from pettingzoo.test import parallel_api_test

    with warnings.catch_warnings():
        warnings.filterwarnings("ignore", message=".*(NumPy array|probably should be)")
        parallel_api_test(parallel_env(), num_cycles=200)


def test_the_parallel_version_plays_the_acting_agents_action_only() -> None:
    game = parallel_env()
    observations, infos = game.reset(seed=4)
    assert set(observations) == set(AGENTS)
    to_act = [a for a in AGENTS if infos[a]["to_act"]]
    assert len(to_act) == 1
    space = game.action_space(to_act[0])
    space.seed(1)
    action = space.sample()
    other = next(a for a in AGENTS if a != to_act[0])
    plays = [{to_act[0]: action, other: space.sample()} for _ in range(2)]
    after = []
    for actions in plays:
        game.reset(seed=4)
        game.step(actions)
        after.append(to_json(game.record()))
    assert after[0] == after[1]  # the idle agent's action changed nothing
    assert game.state_space.contains(game.state())
    with pytest.raises(IllegalGameActionError, match="no action for agent"):
        game.step({to_act[0]: action})


def test_render_test_passes_as_shipped(capsys: pytest.CaptureFixture[str]) -> None:
    from pettingzoo.test import render_test

    render_test(raw_env)  # it makes a "human" environment first, then tries every mode
    assert capsys.readouterr().out.startswith("rack 1 ")  # "human" writes the line
    # render_test walks AEC environments only: the parallel version's modes, by hand
    game = parallel_env(render_mode="ansi")
    game.reset(seed=1)
    assert str(game.render()).startswith("rack 1 ")
    with pytest.raises(IllegalGameActionError, match="render_mode 'rgb_array'"):
        parallel_env(render_mode="rgb_array")


def test_environments_pickle_and_play_on_alike() -> None:
    import pickle

    game = raw_env()
    game.reset(seed=9)
    copy = pickle.loads(pickle.dumps(game))
    assert to_json(copy.record()) == to_json(game.record())
    for g in (game, copy):
        g.step(_fixed_action(g))
    assert to_json(copy.record()) == to_json(game.record())
    parallel = parallel_env()
    parallel.reset(seed=9)
    assert pickle.loads(pickle.dumps(parallel)).game.layout == parallel.game.layout


def _fixed_action(game: Rotation61AEC) -> dict[str, Any]:
    space = game.action_space(game.agent_selection)
    space.seed(0)
    return space.sample()


def test_the_relative_mode_passes_the_api_tests() -> None:
    from pettingzoo.test import parallel_api_test

    with warnings.catch_warnings():
        warnings.filterwarnings("ignore", message=".*(NumPy array|probably should be)")
        api_test(env(action_mode="relative"), num_cycles=100)
        parallel_api_test(parallel_env(action_mode="relative"), num_cycles=100)
    game = raw_env(action_mode="relative")
    assert "pocket" in game.action_space(AGENTS[0]).spaces

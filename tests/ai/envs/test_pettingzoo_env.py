"""The PettingZoo AEC environment: the API test, random play, seeds, zero-sum rewards."""

from __future__ import annotations

import warnings
from typing import Any

import numpy as np
import pytest
from gymnasium.utils.env_checker import data_equivalence
from pettingzoo.test import api_test, seed_test

from rotation61.ai import GameConfig, IllegalGameActionError
from rotation61.ai.envs.pettingzoo_env import AGENTS, Rotation61AEC, env, raw_env
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
    match = game.state.match
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
    before = game.state
    with pytest.raises(IllegalGameActionError, match="the action is None"):
        game.step(None)
    with pytest.raises(IllegalGameActionError, match="not a mapping"):
        game.step(3)  # type: ignore[arg-type]
    assert game.state is before

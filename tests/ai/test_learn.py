"""The learning agent: training improves it over random play, its file, its play in a game."""

from __future__ import annotations

import json
from pathlib import Path

import numpy as np
import pytest

from rotation61.ai import GameConfig, initial, terminal, transition
from rotation61.ai.learn import (
    WEIGHTS,
    AgentFileError,
    LearnedAgent,
    LinearPolicy,
    format_agent,
    parse_agent,
    play_inning,
    practice_position,
    random_player,
    train,
)
from rotation61.ai.levels import UnknownLevelError, get_level
from rotation61.cli.main import main
from rotation61.records import verify


def _pots_per_inning(player: object, config: GameConfig, n: int = 24) -> float:
    starts = [practice_position(config, 10**9 + i) for i in range(n)]
    return float(np.mean([play_inning(s, player).pots for s in starts]))  # type: ignore[arg-type]


def test_a_short_training_pots_more_than_random_play_on_held_out_positions() -> None:
    trained = train(seed=0, episodes=1024)
    config = GameConfig(noise=get_level(trained.agent.noise_level).noise)
    learned = _pots_per_inning(trained.agent, config)
    untrained = _pots_per_inning(
        LearnedAgent(policy=LinearPolicy(weights=(0.0,) * WEIGHTS)), config
    )
    rand = _pots_per_inning(random_player(0), config)
    assert learned > max(rand, untrained) + 0.2, (learned, rand, untrained)
    assert [n for n, _ in trained.snapshots] == [256, 512, 768, 1024]
    assert trained.agent.episodes == 1024


def test_the_same_seed_trains_the_same_agent() -> None:
    one, two = train(seed=3, episodes=256), train(seed=3, episodes=256)
    assert one.agent == two.agent
    assert train(seed=4, episodes=256).agent != one.agent


def test_the_agent_file_round_trips_and_bad_files_are_refused() -> None:
    agent = LearnedAgent(
        policy=LinearPolicy(weights=tuple(float(i) / 7 for i in range(WEIGHTS))),
        noise_level="10",
        seed=5,
        episodes=256,
    )
    assert parse_agent(format_agent(agent)) == agent
    with pytest.raises(AgentFileError, match="is JSON"):
        parse_agent("{")
    with pytest.raises(AgentFileError, match="not a 'rotation61-agent' file"):
        parse_agent('{"format": "rotation61-match"}')
    text = format_agent(agent)
    with pytest.raises(AgentFileError, match=f"a policy has {WEIGHTS} finite weights"):
        parse_agent(text.replace('"weights": [', '"weights": [1.0, '))
    with pytest.raises(UnknownLevelError, match="unknown level '11'"):
        parse_agent(text.replace('"noise_level": "10"', '"noise_level": "11"'))
    with pytest.raises(AgentFileError, match="at least one generation"):
        train(seed=0, episodes=10)


def test_the_agent_plays_a_whole_game_whose_record_verifies() -> None:
    agent = LearnedAgent(policy=LinearPolicy(weights=(1.0, 0.0, 1.0, 1.0) + (0.0,) * (WEIGHTS - 4)))
    state = initial(GameConfig(noise=get_level("10").noise, max_shots_per_rack=60), 11)
    while not terminal(state):
        state = transition(state, agent(state))
    assert verify(state.record()) == []


def test_ai_train_writes_an_agent_that_plays_a_level_on_the_ladder_with_records_that_verify(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    out = tmp_path / "learned.json"
    argv = ["ai", "train", "--seed", "2", "--episodes", "256", "--out", str(out)]
    assert main(argv) == 0
    captured = capsys.readouterr()
    assert captured.err.splitlines()[-1].startswith("rotation61: training: 256/256 episodes")
    assert parse_agent(out.read_text(encoding="utf-8")).episodes == 256
    folder = tmp_path / "recs"
    picture = tmp_path / "ladder.png"
    argv = ["ai", "ladder", "--levels", f"1,{out}", "--racks", "1", "--workers", "1", "--json",
            "--records", str(folder), "--plot", str(picture), "--lang", "vi"]  # fmt: skip
    assert main(argv) == 0
    assert picture.read_bytes()[:4] == b"\x89PNG"
    document = json.loads(capsys.readouterr().out)
    assert [(p["a"], p["b"]) for p in document["pairings"]] == [("1", "agent:learned")]
    assert sorted(r["level"] for r in document["ratings"]) == ["1", "agent:learned"]
    (record,) = sorted(folder.glob("*.json"))
    assert "agent:learned" in record.read_text(encoding="utf-8")
    assert main(["record", "verify", str(record)]) == 0
    bad = tmp_path / "bad.json"
    bad.write_text('{"format": "rotation61-match"}', encoding="utf-8")
    assert main(["ai", "match", "--a", str(bad), "--b", "1", "--racks", "1"]) == 1
    assert "not a 'rotation61-agent' file" in capsys.readouterr().err

"""The pairing rules an event is drawn under: events stored before they were named replay as drawn.

``data/*.json`` were written by the code before the crossover and the Swiss bye changed
(no ``pairing`` in their settings); their ``matches`` are that code's pairings.
"""

from __future__ import annotations

import json
from collections import Counter
from dataclasses import replace
from pathlib import Path
from typing import Any

import pytest

from rotation61.tournament import (
    CURRENT_PAIRING,
    Config,
    ErrorCode,
    EventState,
    Format,
    InvalidEventError,
    PairingRules,
    Result,
    Stage,
    Status,
    TournamentError,
    draw,
    from_dict,
    new_event,
    play,
    to_dict,
)
from tests.tournament.helpers import field, play_out

DATA = Path(__file__).parent / "data"
OLD_FILES = ["double_8_single_from_4.json", "swiss_5_rounds_7.json"]


def _old(name: str) -> dict[str, Any]:
    data: dict[str, Any] = json.loads((DATA / name).read_text(encoding="utf-8"))
    assert "pairing" not in data["config"]
    return data


def _pairings(matches: list[dict[str, Any]]) -> list[tuple[str, list[str], str, str]]:
    return [(m["id"], m["players"], m["status"], m["winner"]) for m in matches]


@pytest.mark.parametrize("name", OLD_FILES)
def test_an_event_stored_before_the_field_replays_to_its_old_pairings(name: str) -> None:
    data = _old(name)
    state = from_dict(data)
    assert state.event.config.pairing is PairingRules.V1
    assert _pairings(to_dict(state)["matches"]) == _pairings(data["matches"])
    assert state.champion == data["champion"]


@pytest.mark.parametrize("name", OLD_FILES)
def test_the_same_inputs_under_the_current_rules_pair_otherwise(name: str) -> None:
    data = _old(name)
    data["config"]["pairing"] = CURRENT_PAIRING.value
    try:
        state = from_dict(data)
    except TournamentError:
        return  # a result lands on a match the current rules have not made ready
    assert _pairings(to_dict(state)["matches"]) != _pairings(data["matches"])


def _inputs(name: str, stage: Stage, before_round: int) -> list[Result]:
    """The old file's results of the matches before a round of a stage."""
    data = _old(name)
    rounds = {m["id"]: (m["stage"], m["round"]) for m in data["matches"]}
    kept = [
        i
        for i in data["inputs"]
        if i["kind"] == "result"
        and not (rounds[i["match"]][0] == stage.value and rounds[i["match"]][1] >= before_round)
    ]
    return [
        Result(match=i["match"], racks=tuple(i["racks"]), points=tuple(i["points"])) for i in kept
    ]


def _replayed(state: EventState, results: list[Result]) -> EventState:
    for result in results:
        state = play(state, result)
    return state


def test_a_new_event_crosses_over_without_an_immediate_rematch() -> None:
    data = _old(OLD_FILES[0])
    config = replace(from_dict(data).event.config, pairing=CURRENT_PAIRING)
    assert Config(format=Format.DOUBLE, single_from=4).pairing is CURRENT_PAIRING
    state = draw(new_event("Cup", field(8), config), seed=data["draw_seed"])
    state = _replayed(state, _inputs(OLD_FILES[0], Stage.KNOCKOUT, 1))
    by_id = {m.id: m for m in state.matches}
    first = [m for m in state.matches if m.stage is Stage.KNOCKOUT and m.round == 1]
    assert len(first) == 2
    for match in first:
        winners_qualifier, losers_qualifier = match.players
        won = next(
            m for m in by_id.values() if m.id.startswith("W2-") and m.winner == winners_qualifier
        )
        came = next(
            m for m in by_id.values() if m.id.startswith("L2-") and m.winner == losers_qualifier
        )
        assert won.loser not in came.players, match.id
    old = {m["id"]: m["players"] for m in data["matches"]}
    assert [m.players for m in first] != [tuple(old[m.id]) for m in first]


def test_a_new_swiss_event_shares_the_byes_out() -> None:
    data = _old(OLD_FILES[1])
    old = from_dict(data)
    old_byes = Counter(m.winner for m in old.matches if m.status is Status.BYE)
    assert max(old_byes.values()) == 3
    config = replace(old.event.config, pairing=CURRENT_PAIRING)
    state = play_out(draw(new_event("Swiss", field(5), config), seed=data["draw_seed"]), 5)
    assert state.finished
    byes = Counter(m.winner for m in state.matches if m.status is Status.BYE)
    assert sorted(byes.values()) == [1, 1, 1, 2, 2]


def test_new_events_take_the_current_rules() -> None:
    assert Config(format=Format.SWISS).pairing is CURRENT_PAIRING is PairingRules.V2


@pytest.mark.parametrize("rules", list(PairingRules))
def test_the_codec_round_trips_the_pairing_rules(rules: PairingRules) -> None:
    config = Config(format=Format.DOUBLE, single_from=4, pairing=rules)
    state = draw(new_event("Cup", field(8), config), seed=1)
    data = to_dict(state)
    assert data["config"]["pairing"] == rules.value
    again = from_dict(json.loads(json.dumps(data)))
    assert again.event.config == config
    assert to_dict(again) == data


@pytest.mark.parametrize("value", [0, 3, True, "2", None])
def test_unknown_pairing_rules_are_refused(value: object) -> None:
    data = to_dict(draw(new_event("Cup", field(4), Config(format=Format.SINGLE)), seed=1))
    data["config"]["pairing"] = value
    with pytest.raises(InvalidEventError) as caught:
        from_dict(data)
    assert caught.value.code is ErrorCode.BAD_VALUE
    assert caught.value.params["key"] == "pairing"


def test_a_config_refuses_unknown_pairing_rules() -> None:
    with pytest.raises(InvalidEventError) as caught:
        Config(format=Format.SINGLE, pairing=3)  # type: ignore[arg-type]
    assert caught.value.code is ErrorCode.UNKNOWN_SETTING_VALUE

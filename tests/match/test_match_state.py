"""MatchState invariants and the decisions of a match (A13; §VIII through the match layer)."""

from __future__ import annotations

import dataclasses

import pytest

from rotation61 import match as matches
from rotation61.match import MatchState, start_match
from rotation61.rules import (
    IllegalActionError,
    InvalidStateError,
    Option,
    Phase,
    Seat,
    Shot,
    get_ruleset,
    new_rack,
)
from tests.match.factories import DRY_BREAK


@pytest.mark.parametrize(
    ("fields", "needle"),
    [
        ({"race_to": 2, "racks_won": (3, 0), "winner": Seat.A}, "outside 0..race_to"),
        ({"race_to": 2, "racks_won": (0, -1)}, "outside 0..race_to"),
        ({"race_to": 2, "racks_won": (2, 0)}, "not over"),
        ({"race_to": 0}, "race_to"),
        ({"rack": new_rack(get_ruleset("bca"))}, "another rule set"),
    ],
    ids=["over-race", "negative", "unfinished-at-race", "race-0", "rules"],
)
def test_inconsistent_match_states_are_rejected(fields: dict[str, object], needle: str) -> None:
    with pytest.raises(InvalidStateError, match=needle):
        MatchState(**fields)  # type: ignore[arg-type]


def test_a_new_match_waits_for_the_first_break() -> None:
    match = start_match(get_ruleset("japan"), race_to=4, first_breaker=Seat.B)
    assert (match.race_to, match.racks_won, match.completed, match.winner) == (4, (0, 0), (), None)
    assert match.rack.rules == match.rules == get_ruleset("japan")
    assert match.rack_number == 1
    assert not match.is_over


def test_match_states_are_immutable() -> None:
    match = start_match(race_to=2)
    with pytest.raises(dataclasses.FrozenInstanceError):
        match.race_to = 3  # type: ignore[misc]


def test_a_decision_in_a_match_goes_to_the_rack_in_play() -> None:
    match, _ = matches.play(start_match(race_to=2), DRY_BREAK)
    match, ruling = matches.play(match, Shot(first_contact=5, rail_after_contact=frozenset({0})))
    assert ruling.legal is False
    assert match.rack.phase is Phase.DECISION
    with pytest.raises(IllegalActionError, match="choice belongs to A"):
        matches.decide(match, Option.ACCEPT_TABLE, by=Seat.B)
    with pytest.raises(IllegalActionError, match="waits for a decision"):
        matches.play(match, Shot(first_contact=1))
    after = matches.decide(match, Option.CUE_IN_HAND_KITCHEN, by=Seat.A)
    assert after.rack.phase is Phase.SHOT
    assert after.rack.cue_in_hand
    assert (after.racks_won, after.completed, after.rack_number) == ((0, 0), (), 1)


def test_a_decision_with_none_pending_is_rejected() -> None:
    with pytest.raises(IllegalActionError, match="no decision is pending"):
        matches.decide(start_match(race_to=2), Option.ACCEPT_TABLE)

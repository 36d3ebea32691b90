"""Short, legal ways to finish a rack of a match by play."""

from __future__ import annotations

from rotation61 import match as matches
from rotation61.match import MatchState, start_match
from rotation61.rules import (
    BreakerPolicy,
    ContactType,
    KitchenFacts,
    Option,
    Ruling,
    Seat,
    Shot,
    get_ruleset,
)

BREAK_RAILS = frozenset({2, 3, 4, 5})

BREAK_AND_RUN = Shot(first_contact=1, pocketed=(11, 12, 13, 14, 15), break_rail_balls=BREAK_RAILS)
"""A legal break worth 65: the breaker reaches 61 on the break (§II, §IV)."""

DRY_BREAK = Shot(first_contact=1, break_rail_balls=BREAK_RAILS, rail_after_contact=frozenset({0}))
"""A legal break that pockets nothing: four balls reach a cushion, the turn passes (§IV)."""

RUN_OUT = Shot(first_contact=1, pocketed=(1, 11, 12, 13, 14, 15))
"""After a dry break: the 1 first, 66 points in one legal shot (§I, §II)."""


def win_rack(match: MatchState, winner: Seat) -> tuple[MatchState, Ruling]:
    """``winner`` wins the fresh rack in play by reaching 61, whoever breaks it."""
    rack = match.rack
    assert (rack.is_break, rack.ply) == (True, 0), "win_rack starts from a fresh rack"
    if rack.to_act is winner:
        return matches.play(match, BREAK_AND_RUN)
    match, ruling = matches.play(match, DRY_BREAK)
    assert ruling.legal
    assert match.rack.to_act is winner
    return matches.play(match, RUN_OUT)


def tie_rack(match: MatchState) -> tuple[MatchState, Ruling]:
    """A 60-60 tie: the breaker scores 60 on the break and misses; the other runs 60 (§II)."""
    breaker = match.rack.to_act
    match, ruling = matches.play(
        match, Shot(first_contact=1, pocketed=(15, 14, 13, 12, 6), break_rail_balls=BREAK_RAILS)
    )
    assert ruling.legal
    assert match.rack.scores[breaker] == 60
    match, ruling = matches.play(match, Shot(first_contact=1, rail_after_contact=frozenset({0})))
    assert ruling.legal
    assert match.rack.to_act is breaker.opponent
    return matches.play(match, Shot(first_contact=1, pocketed=(1, 2, 3, 4, 5, 7, 8, 9, 10, 11)))


UNCROSSED_BREAK = Shot(
    kitchen=KitchenFacts(
        crossed_before_first_contact=False,
        first_contact_type=ContactType.NONE,
        first_ball_zone=None,
        crossed=False,
    )
)


def b_must_break_after_an_uncrossed_break(policy: BreakerPolicy) -> MatchState:
    """A breaks without crossing the head string; B takes the break, becoming breaker (A19, A48)."""
    rules = get_ruleset("standard").with_overrides({"next_rack_breaker": policy})
    match = start_match(rules, race_to=3, first_breaker=Seat.A)
    match, ruling = matches.play(match, UNCROSSED_BREAK)
    assert ruling.options == (Option.CUE_IN_HAND_KITCHEN,)
    return matches.decide(match, Option.CUE_IN_HAND_KITCHEN, by=Seat.B)

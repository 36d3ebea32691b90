"""Properties of the referee over random legal play, drawn input by input by Hypothesis.

Each example is a :class:`~tests.strategies.Playout`: a match under a preset, played to
its end by drawn inputs; a failing case shrinks to a short list of plain inputs. One
playout feeds every per-input property, each a small named check, so that a failure
names the property that broke.
"""

from __future__ import annotations

import dataclasses

from hypothesis import given

from rotation61.match import MatchState
from rotation61.rules import (
    TOTAL_POINTS,
    DisqualificationScope,
    RackResultType,
    RackState,
    Ruling,
    Seat,
    Shot,
    judge,
)
from rotation61.rules.state import check_invariants
from tests.strategies import Playout, Step, playouts, rack_after

RACK_FIELDS = frozenset(f.name for f in dataclasses.fields(RackState))
RULING_FIELDS = frozenset(f.name for f in dataclasses.fields(Ruling))


def _assert_rack_is_valid(rack: RackState) -> None:
    check_invariants(rack)
    assert vars(rack).keys() == RACK_FIELDS  # the fast path wrote declared fields only
    assert sum(rack.scores) + sum(rack.on_table) == TOTAL_POINTS


def _count_racks(match: MatchState) -> tuple[tuple[int, int], Seat | None]:
    """Racks won and the match winner, counted from the finished racks alone: the first to
    ``race_to`` racks wins (A13); a match concession or a match disqualification ends the
    match at once, its rack uncounted (A38, A39)."""
    won = [0, 0]
    for rack in match.completed:
        result = rack.result
        assert result is not None, "a completed rack has a result"
        if result.type is RackResultType.MATCH_CONCESSION or (
            result.type is RackResultType.DISQUALIFICATION
            and match.rules.disqualification_scope is DisqualificationScope.MATCH
        ):
            return (won[0], won[1]), result.winner
        if result.winner is not None:
            won[result.winner] += 1
            if won[result.winner] == match.race_to:
                return (won[0], won[1]), result.winner
    return (won[0], won[1]), None


def _assert_invariants_and_conservation(step: Step) -> None:
    _assert_rack_is_valid(step.after.rack)
    for done in step.after.completed:
        _assert_rack_is_valid(done)
    # the match's score and winner agree with a count of its finished racks, and the rack
    # in play is over exactly when the match is
    assert _count_racks(step.after) == (step.after.racks_won, step.after.winner)
    assert step.after.rack.is_over == (step.after.winner is not None)
    if step.ruling is not None:
        assert vars(step.ruling).keys() == RULING_FIELDS
        assert step.ruling.ply == step.before.rack.ply


def _assert_a_foul_credits_nothing_and_returns_every_ball(step: Step) -> None:
    ruling = step.ruling
    if ruling is None or not ruling.fouls or ruling.event is not None:
        return
    assert ruling.credited == ()
    assert ruling.points == 0
    after = rack_after(step)
    assert after.scores == step.before.rack.scores
    assert after.on_table == step.before.rack.on_table
    spotted = ruling.spotted
    assert len(set(spotted)) == len(spotted)
    assert set(spotted) <= after.on_table


def _assert_judge_is_deterministic_and_play_applies_it(step: Step) -> None:
    if isinstance(step.given, Shot):
        rack = step.before.rack
        assert judge(rack, step.given) == judge(rack, step.given) == step.ruling


def _assert_fouls_count_by_at_most_one_and_legal_shots_reset(step: Step) -> None:
    ruling = step.ruling
    if ruling is None or ruling.event is not None:
        return
    before = step.before.rack.consecutive_fouls
    shooter = ruling.shooter
    other = shooter.opponent
    assert ruling.consecutive_fouls[other] == before[other]
    if ruling.fouls:
        assert ruling.consecutive_fouls[shooter] in (before[shooter], before[shooter] + 1)
    else:
        assert ruling.consecutive_fouls[shooter] == 0


@given(playouts())
def test_random_play_keeps_every_property_of_the_referee_and_ends(playout: Playout) -> None:
    assert playout.steps
    assert playout.steps[-1].after.is_over
    for step in playout.steps:
        _assert_invariants_and_conservation(step)
        _assert_a_foul_credits_nothing_and_returns_every_ball(step)
        _assert_judge_is_deterministic_and_play_applies_it(step)
        _assert_fouls_count_by_at_most_one_and_legal_shots_reset(step)

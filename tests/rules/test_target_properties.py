"""Properties of a target per player (A51) over random play drawn by Hypothesis.

With 61 and 61 the game is exactly today's: the same inputs give the same rulings and
racks as with the one number 61. With any pair of targets, a rack is won only by a
player who reached his own target (or, under the BCA tie rule, by the bonus point on a
tie), and a tie happens only when the table is empty and neither reached his target.
"""

from __future__ import annotations

import dataclasses

from hypothesis import given
from hypothesis import strategies as st

from rotation61.match import start_match
from rotation61.rules import RackResultType, Seat
from tests.strategies import Playout, feed, play_out, playouts, rack_after, rulesets, seats


@given(playouts())
def test_61_and_61_rule_exactly_as_61(playout: Playout) -> None:
    rules = playout.start.rules
    per_seat = dataclasses.replace(rules, target_points=(61, 61))
    assert per_seat.targets == (61, 61)
    assert per_seat.overrides() == rules.overrides()
    match = dataclasses.replace(
        playout.start,
        rules=per_seat,
        rack=dataclasses.replace(playout.start.rack, rules=per_seat),
    )
    for step in playout.steps:
        match, ruling = feed(match, step.given)
        assert ruling == step.ruling
        assert match == step.after


@st.composite
def handicapped_playouts(draw: st.DrawFn) -> tuple[Playout, tuple[int, int]]:
    """A match under a preset with a target per player, played to its end."""
    targets = (draw(st.integers(30, 90)), draw(st.integers(30, 90)))
    rules = draw(rulesets).with_overrides({"target_points": {"A": targets[0], "B": targets[1]}})
    match = start_match(rules, race_to=2, first_breaker=draw(seats))
    return play_out(draw, match), targets


@given(handicapped_playouts())
def test_a_rack_is_won_at_ones_own_target_and_tied_only_when_neither_reached(
    case: tuple[Playout, tuple[int, int]],
) -> None:
    playout, targets = case
    for step in playout.steps:
        ruling = step.ruling
        if ruling is None or ruling.result is None or ruling.event is not None:
            continue
        rack = rack_after(step)
        result = ruling.result
        tied = not rack.on_table and all(rack.scores[s] < targets[s] for s in Seat)
        if result.type is RackResultType.TIE_60_60_REPLAY:
            assert tied
        elif result.type is RackResultType.REACHED_61:
            winner = result.winner
            assert winner is not None
            if result.bonus_point is None:
                assert rack.scores[winner] >= targets[winner]
                assert rack.scores[winner.opponent] < targets[winner.opponent]
            else:
                assert tied

"""Properties of the referee over random legal play."""

from __future__ import annotations

import random

from hypothesis import given

from rotation61.match import MatchState
from rotation61.rules import TOTAL_POINTS, Phase, judge
from rotation61.rules.state import check_invariants
from tests.strategies import random_match, random_shot, random_step, seeds

MAX_INPUTS = 5000


def _playout(seed: int) -> list[tuple[MatchState, MatchState, object]]:
    rng = random.Random(seed)
    match = random_match(seed)
    steps = []
    for _ in range(MAX_INPUTS):
        if match.is_over:
            return steps
        after, ruling = random_step(match, rng)
        steps.append((match, after, ruling))
        match = after
    raise AssertionError(f"seed {seed}: the match did not end within {MAX_INPUTS} inputs")


@given(seeds)
def test_random_playouts_end_and_conserve_points(seed: int) -> None:
    for _, after, _ in _playout(seed):
        rack = after.rack
        check_invariants(rack)
        assert sum(rack.scores) + sum(rack.on_table) == TOTAL_POINTS
        for done in after.completed:
            check_invariants(done)
            assert sum(done.scores) + sum(done.on_table) == TOTAL_POINTS


@given(seeds)
def test_a_foul_credits_nothing_and_returns_every_ball(seed: int) -> None:
    for before, after, ruling in _playout(seed):
        if ruling is None or not getattr(ruling, "fouls", ()) or ruling.event is not None:
            continue
        assert ruling.credited == ()
        assert ruling.points == 0
        rack_after = after.completed[-1] if ruling.result is not None else after.rack
        assert rack_after.scores == before.rack.scores
        assert rack_after.on_table == before.rack.on_table
        spotted = ruling.spotted
        assert len(set(spotted)) == len(spotted)
        assert set(spotted) <= rack_after.on_table


@given(seeds)
def test_judge_is_deterministic(seed: int) -> None:
    rng = random.Random(seed)
    match = random_match(seed)
    for _ in range(200):
        if match.is_over:
            break
        if match.rack.phase is Phase.SHOT:
            shot = random_shot(match.rack, rng)
            assert judge(match.rack, shot) == judge(match.rack, shot)
        match, _ = random_step(match, rng)


@given(seeds)
def test_legal_shots_reset_the_shooters_count_and_fouls_raise_it_by_at_most_one(seed: int) -> None:
    for before, _, ruling in _playout(seed):
        if ruling is None or ruling.event is not None:
            continue
        shooter = ruling.shooter
        old = before.rack.consecutive_fouls[shooter]
        new = ruling.consecutive_fouls[shooter]
        other = shooter.opponent
        assert ruling.consecutive_fouls[other] == before.rack.consecutive_fouls[other]
        if ruling.fouls:
            assert new in (old, old + 1)
        else:
            assert new == 0

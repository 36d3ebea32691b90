"""Statistics derived by replay: innings, runs, break yield, fouls, racks won."""

from __future__ import annotations

from fractions import Fraction

from hypothesis import given

from rotation61.records import MatchHeader, MatchLog, MatchRecord, stats
from rotation61.rules import FoulKind, OfficialEvent, Option, Seat, Shot
from tests.records.factories import records

BREAK = Shot(first_contact=1, pocketed=(5, 12), break_rail_balls=frozenset({2, 3, 4, 6}))


def _match() -> MatchRecord:
    b = MatchLog.begin(MatchHeader.of(players=("Ann", "Bob"), race_to=2))
    b, _ = b.play(BREAK)  # Ann 17
    b, _ = b.play(Shot(first_contact=1, pocketed=(1,)))  # Ann 18
    b, _ = b.play(Shot(first_contact=2, rail_after_contact=frozenset({0})))  # miss
    b, _ = b.play(Shot(first_contact=3, cue_pocketed=True))  # Bob: wrong ball and scratch
    b = b.decide(Option.CUE_IN_HAND_KITCHEN)
    b, _ = b.play(Shot(first_contact=2, pocketed=(2, 15)))  # Ann 35
    b, _ = b.play(Shot(first_contact=3, pocketed=(3, 14, 13)))  # Ann 65: rack
    b, _ = b.play(BREAK)  # Ann breaks rack 2 (winner breaks): 17
    b, _ = b.play(Shot(first_contact=1, pocketed=(1, 15, 14, 13)))  # 60
    b, _ = b.play(Shot(first_contact=2, pocketed=(2,)))  # 62: break and run
    return b.record


def test_innings_runs_and_racks_follow_the_definitions() -> None:
    found = stats([_match()])
    ann, bob = found.matches[0].seats
    assert (ann.innings, ann.shots, ann.points, ann.high_run) == (3, 8, 127, 62)
    assert ann.points_per_inning == Fraction(127, 3)
    assert (ann.racks_played, ann.racks_won, ann.racks_won_from_break) == (2, 2, 1)
    assert (ann.breaks, ann.legal_breaks, ann.break_balls, ann.break_points) == (2, 2, 4, 34)
    assert (bob.innings, bob.shots, bob.points, bob.high_run) == (1, 1, 0, 0)
    assert bob.fouls == (
        (FoulKind.WRONG_FIRST_CONTACT, 1),
        (FoulKind.NO_RAIL_AFTER_CONTACT, 1),
        (FoulKind.SCRATCH, 1),
    )
    assert bob.foul_count == 3
    assert (bob.fouled_shots, ann.fouled_shots) == (1, 0)
    # rack 1's winning inning scored 47 (no run-out); rack 2 was a break and run
    assert (ann.runouts, bob.runouts) == (1, 0)
    assert found.matches[0].winner == "Ann"
    assert found.matches[0].racks_won == (2, 0)


def test_a_run_out_after_the_opponents_break_is_not_a_break_and_run() -> None:
    b = MatchLog.begin(MatchHeader.of(players=("Ann", "Bob"), race_to=1))
    b, _ = b.play(BREAK)  # Ann 17
    b, _ = b.play(Shot(first_contact=1, rail_after_contact=frozenset({0})))  # miss
    b, _ = b.play(Shot(first_contact=1, pocketed=(1, 15, 14, 13)))  # Bob 43
    b, _ = b.play(Shot(first_contact=2, pocketed=(2, 3, 4, 6)))  # 58
    b, ruling = b.play(Shot(first_contact=7, pocketed=(7,)))  # 65: rack
    assert ruling.result is not None
    ann, bob = stats([b.record]).matches[0].seats
    assert (bob.innings, bob.high_run, bob.runouts, bob.racks_won_from_break) == (1, 65, 1, 0)
    assert (ann.innings, ann.runouts, ann.racks_won_from_break) == (1, 0, 0)


def test_players_are_merged_by_name_across_matches() -> None:
    record = _match()
    b = MatchLog.begin(MatchHeader.of(players=("Bob", "Ann"), race_to=1))
    b, _ = b.officiate(OfficialEvent.CONCEDE_MATCH, Seat.B)
    found = stats([record, b.record])
    by_name = {p.player: p for p in found.players}
    assert [p.player for p in found.players] == ["Ann", "Bob"]
    assert (by_name["Ann"].matches, by_name["Ann"].matches_won) == (2, 1)
    assert (by_name["Bob"].matches_won, by_name["Bob"].racks_won) == (1, 1)
    assert by_name["Ann"].high_run == 62
    assert by_name["Bob"].fouls_of(FoulKind.SCRATCH) == 1
    assert found.matches[1].index == 1


@given(records())
def test_statistics_add_up_for_any_match(record: MatchRecord) -> None:
    found = stats([record])
    (match,) = found.matches
    for seat in match.seats:
        assert seat.high_run <= seat.points
        assert seat.legal_breaks <= seat.breaks
        assert seat.racks_won_from_break <= seat.racks_won <= seat.racks_played
        assert seat.innings <= seat.shots + seat.fouls_of(FoulKind.TIME_FOUL)
        assert seat.timed_shots <= seat.shots + seat.fouls_of(FoulKind.TIME_FOUL)
    assert tuple(s.racks_won for s in match.seats) >= match.racks_won

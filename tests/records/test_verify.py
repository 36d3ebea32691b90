"""Replay and verify: stored rulings are an audit trail checked against the engine."""

from __future__ import annotations

import dataclasses
from pathlib import Path

import pytest

from rotation61.records import (
    DecisionEntry,
    DiscrepancyKind,
    IllegalEntryError,
    MatchHeader,
    MatchRecord,
    RackRecord,
    ReplayMismatchError,
    RulingSummary,
    ShotEntry,
    annotate,
    parse_match,
    replay,
    verify,
)
from rotation61.rules import FoulKind, Option, RackResultType, Seat, Shot

GOLDEN = Path(__file__).parent / "golden" / "race-to-2-tie-concession.r61"


def _golden() -> MatchRecord:
    return parse_match(GOLDEN.read_text(encoding="utf-8"))


def _alter(record: MatchRecord, rack: int, entry: int, **changes: object) -> MatchRecord:
    racks = list(record.racks)
    entries = list(racks[rack].entries)
    old = entries[entry]
    assert isinstance(old, ShotEntry)
    assert old.ruling is not None
    entries[entry] = dataclasses.replace(old, ruling=dataclasses.replace(old.ruling, **changes))
    racks[rack] = dataclasses.replace(racks[rack], entries=tuple(entries))
    return dataclasses.replace(record, racks=tuple(racks))


def test_verify_finds_an_altered_stored_ruling() -> None:
    record = _alter(_golden(), 0, 0, points=18)
    (found,) = verify(record)
    assert (found.kind, found.rack, found.entry, found.field) == (
        DiscrepancyKind.RULING,
        0,
        0,
        "ruling.points",
    )
    assert (found.stored, found.recomputed) == ("18", "17")
    assert found.describe() == (
        "racks[0].entries[0] (rack 1, entry 1): ruling.points: stored 18, recomputed 17"
    )


def test_verify_is_lenient_and_lists_every_discrepancy_in_order() -> None:
    record = _alter(_golden(), 0, 0, points=18)
    record = _alter(record, 1, 11, result=RackResultType.REACHED_61)
    record = _alter(
        record, 0, 6, fouls=(FoulKind.CUE_BALL_OFF_TABLE,), options=(Option.CUE_IN_HAND_KITCHEN,)
    )
    found = verify(record)
    assert [(d.rack, d.entry, d.field) for d in found] == [
        (0, 0, "ruling.points"),
        (0, 6, "ruling.fouls"),
        (0, 6, "ruling.options"),
        (1, 11, "ruling.result"),
    ]


def test_strict_replay_raises_on_the_first_discrepancy() -> None:
    record = _alter(_alter(_golden(), 0, 1, points=2), 1, 0, points=1)
    with pytest.raises(ReplayMismatchError, match=r"racks\[0\]\.entries\[1\].*stored 2") as err:
        replay(record, strict=True)
    assert err.value.discrepancy.entry == 1


def test_an_input_the_engine_rejects_is_a_discrepancy_not_a_crash() -> None:
    record = _golden()
    rack = record.racks[0]
    bad = DecisionEntry(option=Option.RESTORE_AND_OFFENDER_REPLAYS, by=Seat.B)
    entries = (*rack.entries[:3], bad, *rack.entries[3:])
    record = dataclasses.replace(
        record, racks=(dataclasses.replace(rack, entries=entries), *record.racks[1:])
    )
    found = verify(record)
    assert found[0].kind is DiscrepancyKind.REJECTED
    assert (found[0].rack, found[0].entry, found[0].stored) == (0, 3, "B>restore")
    assert "was not offered" in found[0].recomputed
    assert len(found) == 1  # the rejected input is skipped; the rest replays as stored
    with pytest.raises(ReplayMismatchError, match="the referee rejects 'B>restore'"):
        replay(record, strict=True)


def test_a_shot_after_the_match_ended_is_reported() -> None:
    record = _golden()
    last = record.racks[-1]
    extra = ShotEntry(shot=Shot(first_contact=4))
    record = dataclasses.replace(
        record,
        racks=(
            *record.racks[:-1],
            dataclasses.replace(last, entries=(*last.entries, extra)),
            RackRecord(breaker=Seat.A, entries=(extra,)),
        ),
    )
    found = verify(record)
    assert [(d.kind, d.rack, d.entry) for d in found] == [
        (DiscrepancyKind.REJECTED, 2, 7),
        (DiscrepancyKind.STRUCTURE, 3, None),
    ]
    assert found[0].recomputed == "the match is over"
    assert "won by B" in found[1].recomputed


def test_an_overridden_shot_is_judged_both_ways() -> None:
    text = (GOLDEN.parent / "override-restore-stalemate.r61").read_text(encoding="utf-8")
    record = parse_match(text.replace("6:6 <legal +6> !", "6:6 <legal +7> !"))
    (found,) = verify(record)
    assert (found.field, found.stored, found.recomputed) == ("ruling.points", "7", "6")
    altered = text.replace('offer:accept,cih> "the 7', 'offer:accept> "the 7')
    (found,) = verify(parse_match(altered))
    assert found.field == "override.ruling.options"


def test_annotate_writes_the_engines_rulings() -> None:
    record = _golden()
    bare = dataclasses.replace(
        record,
        racks=tuple(
            dataclasses.replace(
                rack,
                entries=tuple(
                    dataclasses.replace(e, ruling=None) if not isinstance(e, DecisionEntry) else e
                    for e in rack.entries
                ),
            )
            for rack in record.racks
        ),
    )
    assert verify(bare) == []
    assert annotate(bare) == record
    assert annotate(_alter(record, 0, 0, points=99)) == record


def test_annotate_refuses_a_record_the_referee_rejects() -> None:
    record = MatchRecord(
        header=MatchHeader(players=("A", "B"), race_to=1),
        racks=(
            RackRecord(
                breaker=Seat.A, entries=(DecisionEntry(option=Option.ACCEPT_TABLE, by=Seat.B),)
            ),
        ),
    )
    with pytest.raises(IllegalEntryError, match="no decision is pending"):
        annotate(record)


def test_replay_gives_every_state_and_ruling() -> None:
    record = _golden()
    done = replay(record)
    assert len(done.states) == len(done.steps) + 1 == 1 + sum(len(r.entries) for r in record.racks)
    assert len(done.rulings) == sum(
        1 for _, _, e in record.entries() if not isinstance(e, DecisionEntry)
    )
    assert done.states[0].rack.is_break
    assert RulingSummary.from_ruling(done.rulings[0]) == RulingSummary(legal=True, points=17)

"""Golden records: hand-written matches that replay to their stored rulings."""

from __future__ import annotations

from pathlib import Path

import pytest

from rotation61.records import (
    EventEntry,
    MatchRecord,
    ShotEntry,
    format_match,
    from_json,
    parse_match,
    replay,
    stats,
    to_json,
)
from rotation61.rules import FoulKind, RackResultType, Seat

GOLDEN = Path(__file__).parent / "golden"
FILES = sorted(GOLDEN.glob("*.r61"))


def _read(path: Path) -> MatchRecord:
    return parse_match(path.read_text(encoding="utf-8"))


def test_there_are_golden_records() -> None:
    assert len(FILES) >= 2


@pytest.mark.parametrize("path", FILES, ids=[p.stem for p in FILES])
def test_golden_record_replays_to_its_stored_rulings(path: Path) -> None:
    record = _read(path)
    done = replay(record, strict=True)
    assert done.discrepancies == ()
    for _, _, entry in record.entries():
        if isinstance(entry, ShotEntry | EventEntry):
            assert entry.ruling is not None, f"{entry} stores no ruling"
        if isinstance(entry, ShotEntry) and entry.override is not None:
            assert entry.override.ruling is not None


@pytest.mark.parametrize("path", FILES, ids=[p.stem for p in FILES])
def test_golden_record_converts_both_ways_without_loss(path: Path) -> None:
    record = _read(path)
    assert from_json(to_json(record)) == record
    assert parse_match(format_match(record)) == record


def test_tie_replay_and_concession_golden_ends_as_written() -> None:
    record = _read(GOLDEN / "race-to-2-tie-concession.r61")
    done = replay(record)
    results = [rack.result.type for rack in done.final.completed if rack.result is not None]
    assert results == [
        RackResultType.REACHED_61,
        RackResultType.TIE_60_60_REPLAY,
        RackResultType.CONCESSION,
    ]
    assert [rack.breaker for rack in record.racks] == [Seat.A, Seat.B, Seat.A]
    assert done.final.winner is Seat.B
    assert done.final.racks_won == (0, 2)


def test_override_golden_applies_the_referees_facts_and_keeps_both() -> None:
    record = _read(GOLDEN / "override-restore-stalemate.r61")
    done = replay(record)
    step = next(s for s in done.steps if s.engine_ruling is not None)
    assert step.engine_ruling is not None
    assert step.ruling is not None
    assert step.engine_ruling.legal is True
    assert step.ruling.legal is False
    assert step.after.rack.scores == (6, 9)  # the 6 is spotted, not scored
    assert done.final.winner is Seat.A


def test_golden_statistics() -> None:
    found = stats([_read(path) for path in FILES])
    by_name = {p.player: p for p in found.players}
    ann = by_name["Ann"]
    assert (ann.innings, ann.points, ann.high_run, ann.racks_won_from_break) == (3, 70, 64, 1)
    assert (ann.breaks, ann.legal_breaks, ann.break_balls, ann.break_points) == (2, 2, 3, 18)
    an = by_name["Nguyễn Văn An"]
    assert (an.innings, an.points, an.high_run, an.racks_won) == (5, 118, 43, 0)
    assert an.foul_count == 3
    assert an.fouls_of(FoulKind.NO_RAIL_AFTER_CONTACT) == 2
    binh = by_name["Trần Bình"]
    assert (binh.racks_won, binh.matches_won, binh.racks_played) == (2, 1, 3)

"""The tournament service with fakes: the desk's use cases, the tables' results, retries."""

from __future__ import annotations

import itertools
from dataclasses import dataclass

import pytest

from rotation61.records import EventInput
from rotation61.rules import OfficialEvent, Seat
from rotation61.rules.text_fields import TextFieldError
from rotation61.tournament import (
    DrawError,
    DuplicateEntryError,
    Format,
    MatchNotReadyError,
    Status,
    WalkoverReason,
)
from rotation61.web.adapters.tournaments import StoredEntry
from rotation61.web.core.errors import MatchFinalError, WrongTableError
from rotation61.web.services.matches import MatchService
from rotation61.web.services.tournaments import EventSettings, LiveEvent, TournamentService
from tests.web.fakes import (
    FakeRepository,
    FakeTournaments,
    RecordingEventNotifier,
    RecordingNotifier,
)

SETTINGS = EventSettings(format=Format.SINGLE, race=1, tables=2)
PLAYERS = ("An", "Bình", "Chi", "Dũng")
CONCEDE_RACK_B = EventInput(event=OfficialEvent.CONCEDE_RACK, player=Seat.B)


@dataclass
class Hall:
    """One worker over in-memory storage: the match service, the events, what was told."""

    matches: MatchService
    tournaments: TournamentService
    repo: FakeRepository
    events: FakeTournaments
    told: RecordingEventNotifier


def _hall(repo: FakeRepository | None = None, events: FakeTournaments | None = None) -> Hall:
    repo = repo or FakeRepository()
    events = events or FakeTournaments(repo)
    pins = (f"{n:06d}" for n in itertools.count(100_000))
    told = RecordingEventNotifier()
    matches = MatchService(repo, RecordingNotifier(), clock=lambda: "t")
    tournaments = TournamentService(
        events,
        matches,
        notifiers=[told],
        clock=lambda: "t",
        pin_factory=lambda: next(pins),
        seed_factory=lambda: 7,
    )
    matches.subscribe(tournaments)
    return Hall(matches, tournaments, repo, events, told)


def _drawn(hall: Hall) -> int:
    event = hall.tournaments.create_event("Cup", SETTINGS).stored.id
    for name in PLAYERS:
        hall.tournaments.add_player(event, name=name, rating=None)
    hall.tournaments.check_in(event, ["p1", "p2", "p3", "p4"])
    hall.tournaments.draw(event)
    return event


def _started(hall: Hall) -> LiveEvent:
    return hall.tournaments.start(_drawn(hall))


def test_create_gives_the_tables_pins_and_a_bad_name_stores_nothing() -> None:
    hall = _hall()
    live = hall.tournaments.create_event("  Cup  ", SETTINGS)
    assert live.stored.name == "Cup"
    assert sorted(hall.events.table_pins()) == [1, 2]
    with pytest.raises(TextFieldError, match="event name"):
        hall.tournaments.create_event("x" * 101, SETTINGS)
    assert len(hall.events.events) == 1


def test_entries_are_numbered_and_a_duplicate_enters_no_one() -> None:
    hall = _hall()
    event = hall.tournaments.create_event("Cup", SETTINGS).stored.id
    hall.tournaments.add_player(event, name="An", club="Q1", rating=1500)
    live = hall.tournaments.add_player(event, name="Bình", rating=None)
    assert [(e.player_id, e.name) for e in live.entries] == [("p1", "An"), ("p2", "Bình")]
    twice = [
        StoredEntry(player_id="p3", name="Chi"),
        StoredEntry(player_id="p4", name=" an ", club="q1"),
    ]
    with pytest.raises(DuplicateEntryError, match="'an' of club 'q1'"):
        hall.tournaments.add_entries(event, twice)
    assert [e.player_id for e in hall.tournaments.event(event).entries] == ["p1", "p2"]
    assert hall.told.changed  # every change is announced


def test_the_draw_waits_for_every_check_in() -> None:
    hall = _hall()
    event = hall.tournaments.create_event("Cup", SETTINGS).stored.id
    for name in PLAYERS:
        hall.tournaments.add_player(event, name=name, rating=None)
    hall.tournaments.check_in(event, ["p1", "p2", "p3"])
    with pytest.raises(MatchNotReadyError, match="p4"):
        hall.tournaments.draw(event)
    assert hall.events.inputs[event] == []
    with pytest.raises(DrawError, match="before the draw"):
        hall.tournaments.start(event)
    hall.tournaments.check_in(event, ["p4"])
    live = hall.tournaments.draw(event)
    assert live.drawn
    assert not live.running


def test_start_calls_the_matches_to_tables_with_the_tables_new_pins() -> None:
    hall = _hall()
    event = _drawn(hall)
    before = hall.events.table_pins()
    live = hall.tournaments.start(event)
    on_tables = live.on_tables()
    assert sorted(on_tables) == [1, 2]
    pins = hall.events.table_pins()
    assert all(pins[t] != before[t] for t in pins)  # new PINs as the event starts
    for table, (_match, ref) in on_tables.items():
        assert hall.repo.matches[ref].pin == pins[table]
    with pytest.raises(MatchNotReadyError, match="already started"):
        hall.tournaments.start(event)


def test_a_finished_table_match_is_the_events_result_and_final() -> None:
    hall = _hall()
    live = _started(hall)
    match, ref = live.on_tables()[1]
    hall.matches.submit(ref, 0, CONCEDE_RACK_B)  # the match ends: the event takes it
    decided = hall.tournaments.event(live.stored.id).state
    assert decided is not None
    result = decided.match(match.id)
    assert result.status is Status.DONE
    assert (result.winner, result.racks) == (match.players[0], (1, 0))
    assert result.record == f"/matches/{ref}"
    assert hall.repo.matches[ref].final_for is not None
    with pytest.raises(MatchFinalError):
        hall.matches.submit(ref, 1, CONCEDE_RACK_B)
    # reported again by the table: no longer playing there
    with pytest.raises(WrongTableError):
        hall.tournaments.report(live.stored.id, 1, match.id, ref)


def test_a_desk_correction_changes_the_result() -> None:
    hall = _hall()
    live = _started(hall)
    match, ref = live.on_tables()[1]
    hall.matches.submit(ref, 0, CONCEDE_RACK_B)
    corrected = hall.tournaments.correct(live.stored.id, match.id, (0, 1), (10, 61))
    assert corrected.state is not None
    now = corrected.state.match(match.id)
    assert (now.winner, now.racks, now.points) == (match.players[1], (0, 1), (10, 61))


def test_a_result_racing_another_workers_input_is_judged_again_and_both_land() -> None:
    first = _hall()
    live = _started(first)
    second = _hall(first.repo, first.events)  # another worker on the same storage
    (one, ref1), (two, ref2) = live.on_tables()[1], live.on_tables()[2]
    event = live.stored.id

    def race() -> None:
        second.tournaments.walkover(event, two.id, str(two.players[0]), WalkoverReason.NO_SHOW)

    first.events.before_append = race
    first.matches.submit(ref1, 0, CONCEDE_RACK_B)
    assert first.events.stale_appends == 1  # the first append lost the race, then retried
    state = first.tournaments.event(event).state
    assert state is not None
    assert state.match(one.id).winner == one.players[0]
    assert state.match(two.id).winner == two.players[0]
    assert first.repo.matches[ref2].final_for is not None  # the walkover locked its match

"""Fakes for the service tests (cosmicpython style): in-memory repositories and notifiers."""

from __future__ import annotations

import dataclasses
from collections.abc import Callable, Mapping, Sequence
from typing import Any

from rotation61.records import Input, MatchHeader
from rotation61.tournament import Call, DuplicateEntryError, UnknownPlayerError
from rotation61.tournament import Input as EventInput
from rotation61.web.adapters.matches import final_message
from rotation61.web.adapters.shot_clocks import StoredClock, stale_clock
from rotation61.web.adapters.tournaments import (
    NewCall,
    StoredEntry,
    StoredEvent,
    StoredInput,
    name_key,
)
from rotation61.web.core.errors import (
    EntriesClosedError,
    MatchFinalError,
    MatchInEventError,
    MatchNotFoundError,
    StaleInputError,
    TournamentNotFoundError,
)
from rotation61.web.core.model import MatchStatus, StoredMatch


class FakeRepository:
    def __init__(self) -> None:
        self.matches: dict[int, StoredMatch] = {}
        self.inputs: dict[int, list[Input]] = {}
        self.forms: dict[str, int] = {}
        self.strokes: dict[tuple[int, int], dict[str, float]] = {}
        self.touched: dict[int, str] = {}
        self.called: set[int] = set()
        """Matches an event called (refused by :meth:`delete_match`)."""
        self._next_id = 1

    def add_match(
        self,
        header: MatchHeader,
        *,
        pin: str,
        created_at: str,
        form_id: str | None = None,
        inputs: Sequence[Input] = (),
        status: MatchStatus = MatchStatus.SCHEDULED,
        racks_won: tuple[int, int] = (0, 0),
    ) -> StoredMatch:
        if form_id is not None and form_id in self.forms:
            return self.matches[self.forms[form_id]]
        match_id = self._next_id
        self._next_id += 1
        if form_id is not None:
            self.forms[form_id] = match_id
        stored = StoredMatch(
            id=match_id,
            header=header,
            pin=pin,
            log_length=len(inputs),
            status=status,
            racks_won=racks_won,
            created_at=created_at,
        )
        self.matches[match_id] = stored
        self.inputs[match_id] = list(inputs)
        self.touched[match_id] = created_at
        return stored

    def get_match(self, match_id: int) -> StoredMatch:
        try:
            return self.matches[match_id]
        except KeyError:
            raise MatchNotFoundError(
                f"no match number {match_id!r}", key="error.not_found.match", number=match_id
            ) from None

    def list_matches(
        self, status: MatchStatus | None = None, *, games: bool = False, limit: int | None = None
    ) -> list[StoredMatch]:
        found = [
            m
            for m in sorted(self.matches.values(), key=lambda m: -m.id)
            if (status is None or m.status is status) and (m.game is not None) is games
        ]
        return found[:limit] if limit is not None else found

    def delete_match(self, match_id: int) -> StoredMatch:
        stored = self.get_match(match_id)
        if match_id in self.called:
            raise MatchInEventError(f"match {match_id} was called by an event")
        self._drop(match_id)
        return stored

    def expire_games(self, *, idle_before: str, finished_before: str) -> list[int]:
        ids = [
            m.id
            for m in self.matches.values()
            if m.game is not None
            and (
                self.touched[m.id] < finished_before
                or (self.touched[m.id] < idle_before and m.status is not MatchStatus.FINISHED)
            )
        ]
        for match_id in ids:
            self._drop(match_id)
        return ids

    def _drop(self, match_id: int) -> None:
        del self.matches[match_id]
        del self.inputs[match_id]
        self.touched.pop(match_id, None)
        for key in [k for k in self.strokes if k[0] == match_id]:
            del self.strokes[key]

    def load_inputs(self, match_id: int, *, after: int = 0) -> list[Input]:
        return self.inputs[match_id][after:]

    def append_input(
        self,
        match_id: int,
        seq: int,
        item: Input,
        *,
        status: MatchStatus,
        racks_won: tuple[int, int],
        created_at: str,
        stroke: Mapping[str, float] | None = None,
    ) -> None:
        log = self.inputs[match_id]
        final_for = self.matches[match_id].final_for
        if final_for is not None:
            raise MatchFinalError(final_message(match_id, final_for))
        if len(log) != seq - 1:
            raise StaleInputError(f"input {seq} of match {match_id} already exists")
        log.append(item)
        self.touched[match_id] = created_at
        if stroke is not None:
            self.strokes[(match_id, seq)] = dict(stroke)
        self.matches[match_id] = dataclasses.replace(
            self.matches[match_id], log_length=seq, status=status, racks_won=racks_won
        )

    def make_final(self, match_id: int, length: int, final_for: str) -> bool:
        stored = self.matches[match_id]
        if stored.log_length != length:
            return False
        if stored.final_for is None:
            self.matches[match_id] = dataclasses.replace(stored, final_for=final_for)
            return True
        return stored.final_for == final_for


class RecordingNotifier:
    def __init__(self) -> None:
        self.published_inputs: list[tuple[int, int]] = []

    def published(self, match_id: int, seq: int) -> None:
        self.published_inputs.append((match_id, seq))


class FakeTournaments:
    """The events' repository in memory; its calls' matches go to a :class:`FakeRepository`.

    ``before_append`` runs at the start of the next :meth:`append` (once): a test puts
    another worker's input there, so that the append finds the event moved on.
    """

    def __init__(self, matches: FakeRepository) -> None:
        self.matches = matches
        self.events: dict[int, StoredEvent] = {}
        self.entry_lists: dict[int, list[StoredEntry]] = {}
        self.inputs: dict[int, list[StoredInput]] = {}
        self.pins: dict[int, str] = {}
        self.before_append: Callable[[], None] | None = None
        self.stale_appends = 0

    def create_event(self, name: str, settings: dict[str, Any], *, created_at: str) -> StoredEvent:
        event = StoredEvent(
            id=len(self.events) + 1,
            name=name,
            settings=dict(settings),
            log_length=0,
            entries_version=0,
            created_at=created_at,
        )
        self.events[event.id] = event
        self.entry_lists[event.id] = []
        self.inputs[event.id] = []
        return event

    def list_events(self) -> list[StoredEvent]:
        return sorted(self.events.values(), key=lambda e: -e.id)

    def get_event(self, event_id: int) -> StoredEvent:
        try:
            return self.events[event_id]
        except KeyError:
            raise TournamentNotFoundError(
                f"no event number {event_id!r}", key="error.not_found.event", number=event_id
            ) from None

    def entries(self, event_id: int) -> list[StoredEntry]:
        return list(self.entry_lists[event_id])

    def _open_entries(self, event_id: int) -> None:
        event = self.get_event(event_id)
        if event.log_length:
            raise EntriesClosedError(f"the entries of event {event_id} are closed")
        self.events[event_id] = dataclasses.replace(
            event, entries_version=event.entries_version + 1
        )

    def _known(self, event_id: int, players: Sequence[str]) -> None:
        known = {e.player_id for e in self.entry_lists[event_id]}
        for player in players:
            if player not in known:
                raise UnknownPlayerError(f"no player {player!r} in event {event_id}")

    def add_entries(self, event_id: int, entries: Sequence[StoredEntry]) -> None:
        have = self.entry_lists[event_id]
        ids = {e.player_id for e in have}
        keys = {name_key(e.name, e.club) for e in have}
        for entry in entries:
            key = name_key(entry.name, entry.club)
            if entry.player_id in ids or key in keys:
                raise DuplicateEntryError("a player with that id, or that name and club")
            ids.add(entry.player_id)
            keys.add(key)
        self._open_entries(event_id)
        have.extend(entries)

    def check_in(self, event_id: int, players: Sequence[str], checked_in: bool) -> None:
        self._open_entries(event_id)
        self._known(event_id, players)
        self.entry_lists[event_id] = [
            dataclasses.replace(e, checked_in=checked_in) if e.player_id in players else e
            for e in self.entry_lists[event_id]
        ]

    def remove_entries(self, event_id: int, players: Sequence[str] | None) -> int:
        self._open_entries(event_id)
        if players is not None:
            self._known(event_id, players)
        have = self.entry_lists[event_id]
        kept = [
            e for e in have if (e.checked_in if players is None else e.player_id not in players)
        ]
        self.entry_lists[event_id] = kept
        return len(have) - len(kept)

    def load_inputs(self, event_id: int, *, after: int = 0) -> list[StoredInput]:
        return self.inputs[event_id][after:]

    def append(
        self,
        event_id: int,
        prev: int,
        items: Sequence[tuple[EventInput, NewCall | None]],
        *,
        created_at: str,
        entries_version: int | None = None,
        finals: Sequence[tuple[int, int, str]] = (),
        pins: Mapping[int, str] | None = None,
    ) -> list[StoredInput]:
        if self.before_append is not None:
            race, self.before_append = self.before_append, None
            race()
        event = self.get_event(event_id)
        moved = event.log_length != prev or (
            entries_version is not None and event.entries_version != entries_version
        )
        if moved or any(self.matches.matches[m].log_length != n for m, n, _ in finals):
            self.stale_appends += 1
            raise StaleInputError(f"stale: event {event_id} has moved past input {prev}")
        for match_id, length, label in finals:
            self.matches.make_final(match_id, length, label)
        out: list[StoredInput] = []
        for seq, (item, call) in enumerate(items, start=prev + 1):
            ref = None
            if call is not None:
                ref = self.matches.add_match(call.header, pin=call.pin, created_at=created_at).id
            out.append(StoredInput(seq=seq, item=item, match_ref=ref))
        self.inputs[event_id].extend(out)
        self.events[event_id] = dataclasses.replace(event, log_length=prev + len(items))
        if pins:
            self.pins.update(pins)
        return out

    def event_of_match(self, match_id: int) -> tuple[int, str] | None:
        for event_id, inputs in self.inputs.items():
            for stored in inputs:
                if stored.match_ref == match_id and isinstance(stored.item, Call):
                    return event_id, stored.item.match
        return None

    def ensure_tables(self, count: int, pin_factory: Callable[[], str]) -> dict[int, str]:
        for number in range(1, count + 1):
            self.pins.setdefault(number, pin_factory())
        return self.table_pins()

    def set_table_pins(self, pins: Mapping[int, str]) -> None:
        self.pins.update(pins)

    def table_pins(self) -> dict[int, str]:
        return dict(sorted(self.pins.items()))


class RecordingEventNotifier:
    def __init__(self) -> None:
        self.changed: list[tuple[int, int]] = []

    def event_changed(self, event_id: int, seq: int) -> None:
        self.changed.append((event_id, seq))


class FakeShotClocks:
    """The clock store in memory, conditional on the fake repository's input numbers."""

    def __init__(self, matches: FakeRepository) -> None:
        self.matches = matches
        self.clocks: dict[int, StoredClock] = {}
        self.writes = 0

    def load_clock(self, match_id: int) -> StoredClock | None:
        return self.clocks.get(match_id)

    def save_clock(self, match_id: int, clock: StoredClock) -> None:
        stored = self.matches.get_match(match_id)
        if stored.log_length != clock.seq:
            raise stale_clock(match_id, clock.seq)
        self.clocks[match_id] = clock
        self.writes += 1

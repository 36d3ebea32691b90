"""Each event's state in memory and its optimistic writes: the tournament service's base.

An event is the tournament layer's :class:`~rotation61.tournament.Event`: its entries,
its settings and the inputs stored so far, in order. Its state is the replay of those
inputs; each worker keeps every event's replayed state in memory (a 256-player double
elimination takes about a second to replay) and catches up with the inputs other
workers stored (one indexed query of the inputs after its own ``seq``) before it
reads or writes.

Writes are optimistic (:meth:`EventLog._submit`): the new inputs are played on the
remembered state, then stored only if the event still stands at that ``seq`` (else the
newer inputs are read, and the input is judged again on them). After every input of a
started event, the table queue (:func:`rotation61.tournament.next_calls`) calls the
ready matches to the free tables, each call with a new scorekeeper match (the table's
PIN); every called match the inputs decide is made final in the same transaction.
"""

from __future__ import annotations

import dataclasses
import secrets
import threading
from collections import OrderedDict
from collections.abc import Callable, Iterable, Mapping, Sequence
from datetime import UTC, datetime
from typing import Final, Protocol

from rotation61.rules import Seat
from rotation61.tournament import (
    Call,
    Event,
    EventState,
    InvalidEventError,
    Match,
    Status,
    next_calls,
    play,
)
from rotation61.tournament import Input as EventInput
from rotation61.web.adapters.matches import final_label
from rotation61.web.adapters.tournaments import (
    NewCall,
    StoredEntry,
    StoredEvent,
    StoredInput,
    TournamentRepository,
)
from rotation61.web.core.errors import (
    StaleInputError,
)
from rotation61.web.core.security import new_pin
from rotation61.web.services.headers import desk_header
from rotation61.web.services.matches import MatchService
from rotation61.web.services.tournament_model import (
    EventSettings,
    LiveEvent,
    loaded_entry,
)

# The event's settings and remembered state live in ``tournament_model``; their names
# are also this module's, as before.
__all__ = ["EVENTS_IN_MEMORY", "EventLog", "EventNotifier", "Make"]

_RETRIES: Final = 50
EVENTS_IN_MEMORY: Final = 64
"""Events kept in memory besides the running ones (the others are replayed when read)."""


class EventNotifier(Protocol):
    """Told that an event has new inputs (after the commit)."""

    def event_changed(self, event_id: int, seq: int) -> None:
        """Input ``seq`` of event ``event_id`` is stored."""
        ...


def _utc_now() -> str:
    return datetime.now(UTC).isoformat(timespec="milliseconds")


Make = Callable[[LiveEvent], list[EventInput]]
"""Builds the inputs to store from the current event (raises to refuse)."""


class EventLog:
    """Each event's state in memory over a repository, and its optimistic writes.

    Args:
        repository: where events are stored.
        matches: the scorekeeper (a called match's console scores a real match).
        notifiers: told of every stored input, after its commit (more join with
            :meth:`subscribe`).
        clock: the current time as ISO 8601 text.
        pin_factory: makes table PINs.
        seed_factory: makes the draw seed shown when an event is created without one.

    The use cases are :class:`~rotation61.web.services.tournaments.TournamentService`'s.
    """

    def __init__(
        self,
        repository: TournamentRepository,
        matches: MatchService,
        *,
        notifiers: Iterable[EventNotifier] = (),
        clock: Callable[[], str] = _utc_now,
        pin_factory: Callable[[], str] = new_pin,
        seed_factory: Callable[[], int] = lambda: secrets.randbelow(10**9),
    ) -> None:
        self._repo = repository
        self._matches = matches
        self._notifiers = tuple(notifiers)
        self._clock = clock
        self._pins = pin_factory
        self._seeds = seed_factory
        self._cache: OrderedDict[int, LiveEvent] = OrderedDict()
        self._lock = threading.Lock()
        self._event_locks: dict[int, threading.Lock] = {}

    def subscribe(self, notifier: EventNotifier) -> None:
        """Tell ``notifier`` too of every stored input from now on (at wiring time).

        For a notifier that reads this service (the spectators' streams).
        """
        with self._lock:
            self._notifiers = (*self._notifiers, notifier)

    def _announce(self, event_id: int, seq: int) -> None:
        with self._lock:
            notifiers = self._notifiers
        for notifier in notifiers:
            notifier.event_changed(event_id, seq)

    # --- Reading -----------------------------------------------------------------------

    def _event_lock(self, event_id: int) -> threading.Lock:
        with self._lock:
            return self._event_locks.setdefault(event_id, threading.Lock())

    def remembered(self, event_id: int) -> LiveEvent | None:
        """The remembered event, without any I/O (``None`` if not loaded yet)."""
        with self._lock:
            return self._cache.get(event_id)

    def remembered_all(self) -> list[LiveEvent]:
        """Every remembered event."""
        with self._lock:
            return list(self._cache.values())

    def event(self, event_id: int) -> LiveEvent:
        """The event now: the remembered state advanced by the inputs stored since.

        The first read of an event replays all its inputs.

        Raises:
            TournamentNotFoundError: no event has that number.
        """
        with self._event_lock(event_id):
            known = self.remembered(event_id)
            if known is None or not known.drawn:
                # Until the draw the entries and their version change: read them afresh.
                stored = self._repo.get_event(event_id)
                known = LiveEvent(
                    stored=stored,
                    settings=EventSettings.from_dict(stored.settings),
                    seq=0,
                    entries=(),
                    state=None,
                    refs={},
                )
                known = self._with_entries(known, self._repo.entries(event_id))
            inputs = self._repo.load_inputs(event_id, after=known.seq)
            if inputs:
                known = self._advance(known, inputs)
            self._remember(known)
            return known

    def _with_entries(self, live: LiveEvent, entries: Sequence[StoredEntry]) -> LiveEvent:
        state = None
        unfit = ""
        loaded = tuple(loaded_entry(e) for e in entries)
        if len(entries) >= 2:
            try:
                event = Event(
                    name=live.stored.name,
                    entries=loaded,
                    config=live.settings.config(),
                )
            except InvalidEventError as err:
                # The settings against the field (groups then knockout: each group of 2
                # or more, at least ``advance`` in each): not yet, while entries come in.
                unfit = str(err)
            else:
                state = EventState(event=event)
        names = {e.id: e.name for e in loaded}  # as the event holds them (fit to show)
        return dataclasses.replace(
            live, entries=tuple(entries), state=state, names=names, unfit=unfit
        )

    def _advance(self, live: LiveEvent, inputs: Sequence[StoredInput]) -> LiveEvent:
        state = live.state
        if state is None:  # pragma: no cover - a stored draw had two players or more
            raise InvalidEventError(f"event {live.stored.id} has inputs but no field")
        refs = dict(live.refs)
        for stored in inputs:
            state = play(state, stored.item)
            if stored.match_ref is not None and isinstance(stored.item, Call):
                refs[stored.item.match] = stored.match_ref
        return dataclasses.replace(live, state=state, seq=inputs[-1].seq, refs=refs)

    def _remember(self, live: LiveEvent) -> None:
        """Keep an event in memory: every running one, and the most recent others.

        Bounded: at most :data:`EVENTS_IN_MEMORY` events that are not running (drawn or
        finished ones, least recently used first out), plus every running event.
        """
        with self._lock:
            current = self._cache.get(live.stored.id)
            if current is None or current.seq <= live.seq:
                self._cache[live.stored.id] = live
            self._cache.move_to_end(live.stored.id)
            idle = [k for k, v in self._cache.items() if not (v.running and not v.finished)]
            for key in idle[: max(0, len(idle) - EVENTS_IN_MEMORY)]:
                del self._cache[key]
                lock = self._event_locks.get(key)
                if lock is not None and not lock.locked():
                    del self._event_locks[key]

    def list_events(self) -> list[StoredEvent]:
        """Every event, newest first."""
        return self._repo.list_events()

    def table_pins(self) -> dict[int, str]:
        """Every table's PIN."""
        return self._repo.table_pins()

    def table_pin(self, table: int) -> str | None:
        """A table's PIN (``None``: no such table)."""
        return self._repo.table_pins().get(table)

    def running_events(self) -> list[LiveEvent]:
        """The events with a match called and not finished, brought up to date."""
        out = []
        for stored in self._repo.list_events():
            if stored.log_length == 0:
                continue
            live = self.event(stored.id)
            if live.running and not live.finished:
                out.append(live)
        return out

    def table_now(self, table: int) -> tuple[LiveEvent, Match, int] | None:
        """What table ``table`` is playing now: the event, the match, its scorekeeper match."""
        for live in self.running_events():
            found = live.table_match(table)
            if found is not None:
                return live, found[0], found[1]
        return None

    def table_now_remembered(self, table: int) -> int | None:
        """The scorekeeper match playing on a table, from memory (no I/O)."""
        for live in self.remembered_all():
            found = live.table_match(table)
            if found is not None:
                return found[1]
        return None

    # --- Writing -----------------------------------------------------------------------

    def _submit(
        self,
        event_id: int,
        make: Make,
        *,
        draw: bool = False,
        lengths: Mapping[int, int] | None = None,
    ) -> LiveEvent:
        """Judge the inputs on the current state, add the queue's calls, store, announce.

        Every called match that the new inputs decide (a result from its table, the
        desk's result, a walkover, a withdrawal) has its scorekeeper match made final
        in the same transaction: after it, the table's console takes no more inputs.
        ``lengths`` gives, for a table's result, the input whose end it is; if the
        match has moved past it, nothing is stored and the inputs are made again.
        """
        for _ in range(_RETRIES):
            live = self.event(event_id)
            items = make(live)
            if live.state is None:
                raise InvalidEventError(f"event {event_id} has fewer than two players")
            state = live.state
            calls: list[tuple[EventInput, NewCall | None]] = []
            starting = not state.started
            table_pins = self._table_pins(live, fresh=starting)
            for item in items:
                state = play(state, item)
                new_call = (
                    self._new_call(live, state, item, table_pins)
                    if isinstance(item, Call)
                    else None
                )
                calls.append((item, new_call))
            if state.started:
                for call in next_calls(state):
                    state = play(state, call)
                    calls.append((call, self._new_call(live, state, call, table_pins)))
            if not calls:
                return live
            finals = self._finals(live, state, lengths or {})
            pins = self._rotated_pins(live, state, starting, table_pins)
            try:
                stored = self._repo.append(
                    event_id,
                    live.seq,
                    calls,
                    created_at=self._clock(),
                    entries_version=live.stored.entries_version if draw else None,
                    finals=finals,
                    pins=pins,
                )
            except StaleInputError:
                continue
            finally:
                for ref, _length, _label in finals:
                    self._matches.forget(ref)
            refs = dict(live.refs)
            for row in stored:
                if row.match_ref is not None and isinstance(row.item, Call):
                    refs[row.item.match] = row.match_ref
            new = dataclasses.replace(live, state=state, seq=stored[-1].seq, refs=refs)
            if draw:
                new = dataclasses.replace(
                    new, stored=dataclasses.replace(live.stored, log_length=new.seq)
                )
            self._remember(new)
            self._announce(event_id, new.seq)
            return new
        raise StaleInputError(f"event {event_id} is too busy: try again")

    def _finals(
        self, live: LiveEvent, state: EventState, lengths: Mapping[int, int]
    ) -> list[tuple[int, int, str]]:
        """The scorekeeper matches the new state decides: (match, its inputs, label)."""
        if live.state is None:
            return []
        out: list[tuple[int, int, str]] = []
        for match in live.state.matches:
            ref = live.refs.get(match.id)
            if ref is None or match.status is not Status.PLAYING:
                continue
            if not state.match(match.id).decided:
                continue
            length = lengths.get(ref)
            if length is None:
                length = self._matches.board(ref)[1].length
            out.append((ref, length, final_label(live.stored.id, match.id)))
        return out

    def _table_pins(self, live: LiveEvent, *, fresh: bool) -> dict[int, str]:
        """The PINs the event's tables have now, or (as it starts) new ones."""
        tables = range(1, live.settings.tables + 1)
        if fresh:
            return {table: self._pins() for table in tables}
        pins = self._repo.table_pins()
        return {table: pins.get(table) or self._pins() for table in tables}

    def _rotated_pins(
        self, live: LiveEvent, state: EventState, starting: bool, pins: dict[int, str]
    ) -> dict[int, str]:
        """The table PINs to store with the inputs: per event, so sessions end with it.

        As an event starts its tables get new PINs (yesterday's table cookies no longer
        open today's consoles); as it finishes they get new ones again, so its table
        sessions end with it.
        """
        if starting and state.started:
            return pins
        if state.finished and not (live.state is not None and live.state.finished):
            return {table: self._pins() for table in pins}
        return {}

    def _new_call(
        self, live: LiveEvent, state: EventState, call: Call, pins: Mapping[int, str]
    ) -> NewCall:
        match = state.match(call.match)
        pin = pins.get(int(call.table)) or self._pins()
        names = (live.name_of(match.players[0]), live.name_of(match.players[1]))
        header = desk_header(
            players=names,
            race_to=match.race,
            preset=live.settings.preset,
            overrides={},
            first_breaker=Seat.A,
            table_name=call.table,
            tags={"event": live.stored.name, "round": match.id},
        )
        return NewCall(header=header, pin=pin)
